import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { documentHydrated } from "./fixtures";

/** The two viewports every public screen is checked at. */
export const viewports = {
  small: { width: 390, height: 844 },
  wide: { width: 1280, height: 800 },
} as const;

/**
 * Fails with the list of axe violations (WCAG 2.1 A/AA and best practices) on the current page, or only within
 * `include` (a selector) where the rest is checked elsewhere.
 */
export async function expectNoAxeViolations(page: Page, { include }: { include?: string } = {}) {
  if (test.info().project.use.javaScriptEnabled === false) {
    // axe waits on timers, which never fire while the page's scripts are off: for the check only,
    // timers run as microtasks.
    await page.evaluate(() => {
      const run = (callback: unknown, ...args: unknown[]) => {
        void Promise.resolve().then(() => (typeof callback === "function" ? callback(...args) : undefined));
        return 0;
      };
      const w = window as unknown as Record<string, unknown>;
      w.setTimeout = run;
      w.setInterval = () => 0;
      w.requestAnimationFrame = (callback: unknown) => run(callback, performance.now());
      w.requestIdleCallback = (callback: unknown) => run(callback, { didTimeout: false, timeRemaining: () => 50 });
    });
  } else {
    // A toast fading in is checked once it is opaque: axe measures contrast mid-animation otherwise.
    await page.waitForFunction(() =>
      [...document.querySelectorAll("[data-sonner-toast]")].every((toast) => getComputedStyle(toast).opacity === "1"),
    );
  }
  // Transitions end at once, so nothing is measured half-faded (rotating testimonials, toasts).
  await page.evaluate(() => {
    const style = document.createElement("style");
    style.textContent = "*, *::before, *::after { transition: none !important; animation: none !important; }";
    document.head.append(style);
  });
  // Legacy mode runs axe.run in the page itself; the default opens a second, blank page to merge per-frame
  // results, which doubles the time of each check. The app has no iframes, so the results are the same.
  const builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).setLegacyMode(true);
  if (include) builder.include(include);
  const results = await builder.analyze();
  const summary = results.violations.map(
    (violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`,
  );
  expect(summary).toEqual([]);
}

/** With JavaScript the pages' rotations move on: content checks stop time so a slow run reads a still page. */
export async function stopTime(page: Page, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) return;
  const start = Date.now();
  await page.clock.install({ time: start });
  await page.clock.pauseAt(start + 5_000);
}

/** Waits until `element` is on a hydrated page, so a click is handled by the page's script. */
export async function waitForHydration(element: Locator) {
  await expect(element).toBeAttached({ timeout: 20_000 });
  await documentHydrated(element.page());
}

/**
 * Holds every POST to `url` (a glob, as for page.route) at the network until `release()`, so the test can
 * look at the page while the request is in flight. `posts()` counts the POSTs held so far.
 */
export async function holdPosts(page: Page, url: string) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let posts = 0;
  await page.route(url, async (route) => {
    if (route.request().method() !== "POST") return route.fallback();
    posts += 1;
    await gate;
    await route.continue();
  });
  return { posts: () => posts, release };
}

/** Holds every request for the page's scripts until `release()`. */
export async function holdScripts(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/*.js", async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
