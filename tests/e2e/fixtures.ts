import { expect, test as base, type Page } from "@playwright/test";
import { randomAddress } from "../support/addresses";

export { expect, type APIRequestContext, type Locator, type Page, type Response } from "@playwright/test";

/** Resolves once the app has hydrated the document: app/root.tsx sets `data-hydrated` on <html> in an effect. */
export async function documentHydrated(page: Page) {
  await expect(page.locator("html[data-hydrated]"), "the page hydrated").toBeAttached({ timeout: 20_000 });
}

/** What the browser reported as blocked by the Content-Security-Policy (app/server/csp.server.ts). */
export type CspViolations = string[];

const isCspMessage = (text: string) => /Content[- ]Security[- ]Policy/i.test(text);

/**
 * Playwright's trace recorder (trace: "retain-on-failure") fetches the page's blob: images, such as the
 * upload form's preview, to keep them in its snapshots: connect-src refuses it. That fetch comes from no
 * script of the page (no source location), which tells it apart from anything the app would do.
 */
const isTraceRecorderFetch = (text: string, source: string) => !source && /Connecting to 'blob:|^connect-src blocked blob\b/.test(text);

/**
 * Every test fails when anything in its browser context was blocked by the Content-Security-Policy:
 * Chromium logs each violation to the console, and with JavaScript on the page reports each
 * `securitypolicyviolation` event too. A test may read the list so far as `cspViolations`.
 */
export const test = base.extend<{ cspViolations: CspViolations }>({
  cspViolations: [
    async ({ context, javaScriptEnabled }, use) => {
      const violations: CspViolations = [];
      context.on("console", (message) => {
        const text = message.text();
        if (isCspMessage(text) && !isTraceRecorderFetch(text, message.location().url))
          violations.push(`${message.page()?.url() ?? "?"}: console: ${text}`);
      });
      if (javaScriptEnabled) {
        await context.exposeBinding("__reportCspViolation", ({ page }, text: string, source: string) => {
          if (!isTraceRecorderFetch(text, source)) violations.push(`${page.url()}: securitypolicyviolation: ${text} (${source || "?"})`);
        });
        await context.addInitScript(() => {
          document.addEventListener(
            "securitypolicyviolation",
            (event) => {
              const report = (window as unknown as { __reportCspViolation?: (text: string, source: string) => void }).__reportCspViolation;
              report?.(
                `${event.effectiveDirective} blocked ${event.blockedURI || "inline"}`,
                event.sourceFile ? `${event.sourceFile}:${event.lineNumber}` : "",
              );
            },
            true,
          );
        });
      }
      await use(violations);
      expect(violations, "nothing was blocked by the Content-Security-Policy").toEqual([]);
    },
    { auto: true },
  ],
  // Each test's browser is a visitor of its own, as the proxy in front (TRUST_PROXY=1) would tell them
  // apart: rate limits never leak from one test to another.
  context: async ({ context }, use) => {
    await context.setExtraHTTPHeaders({ "X-Forwarded-For": randomAddress() });
    await use(context);
  },
});
