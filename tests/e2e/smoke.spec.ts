import { expect, test } from "./fixtures";
import { e2eAdmin } from "../../playwright.config";

test("the home page renders with the demo case studies", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("We design, build and grow digital products.");
  const latest = page.getByRole("region", { name: "Latest work" });
  await expect(latest.getByRole("heading", { level: 2, name: "Latest work" })).toBeVisible();
  await expect(latest.getByRole("list").getByRole("heading", { level: 3 })).toHaveCount(3);
});

// The sign-in's rules (the messages, the limits, where it leads) are proven in tests/integration/auth.test.ts and
// sign-in-limits.test.ts; this is the journey through the browser, with JavaScript on and off.
test("a visitor sent from /dashboard to /login is refused a wrong password, signs in to the page first asked for, and signs out", async ({
  page,
}) => {
  test.slow();
  await test.step("/dashboard sends a visitor who is not signed in to /login", async () => {
    await page.goto("/dashboard?from=e2e");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard%3Ffrom%3De2e$/);
    await expect(page.getByRole("heading", { name: "Sign in to the product" })).toBeVisible();
  });

  await test.step("a wrong password is refused with a message and the email kept", async () => {
    await page.getByLabel("Email").fill(e2eAdmin.email);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toHaveText("These credentials do not match our records.");
    await expect(page.getByLabel("Email")).toHaveValue(e2eAdmin.email);
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard%3Ffrom%3De2e$/);
  });

  await test.step("the seeded admin signs in and returns to the page first asked for", async () => {
    await page.getByLabel("Password").fill(e2eAdmin.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    // bcrypt on a busy machine: the default 5 s is not always enough.
    await expect(page).toHaveURL(/\/dashboard\?from=e2e$/, { timeout: 15_000 });
    await expect(page.getByText("Welcome, Admin")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    // A sonner toast with JavaScript, a status line in the page without it.
    await expect(page.getByText("Login Successful!").filter({ visible: true })).toHaveCount(1);
  });

  await test.step("signs out", async () => {
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText("Logged out successfully").filter({ visible: true })).toHaveCount(1);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login/);
  });
});
