import { randomBytes } from "node:crypto";
import { createCookie } from "@remix-run/node";
import { expect, test, type Page } from "../fixtures";
import { e2eSessionSecret } from "../../../playwright.config";
import { expectNoAxeViolations, viewports } from "../support";
import { signIn, toast } from "./helpers";

/**
 * The dashboard frame (docs/behaviour.md#dashboard): the sidebar, the header's title by path, the 404 inside the
 * frame, with JavaScript on (client-side navigation) and off; axe on the frame at both widths once, with JavaScript.
 * The server-side guard and the ended session are the server's answers, the same either way: checked once, without
 * JavaScript (their rules are in tests/integration/auth.test.ts and sessions.test.ts).
 */

const sidebar = (page: Page) => page.getByRole("navigation", { name: "Dashboard" });

/**
 * The sidebar's entries in order, grouped (Work, Site, People and settings), My account last
 * (docs/behaviour.md#dashboard). Written out, not imported, so a renamed label fails.
 */
const SIDEBAR: readonly (readonly [label: string, href: string])[] = [
  ["Dashboard", "/dashboard"],
  ["Upload Case Study", "/dashboard/case-studies/upload"],
  ["Case Study List", "/dashboard/case-studies/list"],
  ["Messages", "/dashboard/messages"],
  ["Analytics", "/dashboard/analytics"],
  ["Site content", "/dashboard/content"],
  ["Settings", "/dashboard/settings"],
  ["Users", "/dashboard/users"],
  ["Audit log", "/dashboard/audit-log"],
  ["My account", "/dashboard/account"],
];

test("the frame: guarded, the sidebar lists every screen in order, then Logout, the header names the screen, an unknown address is a 404 in it, an ended session signs out", async ({
  page,
  context,
  baseURL,
  javaScriptEnabled: js,
}) => {
  test.slow();
  await test.step("a visitor is sent to sign in from every screen, and from an unknown address", async () => {
    await page.goto("/dashboard/no-such-screen");
    await expect(page).toHaveURL(`/login?${new URLSearchParams({ redirectTo: "/dashboard/no-such-screen" })}`);
    if (js) return;
    for (const [, href] of SIDEBAR) {
      await page.goto(href);
      await expect(page).toHaveURL(`/login?${new URLSearchParams({ redirectTo: href })}`);
    }
  });

  await signIn(page);
  await test.step("the sidebar and the header", async () => {
    await page.goto("/dashboard");
    const links = sidebar(page).getByRole("link");
    await expect(links).toHaveCount(SIDEBAR.length);
    for (const [index, [label, href]] of SIDEBAR.entries()) {
      // Messages may carry its unread count after the label.
      await expect(links.nth(index)).toHaveText(label === "Messages" ? /^Messages( \d+ unread)?$/ : label);
      await expect(links.nth(index)).toHaveAttribute("href", href);
    }
    await expect(sidebar(page).getByRole("button", { name: "Logout" })).toBeVisible();
    await expect(page.getByText("Welcome, Admin")).toBeVisible();
    await expect(page.getByRole("link", { name: "View site (opens in a new tab)" })).toHaveAttribute("href", "/");
    if (!js) {
      // On a phone the entries sit behind "Menu", a <details> that opens without JavaScript, Logout last.
      await page.setViewportSize(viewports.small);
      await expect(sidebar(page)).toBeHidden();
      await page.locator("summary", { hasText: "Menu" }).click();
      await expect(sidebar(page).getByRole("link")).toHaveCount(SIDEBAR.length);
      await expect(sidebar(page).getByRole("link").or(sidebar(page).getByRole("button")).last()).toHaveText("Logout");
      await expect(sidebar(page).getByRole("button", { name: "Logout" })).toBeInViewport();
      await page.setViewportSize(viewports.wide);
    }
    if (js) {
      for (const viewport of [viewports.small, viewports.wide]) {
        await page.setViewportSize(viewport);
        await expectNoAxeViolations(page);
      }
    }

    for (const [path, title] of [
      ["/dashboard/case-studies/list", "Dashboard"],
      ["/dashboard/users", "User Management"],
      ["/dashboard/settings", "Settings"],
      ["/dashboard", "Dashboard"],
    ] as const) {
      // With JavaScript through the sidebar (client-side), without it a page each.
      await sidebar(page).locator(`a[href="${path}"]`).click();
      await expect(page).toHaveURL(path);
      await expect(page.getByRole("banner").getByRole("heading", { level: 1 })).toHaveText(title);
      // The current screen is marked in the sidebar.
      await expect(sidebar(page).locator('[aria-current="page"]')).toHaveAttribute("href", path);
    }
  });

  await test.step("an unknown address answers 404 inside the frame, with a title", async () => {
    const response = await page.goto("/dashboard/no-such-screen");
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle(/^Page not found \| .+/);
    await expect(page.getByRole("main").getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(sidebar(page).getByRole("link")).toHaveCount(SIDEBAR.length);
    await expect(page.getByRole("banner").getByRole("heading", { level: 1 })).toHaveText("Dashboard");
    await page.getByRole("link", { name: "Back to the dashboard" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  if (js) return;
  await test.step("a session that has ended (past its 4 hours, or elsewhere): /login with 'Session expired. Please log in again.'", async () => {
    // A genuine session cookie (signed as the server signs it) whose session no longer exists: it ended after
    // its 4 hours (or elsewhere), so the server holds no record for its id.
    const current = (await context.cookies()).find((cookie) => cookie.name === "__session");
    expect(current).toBeDefined();
    const sessionCookie = createCookie("__session", { secrets: [e2eSessionSecret], path: "/", httpOnly: true, sameSite: "lax" });
    const ended = /^__session=([^;]*)/.exec(await sessionCookie.serialize(randomBytes(32).toString("base64url")))?.[1] ?? "";
    await context.addCookies([{ name: "__session", value: ended, url: baseURL! }]);

    await page.goto("/dashboard/settings");
    await expect(page).toHaveURL("/login?redirectTo=%2Fdashboard%2Fsettings");
    await expect(toast(page, "Session expired. Please log in again.")).toBeVisible();
    // The session is gone, not just refused once.
    expect((await context.cookies()).find((cookie) => cookie.name === "__session")).toBeUndefined();
    await page.goto("/dashboard");
    await expect(page).toHaveURL("/login?redirectTo=%2Fdashboard");
    await expect(toast(page, "Session expired. Please log in again.")).toHaveCount(0);
  });
});
