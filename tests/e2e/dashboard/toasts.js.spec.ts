import { expect, test, type Page } from "../fixtures";
import { e2eAdmin } from "../../../playwright.config";
import { expectTwoSecondsFromAnswerToReach, recordTimeline, timeline } from "./helpers";

/**
 * Toasts with JavaScript (docs/behaviour.md#toasts): sonner at the top right, Alt+T reaches them, 5 s unless a
 * message says otherwise, and the login's 2 s pause before /dashboard. The page itself notes when
 * things happen (performance.now()), so the durations are measured in the browser, not guessed from
 * the test's own pace.
 */

const toastWith = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });
const toaster = (page: Page) => page.locator("[data-sonner-toaster]");

/** How long the toast with `text` stayed in the page, once it has left. */
async function shownFor(page: Page, text: string): Promise<number> {
  await expect(toastWith(page, text)).toBeVisible();
  await expect(toastWith(page, text)).toHaveCount(0, { timeout: 10_000 });
  const entry = (await timeline(page)).toasts.find((toast) => toast.text.includes(text));
  expect(entry?.gone).toBeDefined();
  return entry!.gone! - entry!.shown;
}

async function signInThroughTheForm(page: Page) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(e2eAdmin.email);
  await page.getByLabel("Password").fill(e2eAdmin.password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test("signing in: 'Login Successful!' at the top right for 5 s, /dashboard 2 s after the answer; 'Logged out successfully' for 2 s; Alt+T reaches a toast", async ({
  page,
}) => {
  // A 5 s and a 2 s toast, measured whole, and three sign-ins.
  test.slow();
  await recordTimeline(page, { answerOf: "/login.data", reach: "/dashboard" });

  await test.step("signing in: the toast at the top right, /dashboard 2 s after the answer, the toast gone after 5 s", async () => {
    await signInThroughTheForm(page);
    const toast = toastWith(page, "Login Successful!");
    await expect(toast).toBeVisible();
    await expect(toaster(page)).toHaveAttribute("data-y-position", "top");
    await expect(toaster(page)).toHaveAttribute("data-x-position", "right");
    const box = (await toast.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(box.y).toBeLessThan(100);
    expect(viewport.width - (box.x + box.width)).toBeLessThan(100);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expectTwoSecondsFromAnswerToReach(page);
    // Sonner removes a toast 200 ms after its time is up, once its exit animation has run.
    const duration = await shownFor(page, "Login Successful!");
    expect(duration).toBeGreaterThanOrEqual(5_000);
    expect(duration).toBeLessThan(6_000);
  });

  await test.step("'Logged out successfully' lasts 2 s", async () => {
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/login$/);
    const duration = await shownFor(page, "Logged out successfully");
    expect(duration).toBeGreaterThanOrEqual(2_000);
    expect(duration).toBeLessThan(3_000);
  });

  await test.step("Alt+T moves the focus to the toasts", async () => {
    await signInThroughTheForm(page);
    await expect(toastWith(page, "Login Successful!")).toBeVisible();
    await page.keyboard.press("Alt+KeyT");
    await expect(toaster(page)).toBeFocused();
  });
});
