import { expect, test, type Page } from "./fixtures";
import { services } from "../../app/content/services";
import { site } from "../../app/content/site";
import { viewports } from "./support";

// Without JavaScript the list is plain links and nothing rotates, so no rotation controls show. Each service's
// details and the page's metadata are the same markup with JavaScript on (the explorer only changes which one is
// selected), so they are checked here once, at one width (the details' layout is checked with axe in services.spec.ts).

const serviceList = (page: Page) => page.getByRole("navigation", { name: "Services" });

const names = [
  "Custom Software Development",
  "Website Development",
  "Application Development",
  "Video Editing",
  "Digital Marketing",
  "Graphic Design",
  "UI/UX Design",
];

test.describe("services page without JavaScript (a phone)", () => {
  test.use({ viewport: viewports.small });

  test("a list link loads the page with that service, and no rotation controls show", async ({ page }) => {
    await page.goto("/services");
    await expect(page.getByRole("progressbar")).toHaveCount(0);
    await expect(page.getByRole("button", { name: /Pause|Resume/ })).toHaveCount(0);
    await page.getByRole("navigation", { name: "Services" }).getByRole("link", { name: "Application Development" }).click();
    await expect(page).toHaveURL(/\/services\?service=application-development$/);
    await expect(page.locator("main section[data-selected]").getByRole("heading", { level: 2 })).toHaveText("Application Development");
    // Only the chosen service's details are on screen, fully opaque.
    await expect(page.locator("main section[data-selected]")).toHaveCSS("opacity", "1");
    await expect(page.getByRole("link", { name: /^Get Started/ })).toHaveCount(1);
  });

  test("each service's page shows its details", async ({ page }) => {
    test.slow();
    for (const service of services) {
      await test.step(`?service=${service.slug} shows ${service.title}: descriptions, key benefits, technologies${service.industries ? ", industry focus" : ""}${service.keywords ? ", keywords in its meta only" : ""}`, async () => {
        await page.goto(`/services?service=${service.slug}`);
        const panel = page.getByRole("region", { name: service.title, exact: true });
        await expect(panel.getByRole("heading", { level: 2 })).toHaveText(service.title);
        await expect(serviceList(page).locator('[aria-current="true"]')).toHaveText(service.title);
        await expect(panel.getByText(service.shortDescription)).toBeVisible();
        await expect(panel.getByText(service.description)).toBeVisible();
        await expect(panel.getByRole("heading", { level: 3, name: "Key benefits" })).toBeVisible();
        await expect(
          panel.getByRole("heading", { level: 3, name: "Key benefits" }).locator("xpath=following-sibling::ul[1]/li"),
        ).toHaveText([...service.benefits]);
        await expect(panel.getByRole("heading", { level: 3, name: "Technologies" })).toBeVisible();
        await expect(
          panel.getByRole("heading", { level: 3, name: "Technologies" }).locator("xpath=following-sibling::ul[1]/li"),
        ).toHaveText([...service.technologies]);
        await expect(panel.getByRole("heading", { level: 3, name: "Industry focus" })).toHaveCount(service.industries ? 1 : 0);
        if (service.industries) {
          await expect(
            panel.getByRole("heading", { level: 3, name: "Industry focus" }).locator("xpath=following-sibling::ul[1]/li"),
          ).toHaveText([...service.industries]);
        }
        // Keywords are for search engines: in the page's meta, never shown.
        await expect(page.getByText("Keywords", { exact: true })).toHaveCount(0);
        if (service.keywords) {
          await expect(page.locator('meta[name="keywords"]')).toHaveAttribute("content", service.keywords.join(", "));
          await expect(page.getByText(service.keywords[0]!, { exact: true })).toHaveCount(0);
        } else await expect(page.locator('meta[name="keywords"]')).toHaveCount(0);
      });
    }
  });
});

test.describe("services page metadata (a phone)", () => {
  test.use({ viewport: viewports.small });

  test("sets title, description, canonical URL and Open Graph tags", async ({ page }) => {
    await page.goto("/services");
    const origin = new URL(page.url()).origin;
    await expect(page).toHaveTitle(`Services | ${site.name}`);
    // Made from the stored services' titles, so it follows an admin's edits.
    const description = /^Custom Software Development, Website Development, .* and UI\/UX Design: explore what .+ can build for you\.$/;
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", description);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${origin}/services`);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", `Services | ${site.name}`);
    await expect(page.locator('meta[property="og:description"]')).toHaveAttribute("content", description);
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", `${origin}/services`);
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "website");
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /^http/);
  });

  test("a selected service has its own title, description and canonical URL; an unknown one does not", async ({ page }) => {
    const service = services.find((entry) => entry.slug === "ui-ux-design")!;
    await page.goto("/services?service=ui-ux-design");
    const origin = new URL(page.url()).origin;
    await expect(page).toHaveTitle(`UI/UX Design | Services | ${site.name}`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", service.shortDescription);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${origin}/services?service=ui-ux-design`);
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", `${origin}/services?service=ui-ux-design`);

    await page.goto("/services?service=nope");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${origin}/services`);
  });

  test("has JSON-LD structured data: an ItemList of the 7 services with the studio as provider", async ({ page }) => {
    await page.goto("/services");
    const origin = new URL(page.url()).origin;
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const list = blocks.map((text) => JSON.parse(text) as Record<string, unknown>).find((data) => data["@type"] === "ItemList") as
      { "@context": string; itemListElement: { position: number; item: Record<string, unknown> }[] } | undefined;
    expect(list?.["@context"]).toBe("https://schema.org");
    expect(list?.itemListElement.map((entry) => entry.position)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(list?.itemListElement.map((entry) => entry.item.name)).toEqual(names);
    for (const [i, entry] of (list?.itemListElement ?? []).entries()) {
      expect(entry.item).toMatchObject({
        "@type": "Service",
        description: services[i]!.description,
        url: `${origin}/services?service=${services[i]!.slug}`,
        provider: { "@type": "Organization", name: site.name, url: `${origin}/` },
      });
    }
  });
});
