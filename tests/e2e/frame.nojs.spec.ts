import { expect, test, type APIRequestContext, type Locator, type Page } from "./fixtures";
import { site } from "../../app/content/site";
import { viewports } from "./support";

/**
 * The public page frame (docs/behaviour.md#frame): fixed top bar on wide screens, bottom tab bar on small ones,
 * exact-match active entry, Contact in both bars, and the footer. The frame is server markup and styles, the same
 * with JavaScript on, so it is checked here once; what scripts change (Contact opens the modal, client-side
 * navigation moving the active entry, the inlined styles kept) is in frame.js.spec.ts and contact.js.spec.ts.
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

/** The footer's blurb, social links, quick links, legal links and this year's copyright, all visible. */
async function expectFooter(page: Page) {
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
}

test("wide screens (1280×800): the fixed top bar with the exact-match active entry, its links and Contact, the footer and its legal links", async ({
  page,
  request,
}) => {
  test.slow();
  await page.setViewportSize(viewports.wide);

  await test.step("the top bar is fixed at the top with the four navigation entries; the tab bar is hidden", async () => {
    await page.goto("/privacy");
    const header = topBar(page);
    await expect(header).toBeVisible();
    expect(await position(header)).toBe("fixed");
    await expect(topNav(page)).toBeVisible();
    await expectLinks(topNav(page).getByRole("link"), NAV);
    await expect(bottomBar(page)).toBeHidden();
    await expectActive(topNav(page), null);

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

  await test.step("the top bar's entries navigate and move the active entry, the exact match of the current path", async () => {
    await topNav(page).getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectActive(topNav(page), "About");
    await topNav(page).getByRole("link", { name: "Home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expectActive(topNav(page), "Home");
    await page.goto("/about?from=e2e");
    await expectActive(topNav(page), "About");
    await page.goto(await caseStudyPath(request));
    await expectActive(topNav(page), null);
  });

  await test.step("the footer has the blurb, social links, quick links, legal links and this year's copyright", async () => {
    await expectFooter(page);
  });

  await test.step("the top bar's Contact is a link to /contact", async () => {
    const contact = contactIn(topBar(page));
    await expect(contact).toBeVisible();
    await expect(contact).toHaveAttribute("href", "/contact");
    await contact.click();
    await expect(page).toHaveURL(/\/contact$/);
  });

  await test.step("the footer's legal links open the legal pages", async () => {
    const legal = page.getByRole("contentinfo").getByRole("navigation", { name: "Legal" });
    for (const [name, href] of LEGAL_LINKS) {
      await legal.getByRole("link", { name }).click();
      await expect(page).toHaveURL(new RegExp(`${href}$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    }
  });
});

test("small screens (390×844): the tab bar fixed at the bottom with the exact-match active tab, its links and Contact, the footer above it", async ({
  page,
  request,
}) => {
  test.slow();
  await page.setViewportSize(viewports.small);

  await test.step("the tab bar is fixed at the bottom with the four entries and Contact; the top links are hidden", async () => {
    await page.goto("/terms");
    const tabs = bottomBar(page);
    await expect(tabs).toBeVisible();
    expect(await position(tabs)).toBe("fixed");
    await expectLinks(tabs.getByRole("link").filter({ hasNotText: "Contact" }), NAV);
    await expect(contactIn(tabs)).toBeVisible();
    await expectActive(tabs, null);

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

  await test.step("the tabs navigate and move the active entry, the exact match of the current path", async () => {
    await bottomBar(page).getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expectActive(bottomBar(page), "About");
    await bottomBar(page).getByRole("link", { name: "Home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expectActive(bottomBar(page), "Home");
    await page.goto(await caseStudyPath(request));
    await expectActive(bottomBar(page), null);
  });

  await test.step("the footer's links show on a phone too", async () => {
    await expectFooter(page);
  });

  await test.step("the tab bar's Contact is a link to /contact", async () => {
    const contact = contactIn(bottomBar(page));
    await expect(contact).toHaveAttribute("href", "/contact");
    await contact.click();
    await expect(page).toHaveURL(/\/contact$/);
  });
});

// The break between the two bars is the medium width (Tailwind's md, 768 px).
test("just below the medium width (767×800) the tab bar shows, at it (768×800) the top navigation", async ({ page }) => {
  await page.setViewportSize({ width: 767, height: 800 });
  await page.goto("/about");
  await expect(bottomBar(page)).toBeVisible();
  await expectLinks(bottomBar(page).getByRole("link").filter({ hasNotText: "Contact" }), NAV);
  await expect(contactIn(bottomBar(page))).toBeVisible();
  await expect(topNav(page)).toBeHidden();
  await expect(contactIn(topBar(page))).toHaveCount(0);

  await page.setViewportSize({ width: 768, height: 800 });
  await expect(topNav(page)).toBeVisible();
  await expectLinks(topNav(page).getByRole("link"), NAV);
  await expect(contactIn(topBar(page))).toBeVisible();
  expect(await position(topBar(page))).toBe("fixed");
  await expect(bottomBar(page)).toBeHidden();
});

test("a page not found answers 404 inside the frame with a title, with the top bar on a wide screen and the tab bar on a phone", async ({
  page,
}) => {
  await page.setViewportSize(viewports.wide);
  const response = await page.goto("/about/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle(`Page not found | ${site.name}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  await expect(page.getByText("The page you are looking for does not exist or has moved.")).toBeVisible();
  await expect(topBar(page).getByRole("link", { name: site.name })).toBeVisible();
  await expectLinks(topNav(page).getByRole("link"), NAV);
  await expectActive(topNav(page), null);
  await expect(page.getByRole("contentinfo").getByRole("navigation", { name: "Legal" })).toBeVisible();

  await page.setViewportSize(viewports.small);
  await expectLinks(bottomBar(page).getByRole("link").filter({ hasNotText: "Contact" }), NAV);

  // Other unknown addresses, and a form posted to one, get the same page: its status and frame are in the answer.
  for (const [method, path] of [
    ["GET", "/no-such-page"],
    ["GET", "/case-studies/no-such-study/more"],
    ["POST", "/no-such-page"],
  ] as const) {
    const answer = await page.request.fetch(path, { method, form: method === "POST" ? { anything: "1" } : undefined });
    expect(answer.status(), `${method} ${path}`).toBe(404);
    const html = await answer.text();
    expect(html).toContain(`<title>Page not found | ${site.name}</title>`);
    expect(html).toContain('<nav aria-label="Main"');
  }
});
