import { expect, test, type APIRequestContext, type Locator, type Page } from "./fixtures";
import { site } from "../../app/content/site";
import { viewports } from "./support";

/**
 * The public page frame (docs/behaviour.md#frame): fixed top bar on wide screens, bottom tab bar on small ones,
 * exact-match active entry, Contact in both bars, and the footer. Runs with JavaScript on and off.
 */

type Entry = readonly [name: string, href: string];
const NAV: readonly Entry[] = [
  ["Home", "/"],
  ["Services", "/services"],
  ["About", "/about"],
  ["Case Studies", "/case-studies"],
];
const QUICK_LINKS: readonly Entry[] = [
  ["Home", "/"],
  ["About", "/about"],
  ["Services", "/services"],
  ["Contact", "/contact"],
];
const LEGAL_LINKS: readonly Entry[] = [
  ["Privacy Policy", "/privacy"],
  ["Terms of Service", "/terms"],
  ["Disclaimer", "/disclaimer"],
];

const topBar = (page: Page) => page.getByRole("banner");
const topNav = (page: Page) => topBar(page).getByRole("navigation", { name: "Main", includeHidden: true });
/** The tab bar: the main navigation that is not part of the top bar. */
const bottomBar = (page: Page) => page.locator('nav[aria-label="Main"]:not(header nav)');
const contactIn = (scope: Locator) =>
  scope.getByRole("link", { name: "Contact", exact: true }).or(scope.getByRole("button", { name: "Contact", exact: true }));

/** Fails unless `links` are exactly these visible links, in this order. */
async function expectLinks(links: Locator, entries: readonly Entry[]) {
  await expect(links).toHaveCount(entries.length);
  for (const [index, [name, href]] of entries.entries()) {
    await expect(links.nth(index)).toHaveAccessibleName(name);
    await expect(links.nth(index)).toHaveText(name);
    await expect(links.nth(index)).toHaveAttribute("href", href);
  }
}

/** Fails unless exactly the entry named `active` (or none) carries aria-current="page". */
async function expectActive(nav: Locator, active: string | null) {
  for (const [name] of NAV) {
    const link = nav.getByRole("link", { name, exact: true });
    if (name === active) await expect(link).toHaveAttribute("aria-current", "page");
    else await expect(link).not.toHaveAttribute("aria-current", "page");
  }
  await expect(nav.locator('[aria-current="page"]')).toHaveCount(active ? 1 : 0);
}

async function position(locator: Locator) {
  return locator.evaluate((element) => getComputedStyle(element).position);
}

async function scrollTo(page: Page, y: number) {
  await page.evaluate((top) => window.scrollTo(0, top), y);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
}

/** The address of one published case study, from the sitemap. */
async function caseStudyPath(request: APIRequestContext): Promise<string> {
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  const match = /<loc>https?:\/\/[^<]*?(\/case-studies\/[^<\s/]+)<\/loc>/.exec(await response.text());
  expect(match, "the sitemap lists at least one case study").not.toBeNull();
  return match![1]!;
}

