import { expect, test } from "../fixtures";
import { randomAddress } from "../../support/addresses";
import { signIn, toast, unique, checkScreen } from "./helpers";

/**
 * My sessions and the audit log (docs/behaviour.md#my-sessions, #audit-log), with JavaScript on and off: an admin
 * signed in in two browsers and holding an API token ends the other browser's session and the token, finds both on
 * the audit log filtered to them, then ends the session in use. A throwaway admin, so other tests' sessions stay.
 */

const PHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";

test("an admin ends another of their sessions and a token, sees it on the audit log, filtered, then ends this one", async ({
  page,
  browser,
  request,
}) => {
  // Two browsers, an API client and four accessibility checks in one walk: more than the default 30 s on a busy machine.
  test.slow();
  const name = unique("Sessions");
  const credentials = { email: `${name.split(" ").pop()}@studio.test`, password: "sessions-password" };
  await signIn(page);
  expect((await page.request.post("/dashboard/users", { form: { name, ...credentials }, maxRedirects: 0 })).status()).toBeLessThan(400);
  await signIn(page, credentials);

  // The same admin on a phone, from an address of its own, and an API client with a token.
  const phoneAddress = randomAddress();
  const elsewhere = await browser.newContext({
    javaScriptEnabled: test.info().project.use.javaScriptEnabled,
    userAgent: PHONE,
    extraHTTPHeaders: { "X-Forwarded-For": phoneAddress },
  });
  const phone = await elsewhere.newPage();
  await signIn(phone, credentials);
  // A client of its own (no session cookie), so only the token can answer for it.
  const login = await request.post("/api/login", { data: credentials, headers: { "User-Agent": "curl/8.5.0" } });
  const { token } = (await login.json()) as { token: string };
  const validate = () => request.get("/api/validate-token", { headers: { Authorization: `Bearer ${token}` } });
  expect((await validate()).status()).toBe(200);

  await page.goto("/dashboard/account");
  await expect(page.getByText("2 signed-in browsers and 1 API token.")).toBeVisible();
  await page.getByRole("link", { name: "See and end your sessions" }).click();
  await expect(page.getByRole("heading", { name: "My sessions" })).toBeVisible();
  const sessions = page.getByRole("list", { name: "Your sessions" }).getByRole("listitem");
  await expect(sessions).toHaveCount(2);
  const mine = sessions.filter({ hasText: "This session" });
  const theirs = sessions.filter({ hasText: "Safari 17 on iPhone" });
  await expect(mine).toHaveCount(1);
  await expect(theirs).toContainText(phoneAddress);
  await expect(theirs).not.toContainText("This session");
  const tokens = page.getByRole("list", { name: "Your API tokens" }).getByRole("listitem");
  await expect(tokens).toHaveText(/curl 8/);
  await checkScreen(page);

  await theirs.getByRole("button", { name: /^End session: Safari 17 on iPhone/ }).click();
  await expect(toast(page, "Session ended")).toBeVisible();
  await expect(sessions).toHaveCount(1);
  await phone.goto("/dashboard");
  await expect(phone).toHaveURL("/login?redirectTo=%2Fdashboard");
  await elsewhere.close();

  await tokens.getByRole("button", { name: /^Revoke token: curl 8/ }).click();
  await expect(toast(page, "API token revoked")).toBeVisible();
  await expect(page.getByText("No API tokens")).toBeVisible();
  expect((await validate()).status()).toBe(401);

  // The audit log, filtered to this admin's session ends: in the address, so it works without JavaScript.
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Audit log" }).click();
  await expect(page.getByRole("heading", { name: "Audit log" })).toBeVisible();
  await page.getByLabel("Who").selectOption({ label: `${name} (${credentials.email.toLowerCase()})` });
  await page.getByLabel("What").selectOption({ label: "Session ended" });
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/\/dashboard\/audit-log\?actor=[0-9a-f]{24}&action=session\.ended&from=&to=$/);
  const entries = page.getByRole("list", { name: "Audit log entries, newest first" }).getByRole("listitem");
  await expect(entries).toHaveCount(1);
  await expect(entries).toContainText(`Session ended: Safari 17 on iPhone, ${phoneAddress}`);
  await expect(entries).toContainText(`${name} <${credentials.email.toLowerCase()}>`);
  await expect(page.getByRole("status").filter({ hasText: "1 entry match these filters" })).toBeVisible();
  await checkScreen(page);
  await page.getByLabel("What").selectOption({ label: "API token revoked" });
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(entries).toHaveCount(1);
  await expect(entries).toContainText("API token revoked: curl 8");
  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(page).toHaveURL("/dashboard/audit-log");

  // Ending the session in use signs out.
  await page.goto("/dashboard/account/sessions");
  await mine.getByRole("button", { name: /^End this session/ }).click();
  await expect(page).toHaveURL("/login");
  await expect(toast(page, "Logged out successfully")).toBeVisible();
});
