import { expect, test, type Page } from "@playwright/test";
import { e2eAdmin } from "../../../playwright.config";
import { signIn } from "./helpers";

/**
 * Toasts with JavaScript (SPEC §8, §9): sonner at the top right, Alt+T reaches them, 5 s unless a
 * message says otherwise, and the login's 2 s pause before /dashboard. The page itself notes when
 * things happen (performance.now()), so the durations are measured in the browser, not guessed from
 * the test's own pace.
 */

type Timeline = { toasts: { text: string; shown: number; gone?: number }[]; signInAnswered?: number; dashboardAt?: number };

/** Before any page script: a log of when each toast appears and leaves, the sign-in answer arrives, and /dashboard is reached. */
async function recordTimeline(page: Page) {
  await page.addInitScript(() => {
    const timeline: Timeline = { toasts: [] };
    (window as unknown as { __timeline: Timeline }).__timeline = timeline;
    const seen = new Map<Element, Timeline["toasts"][number]>();
    new MutationObserver(() => {
      for (const node of document.querySelectorAll("[data-sonner-toast]")) {
        if (!seen.has(node)) {
          const entry = { text: node.textContent ?? "", shown: performance.now() };
          seen.set(node, entry);
          timeline.toasts.push(entry);
        }
      }
      for (const [node, entry] of seen) if (!node.isConnected && entry.gone === undefined) entry.gone = performance.now();
    }).observe(document, { childList: true, subtree: true });

    const fetch = window.fetch;
    window.fetch = async (...args) => {
      const response = await fetch(...args);
      const url = String(args[0] instanceof Request ? args[0].url : args[0]);
      if (url.includes("/login.data")) timeline.signInAnswered = performance.now();
      return response;
    };
    for (const method of ["pushState", "replaceState"] as const) {
      const original = history[method].bind(history);
      history[method] = (data, unused, url) => {
        if (url && new URL(String(url), location.href).pathname === "/dashboard") timeline.dashboardAt ??= performance.now();
        original(data, unused, url);
      };
    }
  });
}

const timeline = (page: Page) => page.evaluate(() => (window as unknown as { __timeline: Timeline }).__timeline);
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

test("signing in shows 'Login Successful!' and reaches /dashboard 2 s after the answer", async ({ page }) => {
  await recordTimeline(page);
  await signInThroughTheForm(page);
  await expect(toastWith(page, "Login Successful!")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  const { signInAnswered, dashboardAt } = await timeline(page);
  expect(signInAnswered).toBeDefined();
  expect(dashboardAt! - signInAnswered!).toBeGreaterThanOrEqual(2_000);
  expect(dashboardAt! - signInAnswered!).toBeLessThan(3_000);
});

test("toasts sit at the top right, and Alt+T moves the focus to them", async ({ page }) => {
  await signInThroughTheForm(page);
  const toast = toastWith(page, "Login Successful!");
  await expect(toast).toBeVisible();
  await expect(toaster(page)).toHaveAttribute("data-y-position", "top");
  await expect(toaster(page)).toHaveAttribute("data-x-position", "right");
  const box = (await toast.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.y).toBeLessThan(100);
  expect(viewport.width - (box.x + box.width)).toBeLessThan(100);

  await page.keyboard.press("Alt+KeyT");
  await expect(toaster(page)).toBeFocused();
});

// Sonner removes a toast 200 ms after its time is up, once its exit animation has run.
test("a toast without its own duration lasts 5 s: 'Login Successful!'", async ({ page }) => {
  await recordTimeline(page);
  await signInThroughTheForm(page);
  const duration = await shownFor(page, "Login Successful!");
  expect(duration).toBeGreaterThanOrEqual(5_000);
  expect(duration).toBeLessThan(6_000);
});

test("'Logged out successfully' lasts 2 s", async ({ page }) => {
  await signIn(page);
  await recordTimeline(page);
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);
  const duration = await shownFor(page, "Logged out successfully");
  expect(duration).toBeGreaterThanOrEqual(2_000);
  expect(duration).toBeLessThan(3_000);
});
