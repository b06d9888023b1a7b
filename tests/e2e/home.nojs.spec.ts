import { expect, test } from "./fixtures";
import { processSteps } from "../../app/content/process";
import { testimonials } from "../../app/content/testimonials";
import { viewports } from "./support";

// Without JavaScript nothing rotates, and every step and testimonial is readable.

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
  });
}
