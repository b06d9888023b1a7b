import { expect, test } from "./fixtures";
import { expectNoAxeViolations, viewports } from "./support";

// /api/docs is the same page with and without JavaScript (it has no script-only parts), and axe takes
// 50–60 s on its long tables on a 2-core machine running two workers: its accessibility is checked once, in
// the no-JavaScript run, with room for the reference to grow.
for (const [name, viewport] of Object.entries(viewports)) {
  test.describe(`on a ${name} screen`, () => {
    test.use({ viewport });

    test("/api/docs has no accessibility violations and no sideways scrolling", async ({ page }) => {
      test.setTimeout(180_000);
      await page.goto("/api/docs");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page);
    });
  });
}
