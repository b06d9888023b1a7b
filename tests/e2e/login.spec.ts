import { expect, test } from "./fixtures";
import { expectNoAxeViolations, viewports } from "./support";

// The sign-in page (docs/behaviour.md#sign-in), with JavaScript on (a wide screen) and off (a phone): one axe check
// per project, with an error shown, and the page's width on a phone.
test("/login shows 'Sign in to the product' with labelled fields, an error for an empty form, and no accessibility violations", async ({
  page,
  javaScriptEnabled,
}) => {
  const viewport = javaScriptEnabled ? viewports.wide : viewports.small;
  await page.setViewportSize(viewport);
  await page.goto("/login");
  await expect(page.getByRole("heading", { level: 1, name: "Sign in to the product" })).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveAttribute("type", "email");
  await expect(page.getByLabel("Password")).toHaveAttribute("type", "password");
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  // An empty form asks for both fields, and the page stays accessible with the error.
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please enter both email and password");
  await expect(page.getByRole("heading", { name: "Sign in to the product" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
  await expectNoAxeViolations(page);
});
