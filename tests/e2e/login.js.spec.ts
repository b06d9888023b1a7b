import { expect, test } from "./fixtures";
import { e2eAdmin } from "../../playwright.config";
import { holdPosts, waitForHydration } from "./support";

// The sign-in form with JavaScript (docs/behaviour.md#forms): disabled, with its in-progress label, while signing in.

test("the Sign in button reads 'Signing in...' and is disabled while signing in", async ({ page }) => {
  const held = await holdPosts(page, "**/login*");
  await page.goto("/login");
  const button = page.getByRole("button", { name: "Sign in", exact: true });
  await waitForHydration(button);
  await page.getByLabel("Email").fill(e2eAdmin.email);
  await page.getByLabel("Password").fill(e2eAdmin.password);
  await expect(button).toBeEnabled();
  await button.click();

  await expect.poll(held.posts, { message: "the sign-in was posted" }).toBe(1);
  // The request has not been answered yet: the form is signing in.
  const signingIn = page.getByRole("button", { name: "Signing in...", exact: true });
  await expect(signingIn).toBeDisabled();
  await expect(page.getByRole("button", { name: "Sign in", exact: true })).toHaveCount(0);
  await expect(page.getByText("Login Successful!").filter({ visible: true })).toHaveCount(0);
  await expect(page).toHaveURL(/\/login$/);

  held.release();
  await expect(page.getByText("Login Successful!").filter({ visible: true })).toHaveCount(1);
  await expect(page).toHaveURL(/\/dashboard$/);
});
