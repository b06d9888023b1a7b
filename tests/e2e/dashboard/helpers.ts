import { mkdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { SPAM_MIN_FILL_MS } from "../../../app/domain/spam";
import { e2eAdmin } from "../../../playwright.config";
import { randomAddress } from "../../support/addresses";
import { expectNoAxeViolations, viewports } from "../support";

/** Signs the page's browser context in as the seeded admin (a form post, so no 2-second wait). */
export async function signIn(page: Page, credentials = e2eAdmin) {
  const response = await page.request.post("/login", {
    form: { email: credentials.email, password: credentials.password },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
}

/** A sonner toast (JavaScript only), told apart from the same words elsewhere in the page. */
export function sonnerToast(page: Page, text: string) {
  return page.locator("[data-sonner-toast]").filter({ hasText: text });
}

/** A toast with JavaScript, or the status line in the page without it. */
export function toast(page: Page, text: string) {
  return page.getByText(text, { exact: true }).filter({ visible: true });
}

export const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/**
 * A visitor (a page of its own, from its own address) sends `name`'s message through the public /contact
 * form, solving the captcha from the page, and sees it confirmed.
 */
/** Sooner than this after the form was shown, a message is filed as spam and the inbox's tabs never show it (docs/behaviour.md#spam). */
export async function atPersonsPace(visitor: Page, shownAt: number) {
  await visitor.waitForTimeout(Math.max(0, shownAt + SPAM_MIN_FILL_MS + 500 - Date.now()));
}

export async function sendMessageAsVisitor(context: BrowserContext, name: string) {
  const address = randomAddress();
  const visitor = await context.browser()!.newPage({ extraHTTPHeaders: { "X-Forwarded-For": address } });
  await visitor.goto("/contact");
  const shownAt = Date.now();
  const form = visitor.locator("main form").filter({ has: visitor.getByPlaceholder("Enter the sum") });
  await form.getByLabel(/name/i).fill(name);
  await form.getByLabel(/email/i).fill("visitor@example.com");
  await form.getByLabel(/message/i).fill(`Hello from ${name}`);
  const question =
    (await form
      .getByText(/\d+\s*\+\s*\d+/)
      .first()
      .textContent()) ?? "";
  const [a, b] = question.match(/\d+/g)!.map(Number);
  await form.getByPlaceholder("Enter the sum").fill(String(a! + b!));
  await atPersonsPace(visitor, shownAt);
  await form.getByRole("button", { name: /send/i }).click();
  await expect(visitor.getByText("Thanks! Your message has been sent.").filter({ visible: true }).first()).toBeVisible();
  await visitor.close();
}

/** What `recordTimeline` noted, in the page's own clock (performance.now(), ms). */
export type Timeline = {
  toasts: { text: string; shown: number; gone?: number }[];
  /** When the answer to the last POST whose URL contains `answerOf` arrived before the page reached `reach`. */
  answered?: number;
  /** When the page first moved (pushState/replaceState) to the pathname `reach`. */
  reached?: number;
};

/**
 * Before any page script runs, starts a log in the page of when each toast appears and leaves, when the
 * answer to a POST to a `.data` URL containing `answerOf` arrives (Remix posts there with JavaScript,
 * e.g. "/login.data" or "/dashboard/case-studies/upload.data"), and when the client-side router reaches
 * the pathname `reach`. The page itself notes the times, so durations are measured in the browser, not
 * guessed from the test's own pace. Each new document starts a new log.
 */
export async function recordTimeline(page: Page, watch: { answerOf?: string; reach?: string } = {}) {
  await page.addInitScript(({ answerOf, reach }) => {
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

    if (answerOf) {
      const fetch = window.fetch;
      window.fetch = async (...args) => {
        const response = await fetch(...args);
        const request = args[0] instanceof Request ? args[0] : null;
        const url = String(request ? request.url : args[0]);
        const method = (args[1]?.method ?? request?.method ?? "GET").toUpperCase();
        // The last answer before the move: a refused post on the same page comes before the one that moves it on.
        if (method === "POST" && url.includes(answerOf) && timeline.reached === undefined) timeline.answered = performance.now();
        return response;
      };
    }
    if (reach) {
      for (const method of ["pushState", "replaceState"] as const) {
        const original = history[method].bind(history);
        history[method] = (data, unused, url) => {
          if (url && new URL(String(url), location.href).pathname === reach) timeline.reached ??= performance.now();
          original(data, unused, url);
        };
      }
    }
  }, watch);
}

/** Starts the current document's answer and move anew, for a second save in the same document (client-side navigation). */
export const restartTimeline = (page: Page) =>
  page.evaluate(() => {
    const log = (window as unknown as { __timeline: Timeline }).__timeline;
    log.answered = undefined;
    log.reached = undefined;
  });

/** The log `recordTimeline` keeps in the current document. */
export const timeline = (page: Page) => page.evaluate(() => (window as unknown as { __timeline: Timeline }).__timeline);

/** Fails unless the page reached `reach` at least 2 s and less than 3 s after the answer to `answerOf` (docs/behaviour.md#timings). */
export async function expectTwoSecondsFromAnswerToReach(page: Page) {
  const { answered, reached } = await timeline(page);
  expect(answered, "the action's answer was seen").toBeDefined();
  expect(reached, "the page moved on").toBeDefined();
  expect(reached! - answered!).toBeGreaterThanOrEqual(2_000);
  expect(reached! - answered!).toBeLessThan(3_000);
}

/**
 * Runs `body` while holding a lock named `name` on the test server. The dashboard-js and dashboard-no-js projects
 * run at the same time against one server: without it, one run could restore shared data (settings, a part of the
 * site's content) while the other is reading it, or take the other's values as the "original" to restore.
 * A lock left by a crashed run is taken over after a minute.
 */
export async function withLock<T>(name: string, baseURL: string, body: () => Promise<T>): Promise<T> {
  const lock = join(tmpdir(), `e2e-${name}-${new URL(baseURL).port || "80"}.lock`);
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const since = await stat(lock).then(
        (info) => Date.now() - info.mtimeMs,
        () => 0,
      );
      if (since > 60_000) await rm(lock, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    return await body();
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}

/**
 * A screen's layout and accessibility: no sideways scroll at a phone's 390 px in both runs (JavaScript on and off),
 * and axe once per screen, on the hydrated page (JavaScript on), at the wide size the test goes on at.
 */
export async function checkScreen(page: Page) {
  await page.setViewportSize(viewports.small);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${page.url()} is ${width} px wide at 390 px`).toBeLessThanOrEqual(viewports.small.width);
  await page.setViewportSize(viewports.wide);
  if (test.info().project.use.javaScriptEnabled !== false) await expectNoAxeViolations(page);
}
