import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { documentHydrated, expect, test, type Page } from "../fixtures";
import { messages } from "../../../app/domain/messages";
import { randomAddress } from "../../support/addresses";
import { freePort, run, type Running } from "../../support/processes";
import { startSmtpSink } from "../../support/smtp";
import { atPersonsPace, toast, unique, checkScreen } from "./helpers";

/**
 * An invitation, a forgotten password and a reply to a lead, each walked whole in the browser, with JavaScript on and
 * off: the mail read from an SMTP server this spec runs, the link in it followed. The shared test server has no SMTP_URL (other
 * specs check that mail is off), so this spec starts a server of its own, pointed at its SMTP server.
 */

test.describe.configure({ mode: "serial" });

const admin = { email: "links-admin@studio.test", password: "links-admin-password" };
let server: Running;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let base = "";
let folder = "";

test.beforeAll(async () => {
  test.setTimeout(120_000);
  smtp = await startSmtpSink();
  const port = await freePort();
  folder = mkdtempSync(path.join(tmpdir(), "studio-links-"));
  base = `http://localhost:${port}`;
  server = run(process.execPath, ["scripts/start.mjs"], {
    NODE_ENV: "production",
    PORT: String(port),
    SITE_URL: base,
    TRUST_PROXY: "1",
    SMTP_URL: smtp.url,
    MAIL_FROM: "Studio <dashboard@studio.test>",
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    // A first start of its own: never the developer's data or images.
    DATA_DIR: path.join(folder, "data"),
    UPLOAD_DIR: path.join(folder, "uploads"),
  });
  await server.waitFor(/\[remix-serve\] http/, 110_000);
});

