import { expect, test } from "./fixtures";
import { viewports } from "./support";

// Without JavaScript the list is plain links and nothing rotates, so no rotation controls show.

for (const [size, viewport] of Object.entries(viewports)) {
  test.describe(`services page without JavaScript (${size} viewport)`, () => {
    test.use({ viewport });

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
  });
}
