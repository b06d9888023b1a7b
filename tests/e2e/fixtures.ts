import { expect, test as base, type Page, type Response } from "@playwright/test";
import { randomAddress } from "../support/addresses";

export * from "@playwright/test";

/**
 * Resolves once React has hydrated the whole document: <html> gets React's internal keys only when
 * everything inside it has been claimed.
 */
export async function documentHydrated(page: Page) {
  await expect
    .poll(() => page.evaluate(() => Object.keys(document.documentElement).some((key) => key.startsWith("__reactFiber"))), {
      message: "the page hydrated",
      timeout: 20_000,
    })
    .toBe(true);
}

/**
 * The page's scripts start after its first paint (app/lib/after-paint.ts), which can come after the
 * load event `goto` waits for. With JavaScript on, `goto` and `reload` therefore also wait for
 * hydration, so a test's first click is handled by the page's script and not by the plain-HTML
 * fallback. A test that names its own `waitUntil` (to act before the scripts run) gets plain `goto`.
 */
export const test = base.extend({
  // Each test's browser is a visitor of its own, as the proxy in front (TRUST_PROXY=1) would tell them
  // apart: rate limits never leak from one test to another.
  context: async ({ context }, use) => {
    await context.setExtraHTTPHeaders({ "X-Forwarded-For": randomAddress() });
    await use(context);
  },
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled) {
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      const hydrated = async (response: Response | null, waitUntil: string | undefined) => {
        const isPage = (await response?.headerValue("content-type"))?.startsWith("text/html") ?? false;
        if (isPage && !waitUntil) await documentHydrated(page);
        return response;
      };
      page.goto = async (url, options) => hydrated(await goto(url, options), options?.waitUntil);
      page.reload = async (options) => hydrated(await reload(options), options?.waitUntil);
    }
    await use(page);
  },
});
