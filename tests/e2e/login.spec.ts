import { expect, test } from "./fixtures";
import { expectNoAxeViolations, viewports } from "./support";

// The sign-in page (docs/behaviour.md#sign-in), at both viewports, with JavaScript on and off.
for (const [name, viewport] of Object.entries(viewports)) {
  test.describe(`${name} screens (${viewport.width}×${viewport.height})`, () => {
    test.use({ viewport });

    test("/login shows 'Sign in to the product' with labelled fields and no accessibility violations", async ({ page }) => {
      await page.goto("/login");
      await expect(page.getByRole("heading", { level: 1, name: "Sign in to the product" })).toBeVisible();
      await expect(page.getByLabel("Email")).toHaveAttribute("type", "email");
      await expect(page.getByLabel("Password")).toHaveAttribute("type", "password");
      await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
      // An error keeps the page accessible too.
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByRole("alert")).toHaveText("Please enter both email and password");
      await expectNoAxeViolations(page);
    });
  });
}
