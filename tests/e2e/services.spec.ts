import { expect, test, type Page } from "./fixtures";
import { getStartedMessage } from "../../app/domain/page-content";
import { services } from "../../app/content/services";
import { site } from "../../app/content/site";
import { expectNoAxeViolations, stopTime, viewports } from "./support";

// The Services page with JavaScript on and off: links, Get Started, metadata, accessibility. Each service's
// details, server markup no script changes, are checked once in services.nojs.spec.ts.

const names = [
  "Custom Software Development",
  "Website Development",
  "Application Development",
  "Video Editing",
  "Digital Marketing",
  "Graphic Design",
  "UI/UX Design",
];

const serviceList = (page: Page) => page.getByRole("navigation", { name: "Services" });
const shownService = (page: Page) => page.locator("main section[data-selected]").getByRole("heading", { level: 2 });

/** The studio's WhatsApp chat link, as the footer shows it (https://wa.me/<digits>). */
async function whatsAppBase(page: Page) {
  const href = await page.getByRole("contentinfo").getByRole("link", { name: "WhatsApp" }).getAttribute("href");
  expect(href).toMatch(/^https:\/\/wa\.me\/\d+$/);
  return href!;
}

for (const [size, viewport] of Object.entries(viewports)) {
  test.describe(`services page (${size} viewport)`, () => {
    test.use({ viewport });

    test("has no axe violations", async ({ page }) => {
      test.slow();
      await page.goto("/services");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test("has no axe violations with a service selected", async ({ page }) => {
      test.slow();
      await page.goto("/services?service=graphic-design");
      await expect(shownService(page)).toHaveText("Graphic Design");
      await expectNoAxeViolations(page);
    });

    test("lists the 7 services, each a link to ?service=<slug>, the first one selected", async ({ page, javaScriptEnabled }) => {
      await stopTime(page, javaScriptEnabled);
      const response = await page.goto("/services");
      expect(response?.status()).toBe(200);
      const links = serviceList(page).getByRole("link");
      await expect(links).toHaveText(names);
      for (const service of services) {
        await expect(serviceList(page).getByRole("link", { name: service.title, exact: true })).toHaveAttribute(
          "href",
          `/services?service=${service.slug}`,
        );
      }
      await expect(serviceList(page).locator('[aria-current="true"]')).toHaveText(names[0]!);
      await expect(shownService(page)).toHaveText(names[0]!);
    });

    test("an unknown ?service= shows the first service", async ({ page, javaScriptEnabled }) => {
      await stopTime(page, javaScriptEnabled);
      const response = await page.goto("/services?service=no-such-service");
      expect(response?.status()).toBe(200);
      await expect(shownService(page)).toHaveText(names[0]!);
    });

    test("choosing a service in the list shows it", async ({ page, javaScriptEnabled }) => {
      await stopTime(page, javaScriptEnabled);
      await page.goto("/services");
      await serviceList(page).getByRole("link", { name: "Video Editing" }).click();
      await expect(shownService(page)).toHaveText("Video Editing");
      await expect(serviceList(page).locator('[aria-current="true"]')).toHaveText("Video Editing");
      await serviceList(page).getByRole("link", { name: "UI/UX Design" }).click();
      await expect(shownService(page)).toHaveText("UI/UX Design");
    });

    test("Get Started opens a WhatsApp chat in a new tab, prefilled with the chosen service", async ({ page, javaScriptEnabled }) => {
      await stopTime(page, javaScriptEnabled);
      await page.goto("/services?service=digital-marketing");
      const base = await whatsAppBase(page);
      const getStarted = page.getByRole("link", { name: /^Get Started/ });
      await expect(getStarted).toHaveCount(1);
      const service = services.find((entry) => entry.slug === "digital-marketing")!;
      await expect(getStarted).toHaveAttribute("href", `${base}?text=${encodeURIComponent(getStartedMessage(site.name, service))}`);
      await expect(getStarted).toHaveAttribute("href", /text=[^&]*Digital%20Marketing/);
      await expect(getStarted).toHaveAttribute("target", "_blank");
      await expect(getStarted).toHaveAttribute("rel", "noopener noreferrer");

      await serviceList(page).getByRole("link", { name: "Website Development" }).click();
      const selected = page.locator("main section[data-selected]");
      await expect(selected.getByRole("heading", { level: 2 })).toHaveText("Website Development");
      await expect(selected.getByRole("link", { name: /^Get Started/ })).toHaveAttribute("href", /text=[^&]*Website%20Development/);
      // Once the previous service has faded out, one Get Started link is left.
      await expect(page.getByRole("link", { name: /^Get Started/ })).toHaveCount(1);
    });
  });
}

test.describe("services page metadata", () => {
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
