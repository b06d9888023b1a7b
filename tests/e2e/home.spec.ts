import { expect, test, type Page } from "./fixtures";
import { processSteps } from "../../app/content/process";
import { services, teaserServiceSlugs } from "../../app/content/services";
import { site } from "../../app/content/site";
import { testimonials } from "../../app/content/testimonials";
import { expectNoAxeViolations, stopTime, viewports } from "./support";

// The home page with JavaScript on and off: content, links, metadata and accessibility. The hero and the tagline
// band, server markup and CSS no script changes, are checked once in home.nojs.spec.ts.

const region = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

for (const [size, viewport] of Object.entries(viewports)) {
  test.describe(`home page (${size} viewport)`, () => {
    test.use({ viewport });

    test("has no axe violations", async ({ page }) => {
      test.slow();
      await page.goto("/");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test("the our-services button opens /services", async ({ page }) => {
      await page.goto("/");
      await region(page, "We design, build and grow digital products.").getByRole("link", { name: "Our services" }).click();
      await expect(page).toHaveURL(/\/services$/);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    });

    test("the services teaser has 4 cards linking to /services", async ({ page }) => {
      await page.goto("/");
      const teaser = region(page, "Services built around your goals");
      const cards = teaser.getByRole("listitem");
      await expect(cards).toHaveCount(4);
      const expected = teaserServiceSlugs.map((slug) => services.find((service) => service.slug === slug)!);
      await expect(cards.getByRole("heading", { level: 3 })).toHaveText(expected.map((service) => service.title));
      for (const service of expected) {
        await expect(cards.getByRole("link", { name: service.title })).toHaveAttribute("href", `/services?service=${service.slug}`);
        await expect(teaser.getByText(service.shortDescription)).toBeVisible();
      }
      await expect(teaser.getByRole("link", { name: "View all services" })).toHaveAttribute("href", "/services");

      await cards.getByRole("link", { name: expected[1]!.title }).click();
      await expect(page).toHaveURL(new RegExp(`/services\\?service=${expected[1]!.slug}$`));
      await expect(page.getByRole("heading", { level: 2, name: expected[1]!.title })).toBeVisible();
    });

    test("the process section shows the 6 steps in order, the first one active", async ({ page, javaScriptEnabled }) => {
      await stopTime(page, javaScriptEnabled);
      await page.goto("/");
      const process = region(page, "A clear process from idea to launch");
      const steps = process.getByRole("listitem");
      await expect(steps).toHaveCount(6);
      await expect(steps.getByRole("heading", { level: 3 })).toHaveText(
        ["Discovery", "Planning", "Design", "Development", "Testing", "Launch"].map((title, i) => `Step ${i + 1}: ${title}`),
      );
      for (const step of processSteps) await expect(process.getByText(step.description)).toBeVisible();
      await expect(process.locator('[aria-current="step"]')).toHaveCount(1);
      await expect(process.locator('[aria-current="step"]')).toContainText("Discovery");
    });

    test("the testimonials section features the first of the 5 clients, rated 5 stars", async ({ page, javaScriptEnabled }) => {
      await stopTime(page, javaScriptEnabled);
      await page.goto("/");
      const section = region(page, "What our clients say");
      const featured = section.getByRole("figure").first();
      await expect(featured).toContainText(testimonials[0]!.name);
      await expect(featured).toContainText(`${testimonials[0]!.role}, ${testimonials[0]!.company}`);
      await expect(featured).toContainText(testimonials[0]!.quote);
      await expect(featured.getByRole("img", { name: "Rated 5 out of 5 stars" })).toBeVisible();
      // Every testimonial is on the page, each with its avatar and a 5-star rating.
      await expect(section.locator("figure")).toHaveCount(5);
      await expect(section.locator("figure img[src^='/images/testimonials/']")).toHaveCount(5);
      await expect(section.locator('figure [role="img"][aria-label="Rated 5 out of 5 stars"]')).toHaveCount(5);
      for (const testimonial of testimonials) {
        const response = await page.request.get(testimonial.avatar);
        expect(response.status(), testimonial.avatar).toBe(200);
        expect(response.headers()["content-type"]).toBe("image/webp");
      }
    });

    test("images have a size and the ones below the fold load lazily", async ({ page }) => {
      await page.goto("/");
      const images = page.locator("main img");
      const count = await images.count();
      expect(count).toBeGreaterThan(0);
      for (let i = 0; i < count; i++) {
        await expect(images.nth(i)).toHaveAttribute("width", /^\d+$/);
        await expect(images.nth(i)).toHaveAttribute("height", /^\d+$/);
      }
      await expect(page.locator("main section[aria-labelledby='testimonials-title'] img:not([loading='lazy'])")).toHaveCount(0);
      await expect(page.locator("main section[aria-labelledby='latest-work-title'] img:not([loading='lazy'])")).toHaveCount(0);
    });
  });
}

test("the home page sets its title, description and canonical URL", async ({ page }) => {
  await page.goto("/");
  const origin = new URL(page.url()).origin;
  await expect(page).toHaveTitle(`${site.name}: software, web, apps, design, video and marketing`);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", site.blurb);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${origin}/`);
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", `${origin}/`);
  const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
  const organization = ld.map((text) => JSON.parse(text) as Record<string, unknown>).find((data) => data["@type"] === "Organization");
  expect(organization).toMatchObject({ "@context": "https://schema.org", name: site.name, url: `${origin}/` });
});
