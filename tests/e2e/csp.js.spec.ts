import { documentHydrated, expect, test, type Page, type Response } from "./fixtures";
import { signIn } from "./dashboard/helpers";
import { waitForHydration } from "./support";

/**
 * The Content-Security-Policy (app/server/csp.server.ts) with JavaScript on: every page is served with a
 * nonce, every script the page carries has it, the page hydrates and navigates on the client, and the
 * browser blocks nothing (the `cspViolations` fixture in ./fixtures fails any test that sees a violation;
 * here each page is also checked on its own, so a failure names it). What the pages' scripts do under the policy
 * is proven by every JavaScript test through that fixture: the header's links (frame.js.spec.ts), the contact
 * modal's chunk (contact.js.spec.ts), the services rotation (services.js.spec.ts), sonner's toast at sign-in
 * (smoke.spec.ts).
 */

const PUBLIC_PAGES = ["/", "/services", "/about", "/case-studies", "/contact", "/privacy", "/terms", "/disclaimer", "/api/docs", "/login"];
const DASHBOARD_PAGES = [
  "/dashboard",
  "/dashboard/analytics",
  "/dashboard/case-studies/list",
  "/dashboard/case-studies/upload",
  "/dashboard/messages",
  "/dashboard/settings",
  "/dashboard/users",
];

type Remix = { __remixRouter: { navigate: (to: string) => Promise<void> } };

/** The nonce of the policy a page was served with; fails unless the policy is the expected strict one. */
async function nonceOf(response: Response | null): Promise<string> {
  expect(response, "the page answered").not.toBeNull();
  const policy = (await response!.headerValue("content-security-policy")) ?? "";
  const match = /(?:^|; )script-src 'nonce-([A-Za-z0-9+/]{22}==)' 'strict-dynamic'(?:;|$)/.exec(policy);
  expect(match, `script-src with a nonce in "${policy}"`).not.toBeNull();
  for (const directive of ["default-src 'self'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "form-action 'self'"]) {
    expect(policy).toContain(directive);
  }
  return match![1]!;
}

/** The <script> tags of `html` that are not JSON-LD and lack `nonce`; and how many carry it. */
function scriptsOf(html: string, nonce: string) {
  const tags = [...html.matchAll(/<script\b[^>]*>/gi)].map((match) => match[0]);
  const code = tags.filter((tag) => !/\btype="application\/ld\+json"/i.test(tag));
  return {
    withNonce: code.filter((tag) => tag.includes(` nonce="${nonce}"`)).length,
    without: code.filter((tag) => !tag.includes(` nonce="${nonce}"`)),
  };
}

/** Loads `path`, waits for hydration, and checks the policy, the served scripts and the violations so far. */
async function visit(page: Page, path: string, violations: string[], status = 200) {
  const response = await page.goto(path);
  await documentHydrated(page);
  expect(response?.status(), path).toBe(status);
  const nonce = await nonceOf(response);
  const { withNonce, without } = scriptsOf(await response!.text(), nonce);
  expect(without, `${path}: scripts without the nonce`).toEqual([]);
  // The scripted-page mark, Remix's context and module scripts, the scroll restoration.
  expect(withNonce, `${path}: scripts with the nonce`).toBeGreaterThanOrEqual(4);
  expect(violations, path).toEqual([]);
  return nonce;
}

/** A client-side navigation: the document (and its marker) stays, the router loads the route's module and data. */
async function navigateOnTheClient(page: Page, to: string, violations: string[]) {
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  await page.evaluate((path) => (window as unknown as Remix).__remixRouter.navigate(path), to);
  await expect(page).toHaveURL((url) => url.pathname === to);
  expect(
    await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
    `${to} reached without a reload`,
  ).toBe(true);
  expect(violations, `navigating to ${to}`).toEqual([]);
}

async function firstCaseStudy(page: Page): Promise<{ id: string; slug: string }> {
  const studies = (await (await page.request.get("/api/public/case-studies")).json()) as { id: string; slug: string }[];
  expect(studies.length).toBeGreaterThan(0);
  return studies[0]!;
}

// Two halves of the public pages, so each test stays within its time on a busy machine (and two workers share them).
for (const [half, range] of [
  ["first", [0, 5]],
  ["second", [5, PUBLIC_PAGES.length + 1]],
] as const) {
  test(`every public page (the ${half} half): a nonce in the policy and on every script, hydrated, client-side navigation, nothing blocked`, async ({
    page,
    cspViolations,
  }) => {
    test.slow();
    const pages = [...PUBLIC_PAGES, `/case-studies/${(await firstCaseStudy(page)).slug}`];
    const nonces = new Set<string>();
    for (let index = range[0]; index < range[1]; index++) {
      const path = pages[index]!;
      nonces.add(await visit(page, path, cspViolations));
      if (path === "/api/docs") {
        // The reference's in-page links work under the policy.
        await page.getByRole("main").getByRole("link", { name: "CaseStudy", exact: true }).first().click();
        await expect(page).toHaveURL(/#schema-CaseStudy$/);
      }
      if (path === "/api/docs" || path === "/login") continue; // pages of their own, outside the site's frame
      const next = pages[(index + 1) % pages.length]!;
      await navigateOnTheClient(page, next === "/api/docs" ? "/" : next, cspViolations);
    }
    // A fresh nonce for every response.
    expect(nonces.size).toBe(range[1] - range[0]);
  });
}

test("a page not found and its error boundary get the policy and the nonce too", async ({ page, cspViolations }) => {
  await visit(page, "/no-such-page", cspViolations, 404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  await visit(page, "/case-studies/000000000000000000000000", cspViolations, 404);
});

test("every dashboard page: a nonce in the policy and on every script, hydrated, client-side navigation, nothing blocked", async ({
  page,
  cspViolations,
}) => {
  test.slow();
  await signIn(page);
  const studyId = (await firstCaseStudy(page)).id;
  const admins = (await (await page.request.get("/api/admins")).json()) as { id: string; email: string }[];
  const me = admins.find((admin) => admin.email === "e2e-admin@example.com")!;
  const pages = [
    ...DASHBOARD_PAGES,
    `/dashboard/case-studies/edit/${studyId}`,
    `/dashboard/case-studies/${studyId}/delete`,
    `/dashboard/users/${me.id}/edit`,
  ];
  for (const [index, path] of pages.entries()) {
    await visit(page, path, cspViolations);
    await navigateOnTheClient(page, DASHBOARD_PAGES[(index + 1) % DASHBOARD_PAGES.length]!, cspViolations);
  }
  // The sidebar's links are followed on the client too.
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  const settings = page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Settings" });
  await waitForHydration(settings);
  await settings.click();
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  expect(cspViolations).toEqual([]);
});

test("a page revalidated from the browser's cache (304) keeps working: the stored policy matches the stored page", async ({
  page,
  cspViolations,
}) => {
  const first = await visit(page, "/privacy", cspViolations);
  await page.goto("/terms");
  // Back to /privacy: max-age=0, so the browser revalidates its copy with If-None-Match and gets a 304.
  const again = await page.goto("/privacy");
  expect(await again!.request().headerValue("if-none-match"), "the browser revalidated its copy").toMatch(/^W\//);
  // The stored page came back (a new answer would have a new nonce). The 304 carried no policy, so the
  // browser kept the one it stored with the page, whose nonce the stored scripts carry: they run.
  await expect(page.locator("#mark-scripted")).toHaveJSProperty("nonce", first);
  await documentHydrated(page);
  await navigateOnTheClient(page, "/terms", cspViolations);
  expect(cspViolations).toEqual([]);
});