test.afterAll(async () => {
  if (server && server.child.exitCode === null) server.child.kill("SIGTERM");
  await server?.exited;
  await smtp?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** The link in the newest mail to `to` that names `path`, once it has arrived (a reset's waits for the outbox's next turn, ≤ 10 s). */
async function linkMailedTo(to: string, linkPath: "/invitation" | "/reset-password") {
  const pattern = new RegExp(`${base}${linkPath}/[A-Za-z0-9_-]{43}`);
  let link = "";
  await expect
    .poll(
      () => {
        const mail = smtp.received.filter((received) => received.rcptTo.includes(to)).at(-1);
        link = (mail && pattern.exec(mail.text)?.[0]) ?? "";
        return link;
      },
      { timeout: 20_000 },
    )
    .not.toBe("");
  return link;
}

/** Signs in through the form, as a person does (with JavaScript the page moves on 2 s later). */
async function signInByForm(page: Page, credentials: { email: string; password: string }) {
  await page.goto(`${base}/login`);
  await page.getByLabel("Email").fill(credentials.email);
  await page.getByLabel("Password").fill(credentials.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(`${base}/dashboard`);
}

test("an invitation is mailed from the Users screen, its link makes the account, and the new admin signs in", async ({ page, browser }) => {
  test.slow();
  const name = unique("Invited");
  const email = `${name.split(" ").pop()}@studio.test`;
  await signInByForm(page, admin);
  await page.goto(`${base}/dashboard/users`);
  await page.getByRole("link", { name: "Send an invitation instead" }).click();
  await expect(page).toHaveURL(`${base}/dashboard/users?add=invitation`);
  if (test.info().project.use.javaScriptEnabled) await documentHydrated(page);
  const section = page.getByRole("region", { name: "Add New Admin" });
  // Both of the section's forms have a Name field: with JavaScript, the address changes before the invitation form
  // replaces the other one, and a name typed in between went with the form it was typed in.
  await expect(section.getByRole("button", { name: "Send Invitation" })).toBeVisible();
  await section.getByLabel("Name").fill(name);
  await section.getByLabel("Email").fill(email);
  await section.getByRole("button", { name: "Send Invitation" }).click();
  await expect(toast(page, `Invitation sent to ${email.toLowerCase()}`)).toHaveCount(1);
  await expect(section.getByLabel("Name")).toHaveValue("");
  const pending = page.getByRole("list", { name: "Pending invitations" }).getByRole("listitem").filter({ hasText: name });
  await expect(pending).toContainText(/Link works until \d+ \w+ \d{4}, \d\d:\d\d UTC/);
  await expect(pending.getByRole("button", { name: `Withdraw the invitation to ${email.toLowerCase()}` })).toBeVisible();
  await checkScreen(page);

  // The invitee, in a browser of their own, opens the mail's link: the address loses the token at once.
  const link = await linkMailedTo(email.toLowerCase(), "/invitation");
  const invitee = await browser.newContext({ javaScriptEnabled: test.info().project.use.javaScriptEnabled });
  const theirs = await invitee.newPage();
  await theirs.goto(link);
  await expect(theirs).toHaveURL(`${base}/invitation`);
  await expect(theirs.getByRole("heading", { name: `Welcome, ${name}` })).toBeVisible();
  await expect(theirs.getByLabel("Email")).toHaveValue(email.toLowerCase());
  await checkScreen(theirs);
  await theirs.getByLabel("Password").fill("short");
  await theirs.getByRole("button", { name: "Make my account" }).click();
  await expect(theirs.getByLabel("Password")).toHaveAccessibleDescription(/The password must be at least 8 characters long/);
  await theirs.getByLabel("Password").fill("invited-password-1");
  await theirs.getByRole("button", { name: "Make my account" }).click();
  await expect(theirs).toHaveURL(`${base}/login`);
  await expect(toast(theirs, "Your account is ready. Please sign in with your new password.")).toHaveCount(1);
  await signInByForm(theirs, { email: email.toLowerCase(), password: "invited-password-1" });

  // Used: the link now says so, and only that.
  await theirs.goto(link);
  await expect(theirs.getByRole("heading", { name: "This invitation cannot be used" })).toBeVisible();
  await expect(theirs.getByText("This link has already been used.")).toBeVisible();
  await invitee.close();

  await page.goto(`${base}/dashboard/users`);
  await expect(page.getByRole("list", { name: "Admin list" })).toContainText(name);
  await expect(page.getByRole("list", { name: "Pending invitations" })).toHaveCount(0);
});

test("a reply from a lead's page reaches the visitor from MAIL_FROM, answered to the admin, and the lead shows it sent", async ({
  page,
  browser,
}) => {
  test.slow();
  const name = unique("Replied lead");
  const email = `lead-${Date.now().toString(36)}@example.com`;
  const visitorContext = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { "X-Forwarded-For": randomAddress() } });
  try {
    const visitor = await visitorContext.newPage();
    await visitor.goto(`${base}/contact`);
    const shownAt = Date.now();
    const form = visitor.locator("main form");
    await form.getByLabel("Name").fill(name);
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Message").fill(`Hello from ${name}`);
    const [a, b] = ((await form.getByText(/^What is \d+ \+ \d+\?$/).textContent()) ?? "").match(/\d+/g)!.map(Number);
    await form.getByPlaceholder("Enter the sum").fill(String(a! + b!));
    await atPersonsPace(visitor, shownAt);
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(visitor.getByText("Thanks! Your message has been sent.").first()).toBeVisible();
  } finally {
    await visitorContext.close();
  }

  await signInByForm(page, admin);
  await page.goto(`${base}/dashboard/messages?q=${encodeURIComponent(name)}`);
  await page.getByRole("link", { name, exact: true }).click();
  const reply = page.getByRole("form", { name: `Reply to ${name}` });
  await expect(reply.getByLabel("Subject")).toHaveValue(/^Re: your message to /);
  await expect(reply.getByLabel("Message")).toHaveValue(new RegExp(`> Hello from ${name}`));
  await reply.getByLabel("Message").fill(`Thank you, ${name}: shall we talk on Monday?`);
  await reply.getByRole("button", { name: "Send reply" }).click();
  await expect(toast(page, messages.leadReplyQueued)).toHaveCount(1);

  await expect.poll(() => smtp.received.filter((mail) => mail.rcptTo.includes(email)).length, { timeout: 20_000 }).toBe(1);
  const mail = smtp.received.find((received) => received.rcptTo.includes(email))!;
  expect(mail.headers["from"]).toContain("dashboard@studio.test");
  expect(mail.headers["reply-to"]).toContain(admin.email);
  expect(mail.headers["subject"]).toMatch(/^Re: your message to /);
  expect(mail.text).toContain(`Thank you, ${name}: shall we talk on Monday?`);

  // The outbox reports the send to the lead: its history says so.
  await expect
    .poll(
      async () => {
        await page.reload();
        return (await page.getByRole("listitem").filter({ hasText: "replied:" }).textContent()) ?? "";
      },
      { timeout: 20_000 },
    )
    .toContain("(sent)");
});

test("a forgotten password: asked for from the sign-in page, mailed, changed, and the old session is gone", async ({ page, browser }) => {
  test.slow();
  // Signed in elsewhere before: that session must end with the reset.
  const elsewhere = await browser.newContext({ javaScriptEnabled: test.info().project.use.javaScriptEnabled });
  const before = await elsewhere.newPage();
  await signInByForm(before, admin);

  await page.goto(`${base}/login`);
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page).toHaveURL(`${base}/forgot-password`);
  await checkScreen(page);
  await page.getByLabel("Email").fill(admin.email.toUpperCase());
  await page.getByRole("button", { name: "Email me a link" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await expect(page.getByRole("status")).toHaveText(
    "If an admin account has this email, a link to choose a new password is on its way. It works once, for 1 hour.",
  );

  const link = await linkMailedTo(admin.email, "/reset-password");
  await page.goto(link);
  await expect(page).toHaveURL(`${base}/reset-password`);
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await checkScreen(page);
  const changed = { email: admin.email, password: "links-admin-password-2" };
  await page.getByLabel("New password").fill(changed.password);
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page).toHaveURL(`${base}/login`);
  await expect(
    toast(
      page,
      "Your password has been changed, and every session and API token of your account has ended. Please sign in with your new password.",
    ),
  ).toHaveCount(1);

  await before.goto(`${base}/dashboard`);
  await expect(before).toHaveURL(`${base}/login?redirectTo=%2Fdashboard`);
  await expect(toast(before, "Session expired. Please log in again.")).toHaveCount(1);
  await elsewhere.close();
  await signInByForm(page, changed);
});
