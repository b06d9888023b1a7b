import { expect, test } from "./fixtures";

// Issue 4: more than 5 failed sign-ins for one email from one address within 15 minutes are refused.
test("a sixth sign-in after five failures is refused with a clear message", async ({ page }) => {
  const email = `nobody-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  await page.goto("/login");
  for (let attempt = 1; attempt <= 6; attempt++) {
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(`wrong-${attempt}`);
    await page.getByRole("button", { name: "Sign in" }).click();
    const expected =
      attempt <= 5
        ? "These credentials do not match our records."
        : /^Too many failed sign-in attempts\. Please try again in 15 minutes\.$/;
    await expect(page.getByRole("alert")).toHaveText(expected);
  }
});

test("an empty form asks for both fields", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please enter both email and password");
  await expect(page.getByRole("heading", { name: "Sign in to the product" })).toBeVisible();
});
