import { expect, test, type Page } from "./fixtures";
import { processSteps } from "../../app/content/process";
import { testimonials } from "../../app/content/testimonials";
import { expectNoAxeViolations, viewports } from "./support";

// Without JavaScript nothing moves and every testimonial shows (the ones a script would rotate in are in
// <noscript>). Everything else is the same markup and CSS with JavaScript on: home.js.spec.ts reads it once.

const region = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

test("without JavaScript a visitor reads all 5 testimonials and the 6 steps, and the links work", async ({ page }) => {
  test.slow();
  await page.setViewportSize(viewports.wide);
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  // The first screen at 1280 × 800 holds a link to a case study, before any scrolling.
  await expect(region(page, "Latest work").locator('a[href^="/case-studies/"]').first()).toBeInViewport();

  await test.step("all 5 testimonials, the first one first, each rated, none hidden, no avatar buttons", async () => {
    const section = region(page, "What our clients say");
    const figures = section.getByRole("figure");
    await expect(figures).toHaveCount(5);
    for (const [i, testimonial] of testimonials.entries()) {
      await expect(figures.nth(i)).toBeVisible();
      await expect(figures.nth(i)).toContainText(testimonial.quote);
      await expect(figures.nth(i)).toContainText(`${testimonial.role}, ${testimonial.company}`);
      await expect(figures.nth(i).getByRole("img", { name: "Rated 5 out of 5 stars" })).toBeVisible();
      await expect(figures.nth(i)).toHaveCSS("opacity", "1");
    }
    await expect(section.getByRole("button")).toHaveCount(0);
  });

  await test.step("the 6 process steps, Discovery active, not rotating", async () => {
    const process = region(page, "A clear process from idea to launch");
    for (const step of processSteps) await expect(process.getByRole("heading", { level: 3, name: step.title })).toBeVisible();
    await expect(process.locator('[aria-current="step"]')).toContainText("Discovery");
    await expect(process.getByRole("list")).toHaveAttribute("data-rotation", "off");
  });

  await test.step("the tagline band moves with CSS alone", async () => {
    await expect(region(page, "What we deliver").locator("[data-marquee]")).toHaveCSS("animation-name", "nb-marquee");
  });

  await test.step("no axe violations in the testimonials, the part that differs without JavaScript", async () => {
    await expectNoAxeViolations(page, { include: '[aria-labelledby="testimonials-title"]' });
  });

  await test.step("Our services opens /services", async () => {
    await region(page, "We design, build and grow digital products.").getByRole("link", { name: "Our services" }).click();
    await expect(page).toHaveURL(/\/services$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
});
