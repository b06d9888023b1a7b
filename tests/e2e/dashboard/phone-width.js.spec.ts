import { expect, test, type Page } from "../fixtures";
import { expectNoAxeViolations, viewports } from "../support";
import { sendMessageAsVisitor, signIn, unique } from "./helpers";

/**
 * No page is wider than a 390 px phone, and none has an axe violation there (docs/behaviour.md#frame): every public
 * and dashboard page, the 404s and the confirmation pages, with an unread message so the Messages entry carries its
 * count. Here, not in the public project, because the dashboard's pages need a signed-in admin and data of their
 * own. With JavaScript only: the pages' CSS is the same without it, and the hydrated page is the one that can grow
 * (client-rendered parts). The confirmation pages, which only exist without JavaScript, are loaded by address all
 * the same.
 */

const PUBLIC = [
  "/",
  "/services",
  "/about",
  "/case-studies",
  "/case-studies?page=2",
  "/contact",
  "/privacy",
  "/terms",
  "/disclaimer",
  "/login",
  "/api/docs",
  "/no-such-page",
  "/about/no-such-page",
  "/case-studies/000000000000000000000000",
];

const DASHBOARD = [
  "/dashboard",
  "/dashboard/case-studies/upload",
  "/dashboard/case-studies/list",
  "/dashboard/case-studies/list?status=draft",
  "/dashboard/analytics",
  "/dashboard/settings",
  "/dashboard/users",
  "/dashboard/messages",
  "/dashboard/no-such-page",
];

/** The first link on `path` whose address matches `pattern`, as a path. */
async function linkOn(page: Page, path: string, pattern: RegExp): Promise<string> {
  await page.goto(path);
  const hrefs = await page.locator("a[href]").evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  const href = hrefs.find((candidate) => pattern.test(candidate));
  expect(href, `${path} links to ${pattern}`).toBeDefined();
  return href!;
}

// The API reference is checked by axe at this width in api-docs.nojs.spec.ts, with its repeated operations removed
// first: the whole page takes axe about 25 s.
const AXE_ELSEWHERE = new Set(["/api/docs"]);

async function expectFitsPhone(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator("body")).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${path} is ${width} px wide`).toBeLessThanOrEqual(viewports.small.width);
  if (!AXE_ELSEWHERE.has(path)) await test.step(`axe on ${path}`, () => expectNoAxeViolations(page));
}

test.describe("on a phone (390×844)", () => {
  test.use({ viewport: viewports.small });

  test("every public page, as a visitor sees it, fits the screen's width, with no axe violation", async ({ page }) => {
    // About 15 pages, one after another, each with axe: more than the default budget on a busy machine.
    test.setTimeout(120_000);
    const pages = [...PUBLIC, await linkOn(page, "/case-studies", /^\/case-studies\/[a-z0-9]+(?:-[a-z0-9]+)*$/)];
    for (const path of pages) await expectFitsPhone(page, path);
  });

  test("the Menu opens with every dashboard entry and Logout on screen at once, with the unread count; every dashboard page fits the screen's width, with no axe violation", async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    await sendMessageAsVisitor(context, unique("Width"));
    await signIn(page);

    await page.goto("/dashboard/settings");
    await page.locator("summary", { hasText: "Menu" }).click();
    const nav = page.getByRole("navigation", { name: "Dashboard" });
    await expect(nav.getByRole("link", { name: /^Messages \d+ unread$/ })).toBeVisible();
    const entries = nav.getByRole("link").or(nav.getByRole("button", { name: "Logout" }));
    await expect(entries).toHaveCount(11);
    for (const entry of await entries.all()) await expect(entry).toBeInViewport({ ratio: 1 });

    const pages = [
      ...DASHBOARD,
      await linkOn(page, "/dashboard/case-studies/list", /^\/dashboard\/case-studies\/edit\/[0-9a-f]{24}$/),
      await linkOn(page, "/dashboard/users", /^\/dashboard\/users\/[0-9a-f]{24}\/edit$/),
      await linkOn(page, "/dashboard/messages", /^\/dashboard\/messages\/[0-9a-f]{24}\/delete$/),
    ];
    const studyId = /[0-9a-f]{24}/.exec(pages.find((path) => path.startsWith("/dashboard/case-studies/edit/"))!)![0];
    const adminId = /[0-9a-f]{24}/.exec(pages.find((path) => path.startsWith("/dashboard/users/"))!)![0];
    pages.push(`/dashboard/case-studies/${studyId}/delete`, `/dashboard/users/${adminId}/delete`);
    for (const path of pages) await expectFitsPhone(page, path);
  });
});
