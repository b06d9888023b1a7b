import { expect, test, type Page } from "./fixtures";
import { processSteps } from "../../app/content/process";
import { testimonials } from "../../app/content/testimonials";
import { viewports } from "./support";

// Without JavaScript nothing rotates, and every step and testimonial is readable. The hero and the tagline band
// are the same markup and CSS with JavaScript on, so they are checked here once.

const region = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

for (const [size, viewport] of Object.entries(viewports)) {
  test.describe(`home page without JavaScript (${size} viewport)`, () => {
    test.use({ viewport });

    test("shows all 5 testimonials, the first one first, and no avatar buttons", async ({ page }) => {
      await page.goto("/");
      const section = page.getByRole("region", { name: "What our clients say" });
      const figures = section.getByRole("figure");
      await expect(figures).toHaveCount(5);
      for (const [i, testimonial] of testimonials.entries()) {
        await expect(figures.nth(i)).toBeVisible();
        await expect(figures.nth(i)).toContainText(testimonial.quote);
        await expect(figures.nth(i)).toContainText(`${testimonial.role}, ${testimonial.company}`);
        await expect(figures.nth(i).getByRole("img", { name: "Rated 5 out of 5 stars" })).toBeVisible();
        // Never hidden by opacity on the server-rendered page.
        await expect(figures.nth(i)).toHaveCSS("opacity", "1");
      }
      await expect(section.getByRole("button")).toHaveCount(0);
    });

    test("shows all 6 process steps with Discovery active", async ({ page }) => {
      await page.goto("/");
      const process = page.getByRole("region", { name: "A clear process from idea to launch" });
      for (const step of processSteps) {
        await expect(process.getByRole("heading", { level: 3, name: step.title })).toBeVisible();
        await expect(process.getByText(step.description)).toBeVisible();
      }
      await expect(process.locator('[aria-current="step"]')).toContainText("Discovery");
      await expect(process.getByRole("list")).toHaveAttribute("data-rotation", "off");
    });

    test("the hero has the headline, a start-project link, an our-services button and the social links", async ({ page }) => {
      const response = await page.goto("/");
      expect(response?.status()).toBe(200);
      const hero = region(page, "We design, build and grow digital products.");
      await expect(hero.getByRole("heading", { level: 1 })).toHaveText("We design, build and grow digital products.");
      await expect(hero.getByRole("link", { name: "Start a project" })).toHaveAttribute("href", "/contact");
      await expect(hero.getByRole("link", { name: "Our services" })).toHaveAttribute("href", "/services");

      const social = hero.getByRole("list").filter({ has: page.getByRole("link", { name: "LinkedIn" }) });
      await expect(social.getByRole("link")).toHaveCount(5);
      for (const name of ["LinkedIn", "Facebook", "Instagram", "WhatsApp", "Email"])
        await expect(social.getByRole("link", { name })).toBeVisible();
      await expect(social.getByRole("link", { name: "WhatsApp" })).toHaveAttribute("href", /^https:\/\/wa\.me\/\d+$/);
      await expect(social.getByRole("link", { name: "Email" })).toHaveAttribute("href", /^mailto:.+@.+/);
    });

    test("a tagline band scrolls sideways", async ({ page }) => {
      await page.goto("/");
      const band = region(page, "What we deliver");
      await expect(band.getByText("Websites that convert").first()).toBeVisible();
      await expect(band.locator("[data-marquee]")).toHaveCSS("animation-name", "nb-marquee");
      await expect(band.locator("[data-marquee]")).toHaveCSS("animation-iteration-count", "infinite");
    });

    test("the tagline band stands still under prefers-reduced-motion", async ({ page }) => {
      await page.emulateMedia({ reducedMotion: "reduce" });
      await page.goto("/");
      const band = region(page, "What we deliver");
      await expect(band.locator("[data-marquee]")).toHaveCSS("animation-name", "none");
      // Still, the taglines wrap inside the screen instead of running off it.
      for (const tagline of ["Software that scales", "Marketing that measures up"]) {
        const box = await band.getByText(tagline).first().boundingBox();
        expect(box?.x).toBeGreaterThanOrEqual(0);
        expect((box?.x ?? 0) + (box?.width ?? Infinity)).toBeLessThanOrEqual(viewport.width);
      }
    });
  });
}