test.describe("wide screens (1280×800)", () => {
  test.use({ viewport: viewports.wide });

  test("the top bar is fixed at the top with the four navigation entries; the tab bar is hidden", async ({ page }) => {
    await page.goto("/privacy");
    const header = topBar(page);
    await expect(header).toBeVisible();
    expect(await position(header)).toBe("fixed");
    await expect(topNav(page)).toBeVisible();
    await expectLinks(topNav(page).getByRole("link"), NAV);
    await expect(bottomBar(page)).toBeHidden();

    // The content starts below the bar, not under it.
    const bar = (await header.boundingBox())!;
    const heading = (await page.getByRole("heading", { level: 1 }).boundingBox())!;
    expect(heading.y).toBeGreaterThanOrEqual(bar.y + bar.height);

    // It stays at the top while the page scrolls.
    await scrollTo(page, 1500);
    const scrolled = (await header.boundingBox())!;
    expect(scrolled.y).toBe(0);
    await expect(topNav(page).getByRole("link", { name: "About" })).toBeInViewport();
  });

  test("the active entry is the exact match of the current path", async ({ page, request }) => {
    await page.goto("/");
    await expectActive(topNav(page), "Home");
    await page.goto("/about");
    await expectActive(topNav(page), "About");
    await page.goto("/about?from=e2e");
    await expectActive(topNav(page), "About");
    await page.goto("/privacy");
    await expectActive(topNav(page), null);
    await page.goto(await caseStudyPath(request));
    await expectActive(topNav(page), null);
  });

  test("the top bar has a Contact button leading to /contact", async ({ page, javaScriptEnabled }) => {
    await page.goto("/about");
    const contact = contactIn(topBar(page));
    await expect(contact).toBeVisible();
    if (!javaScriptEnabled) {
      // Without JavaScript it is a plain link to the contact page.
      await expect(contact).toHaveAttribute("href", "/contact");
      await contact.click();
      await expect(page).toHaveURL(/\/contact$/);
    }
  });

  test("the top bar's entries navigate and move the active entry", async ({ page }) => {
    await page.goto("/privacy");
    await topNav(page).getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectActive(topNav(page), "About");
    await topNav(page).getByRole("link", { name: "Home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expectActive(topNav(page), "Home");
  });
});

test.describe("small screens (390×844)", () => {
  test.use({ viewport: viewports.small });

  test("the tab bar is fixed at the bottom with the four entries and Contact; the top links are hidden", async ({ page }) => {
    await page.goto("/privacy");
    const tabs = bottomBar(page);
    await expect(tabs).toBeVisible();
    expect(await position(tabs)).toBe("fixed");
    await expectLinks(tabs.getByRole("link").filter({ hasNotText: "Contact" }), NAV);
    await expect(contactIn(tabs)).toBeVisible();

    // The top bar keeps the studio's name but none of the navigation links or its Contact button.
    await expect(topBar(page).getByRole("link", { name: site.name })).toBeVisible();
    await expect(topNav(page)).toBeHidden();
    for (const [name] of NAV) await expect(topBar(page).getByRole("link", { name, exact: true })).toHaveCount(0);
    await expect(contactIn(topBar(page))).toHaveCount(0);

    const viewportHeight = viewports.small.height;
    const atTop = (await tabs.boundingBox())!;
    expect(Math.round(atTop.y + atTop.height)).toBe(viewportHeight);
    await scrollTo(page, 1500);
    const scrolled = (await tabs.boundingBox())!;
    expect(Math.round(scrolled.y + scrolled.height)).toBe(viewportHeight);

    // At the very end of the page the copyright line is not hidden behind the bar.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const copyright = (await page.getByRole("contentinfo").getByText(/©/).boundingBox())!;
    const bar = (await tabs.boundingBox())!;
    expect(copyright.y + copyright.height).toBeLessThanOrEqual(bar.y);
  });

  test("the active tab is the exact match of the current path", async ({ page, request }) => {
    await page.goto("/");
    await expectActive(bottomBar(page), "Home");
    await page.goto("/about");
    await expectActive(bottomBar(page), "About");
    await page.goto("/terms");
    await expectActive(bottomBar(page), null);
    await page.goto(await caseStudyPath(request));
    await expectActive(bottomBar(page), null);
  });

  test("the tab bar has a Contact button leading to /contact", async ({ page, javaScriptEnabled }) => {
    await page.goto("/");
    const contact = contactIn(bottomBar(page));
    await expect(contact).toBeVisible();
    if (!javaScriptEnabled) {
      await expect(contact).toHaveAttribute("href", "/contact");
      await contact.click();
      await expect(page).toHaveURL(/\/contact$/);
    }
  });

  test("the tabs navigate and move the active entry", async ({ page }) => {
    await page.goto("/disclaimer");
    await bottomBar(page).getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expectActive(bottomBar(page), "About");
    await bottomBar(page).getByRole("link", { name: "Home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expectActive(bottomBar(page), "Home");
  });
});

// The break between the two bars is the medium width (Tailwind's md, 768 px).
test.describe("just below the medium width (767×800)", () => {
  test.use({ viewport: { width: 767, height: 800 } });

  test("the bottom tab bar, with Contact, is visible and the top navigation is hidden", async ({ page }) => {
    await page.goto("/about");
    await expect(bottomBar(page)).toBeVisible();
    await expectLinks(bottomBar(page).getByRole("link").filter({ hasNotText: "Contact" }), NAV);
    await expect(contactIn(bottomBar(page))).toBeVisible();
    await expect(topNav(page)).toBeHidden();
    await expect(contactIn(topBar(page))).toHaveCount(0);
  });
});

test.describe("at the medium width (768×800)", () => {
  test.use({ viewport: { width: 768, height: 800 } });

  test("the fixed top navigation, with Contact, is visible and the bottom tab bar is hidden", async ({ page }) => {
    await page.goto("/about");
    await expect(topNav(page)).toBeVisible();
    await expectLinks(topNav(page).getByRole("link"), NAV);
    await expect(contactIn(topBar(page))).toBeVisible();
    expect(await position(topBar(page))).toBe("fixed");
    await expect(bottomBar(page)).toBeHidden();
  });
});

for (const [label, viewport] of Object.entries(viewports)) {
  test.describe(`footer (${label} screens)`, () => {
    test.use({ viewport });

    test("has the blurb, social links, quick links, legal links and this year's copyright", async ({ page }) => {
      await page.goto("/about");
      const footer = page.getByRole("contentinfo");
      await expect(footer.getByText(site.blurb, { exact: true })).toBeVisible();

      const social: readonly [string, RegExp][] = [
        ["LinkedIn", /^https:\/\/(www\.)?linkedin\.com\/.+/],
        ["Facebook", /^https:\/\/(www\.)?facebook\.com\/.+/],
        ["Instagram", /^https:\/\/(www\.)?instagram\.com\/.+/],
        ["WhatsApp", /^https:\/\/wa\.me\/\d{7,15}$/],
        ["Email", /^mailto:[^@\s]+@[^@\s]+\.[a-z]+$/],
      ];
      for (const [name, href] of social) {
        const link = footer.getByRole("link", { name, exact: true });
        await expect(link).toBeVisible();
        await expect(link).toHaveAttribute("href", href);
        if (name !== "Email") {
          await expect(link).toHaveAttribute("target", "_blank");
          await expect(link).toHaveAttribute("rel", /noopener/);
        }
      }

      await expectLinks(footer.getByRole("navigation", { name: "Quick links" }).getByRole("link"), QUICK_LINKS);
      await expectLinks(footer.getByRole("navigation", { name: "Legal" }).getByRole("link"), LEGAL_LINKS);

      const year = new Date().getFullYear();
      const copyright = footer.getByText(new RegExp(`©\\s*${year}\\b`));
      await expect(copyright).toBeVisible();
      await expect(copyright).toContainText(site.name);
    });
  });
}

test("the footer's legal links open the legal pages", async ({ page }) => {
  await page.goto("/");
  const legal = page.getByRole("contentinfo").getByRole("navigation", { name: "Legal" });
  for (const [name, href] of LEGAL_LINKS) {
    await legal.getByRole("link", { name }).click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  }
});

test.describe("error pages (1280×800)", () => {
  test.use({ viewport: viewports.wide });

  for (const path of ["/no-such-page", "/about/no-such-page", "/case-studies/no-such-study/more"]) {
    test(`${path} answers 404 inside the frame, with a title`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page).toHaveTitle(`Page not found | ${site.name}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
      await expect(page.getByText("The page you are looking for does not exist or has moved.")).toBeVisible();
      await expect(topBar(page).getByRole("link", { name: site.name })).toBeVisible();
      await expectLinks(topNav(page).getByRole("link"), NAV);
      await expectActive(topNav(page), null);
      await expect(page.getByRole("contentinfo").getByRole("navigation", { name: "Legal" })).toBeVisible();
    });
  }

  test("a form posted to an unknown address answers 404 inside the frame", async ({ page }) => {
    const response = await page.request.post("/no-such-page", { form: { anything: "1" } });
    expect(response.status()).toBe(404);
    const html = await response.text();
    expect(html).toContain(`<title>Page not found | ${site.name}</title>`);
    expect(html).toContain('<nav aria-label="Main"');
  });
});

test.describe("error pages (390×844)", () => {
  test.use({ viewport: viewports.small });

  test("a 404 keeps the tab bar", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle(`Page not found | ${site.name}`);
    await expectLinks(bottomBar(page).getByRole("link").filter({ hasNotText: "Contact" }), NAV);
  });
});
