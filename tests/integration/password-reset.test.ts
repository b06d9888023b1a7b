import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { findTokenAdmin, issueToken } from "~/domain/access.server";
import { listAuditEvents } from "~/domain/audit-log.server";
import { messages } from "~/domain/messages";
import { getPublishedContent } from "~/domain/site-content.server";
import { AccountLinkModel } from "~/models/account-link.server";
import { AuditEventModel } from "~/models/audit-event.server";
import { MailOutboxModel } from "~/models/mail-outbox.server";
import * as root from "~/root";
import * as apiReset from "~/routes/api.password-reset";
import * as apiResetLink from "~/routes/api.password-reset.$token";
import * as apiAdmin from "~/routes/api.admins.$id";
import * as editAdmin from "~/routes/dashboard.users_.$id.edit";
import * as dashboard from "~/routes/dashboard";
import * as forgot from "~/routes/forgot-password";
import * as loginRoute from "~/routes/login";
import * as resetPage from "~/routes/reset-password.($token)";
import { connectDb } from "~/server/db.server";
import { getEnv } from "~/server/env.server";
import { outboxIdle, processOutbox } from "~/server/mail-outbox.server";
import path from "node:path";
import { AdminModel } from "~/models/admin.server";
import { createTestAdmin, checkCredentials } from "../support/admins";
import { root as projectRoot, run } from "../support/processes";
import { signedInAdmin } from "../support/session";
import { randomAddress } from "../support/addresses";
import { apiRequest, url } from "../support/factories";
import { refusal } from "../support/form-replies";
import { call, cookiesFrom, get, postForm } from "../support/remix";
import { useSmtpSink } from "../support/mail-hooks";

/**
 * Password reset (docs/behaviour.md#password-reset): asked for on /forgot-password, mailed through the outbox to the
 * in-process SMTP server, and the link in the mail followed to choose a new password.
 */

const env = getEnv();
beforeAll(() => connectDb());
const smtp = useSmtpSink();

beforeEach(async () => {
  await Promise.all([AccountLinkModel.deleteMany({}), AuditEventModel.deleteMany({}), MailOutboxModel.deleteMany({})]);
});

let seq = 0;
async function newAdmin(password = "old-password-1") {
  const email = `reset-${++seq}@studio.test`;
  const created = await createTestAdmin({ name: `Reset <${seq}> & Co`, email, password });
  if (!created.ok) throw new Error(created.reason);
  return { ...created.value, password };
}

/** The forgot-password form, posted from `address` (one of its own unless told). */
function ask(email: string, address = randomAddress()) {
  const request = new Request(url("/forgot-password"), {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": address },
    body: new URLSearchParams({ email }),
  });
  return call(forgot.action, request);
}

const LINK = /http:\/\/localhost:3000\/reset-password\/([A-Za-z0-9_-]{43})/;

/** Every reset mail that reached the SMTP server for `to`, once the outbox has had its turn (no request kicks it). */
async function mailsTo(to: string) {
  await outboxIdle();
  await processOutbox();
  return smtp.received.filter((received) => received.rcptTo.includes(to));
}

async function linkTo(to: string) {
  const mail = (await mailsTo(to)).at(-1);
  expect(mail, `a mail to ${to}`).toBeDefined();
  return LINK.exec(mail!.text)![0];
}

/** Opens the mail's link as a browser does: the token moves into a cookie, and the page is /reset-password. */
async function follow(link: string) {
  const { pathname } = new URL(link);
  const opened = await call(resetPage.loader, get(pathname), { token: pathname.split("/").pop()! });
  expect(opened.status).toBe(302);
  expect(opened.headers.get("Location")).toBe("/reset-password");
  return cookiesFrom(opened.headers);
}

const pageOf = async (cookie: string) => (await call(resetPage.loader, get("/reset-password", cookie))).data as Record<string, unknown>;
const choose = (cookie: string, password: string) => call(resetPage.action, postForm("/reset-password", { password }, cookie));

async function signIn(admin: { email: string; password: string }) {
  const result = await call(loginRoute.action, postForm("/login", { email: admin.email, password: admin.password }));
  expect(result.status).toBe(302);
  return cookiesFrom(result.headers);
}

const dashboardStatus = async (cookie: string) => (await call(dashboard.loader, get("/dashboard", cookie))).status;

describe("asking for a password reset", () => {
  it("answers a known and an unknown email alike; only the admin is mailed, and both requests are recorded", async () => {
    const admin = await newAdmin();
    const known = await ask(admin.email.toUpperCase());
    const unknown = await ask("nobody-here@studio.test");
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(unknown.data).toEqual(known.data);
    expect([...unknown.headers]).toEqual([...known.headers]);
    expect(known.data).toEqual({ ok: true, message: messages.resetRequested("1 hour") });
    // The same work before the answer: one queued request each, no link and no mail yet (decision 0026).
    const queued = await MailOutboxModel.find({ kind: "password-reset" }).sort({ _id: 1 }).lean();
    expect(queued.map((entry) => ({ to: entry.to, status: entry.status, subject: entry.subject }))).toEqual([
      { to: [admin.email], status: "pending", subject: "" },
      { to: ["nobody-here@studio.test"], status: "pending", subject: "" },
    ]);
    expect(await AccountLinkModel.countDocuments({})).toBe(0);

    expect(await mailsTo(admin.email)).toHaveLength(1);
    const done = await MailOutboxModel.find({ kind: "password-reset" }).sort({ _id: 1 }).lean();
    expect(done.map((entry) => [entry.status, entry.last_error, entry.text])).toEqual([
      ["sent", null, ""],
      ["failed", "no admin has this email", ""],
    ]);
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    const brand = (await getPublishedContent()).brand.name;
    expect(mail!.headers.subject).toBe(`Choose a new password for ${brand}`);
    expect(mail!.text).toContain("for 1 hour");
    expect(mail!.html).toContain(`Hello Reset &lt;${seq}&gt; &amp; Co,`);
    expect(mail!.html).toContain(`href="${LINK.exec(mail!.text)![0]}"`);

    const events = (await listAuditEvents({ action: "password.reset-requested" }, { perPage: 10 })).items;
    expect(events.map((event) => ({ email: event.email, target: event.target?.id ?? null, actor: event.actor.id }))).toEqual([
      { email: "nobody-here@studio.test", target: null, actor: null },
      { email: admin.email, target: admin.id, actor: null },
    ]);
  });

  it("a newer request replaces the earlier link, which says so", async () => {
    const admin = await newAdmin();
    await ask(admin.email);
    const first = await linkTo(admin.email);
    await ask(admin.email);
    const second = await linkTo(admin.email);
    expect(second).not.toBe(first);
    expect(await pageOf(await follow(first))).toEqual({ state: "replaced", message: messages.resetLinkReplaced });
    expect(await pageOf(await follow(second))).toEqual({ state: "pending", email: admin.email });
  });

  it("is limited per email (5 an hour, known or not) and per address (10 in 15 minutes), refused like a sign-in", async () => {
    const admin = await newAdmin();
    for (const email of [admin.email, "nobody-limited@studio.test"]) {
      for (let n = 0; n < 5; n++) expect((await ask(email)).status).toBe(200);
      const refused = await ask(email);
      expect(refused.status).toBe(429);
      expect(refusal(refused.data).message).toBe(messages.resetThrottled(60));
      expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(3_000);
    }
    expect(await mailsTo(admin.email)).toHaveLength(5);

    const address = randomAddress();
    for (let n = 0; n < 10; n++) expect((await ask(`many-${n}@studio.test`, address)).status).toBe(200);
    const refused = await ask("many-10@studio.test", address);
    expect(refused.status).toBe(429);
    expect(refusal(refused.data).message).toMatch(/^Too many password reset requests\. Please try again in (14|15) minutes\.$/);
  });

  it("refuses a missing or malformed email at the field, and a body over 64 KB unread", async () => {
    expect(refusal((await ask("")).data).errors).toEqual({ email: [messages.emailRequired] });
    expect(refusal((await ask("not-an-email")).data).errors).toEqual({ email: [messages.invalidEmail] });
    const big = await call(forgot.action, postForm("/forgot-password", { email: `${"a".repeat(70 * 1024)}@studio.test` }));
    expect(big.status).toBe(413);
  });

  it("with mail off, the page says so, a request is answered so, and nothing is made", async () => {
    env.SMTP_URL = "";
    expect((await call(forgot.loader, get("/forgot-password"))).data).toEqual({ mailOn: false });
    const admin = await newAdmin();
    // 501, not 503: the feature is off on this server, which trying again later does not change.
    const answer = await ask(admin.email);
    expect(answer.status).toBe(501);
    expect(answer.headers.get("Retry-After")).toBeNull();
    expect(refusal(answer.data).message).toBe(messages.resetMailOff);
    const api = await call(
      apiReset.action,
      apiRequest("/api/password-reset", { method: "POST", json: { email: admin.email }, headers: { "X-Forwarded-For": randomAddress() } }),
    );
    expect(api.status).toBe(501);
    expect(api.headers.get("Retry-After")).toBeNull();
    expect(api.data).toEqual({ message: messages.resetMailOff });
    expect(await AccountLinkModel.countDocuments({})).toBe(0);
    expect(await MailOutboxModel.countDocuments({ kind: "account" })).toBe(0);
  });

  it("the API answers a known and an unknown email with the same 202", async () => {
    const admin = await newAdmin();
    const post = (email: string) =>
      call(
        apiReset.action,
        apiRequest("/api/password-reset", { method: "POST", json: { email }, headers: { "X-Forwarded-For": randomAddress() } }),
      );
    const [known, unknown] = [await post(admin.email), await post("nobody-api@studio.test")];
    expect(known).toMatchObject({ status: 202, data: { message: messages.resetRequested("1 hour") } });
    expect(unknown.data).toEqual(known.data);
    expect(await mailsTo(admin.email)).toHaveLength(1);
  });
});

describe("choosing a new password through the mail's link", () => {
  it("sets it once, ends every session and API token of the admin, says so, and then the admin signs in", async () => {
    const admin = await newAdmin();
    const [here, elsewhere] = [await signIn(admin), await signIn(admin)];
    const { token } = await issueToken(admin.id);
    await ask(admin.email);
    const cookie = await follow(await linkTo(admin.email));
    expect(await pageOf(cookie)).toEqual({ state: "pending", email: admin.email });

    const short = await choose(cookie, "short");
    expect(short.status).toBe(422);
    expect(refusal(short.data).errors).toEqual({ password: [messages.passwordTooShort] });
    expect(await dashboardStatus(here)).toBe(200);

    const saved = await call(resetPage.action, postForm("/reset-password", { password: "new-password-1" }, `${cookie}; ${here}`));
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/login");
    const cleared = saved.headers.getSetCookie();
    expect(cleared.some((line) => /^__reset=;/.test(line))).toBe(true);
    expect(cleared.some((line) => /^__session=;/.test(line))).toBe(true);
    const toast = await call(root.loader, get("/login", cookiesFrom(saved.headers)));
    expect((toast.data as { toast: { message: string } }).toast.message).toBe(messages.passwordResetDone);

    expect(await dashboardStatus(here)).toBe(302);
    expect(await dashboardStatus(elsewhere)).toBe(302);
    expect(await findTokenAdmin(token)).toBeNull();
    expect((await checkCredentials({ email: admin.email, password: admin.password })).ok).toBe(false);
    expect((await checkCredentials({ email: admin.email, password: "new-password-1" })).ok).toBe(true);
    expect(await dashboardStatus(await signIn({ email: admin.email, password: "new-password-1" }))).toBe(200);

    const used = await choose(cookie, "newer-password-2");
    expect(used.status).toBe(410);
    expect(refusal(used.data).message).toBe(messages.linkUsed);
    expect(await pageOf(cookie)).toEqual({ state: "used", message: messages.linkUsed });
    expect((await checkCredentials({ email: admin.email, password: "newer-password-2" })).ok).toBe(false);

    const [event] = (await listAuditEvents({ action: "password.reset" }, { perPage: 10 })).items;
    expect(event).toMatchObject({ actor: { id: admin.id }, target: { id: admin.id }, details: { sessions_ended: 2, tokens_revoked: 1 } });
  });

  it("an expired link says so and changes nothing", async () => {
    const admin = await newAdmin();
    await ask(admin.email);
    const cookie = await follow(await linkTo(admin.email));
    await AccountLinkModel.updateMany({}, { $set: { expires_at: new Date(Date.now() - 1_000) } });
    expect(await pageOf(cookie)).toEqual({ state: "expired", message: messages.linkExpired });
    const late = await choose(cookie, "too-late-password");
    expect(late.status).toBe(410);
    expect(refusal(late.data).message).toBe(messages.linkExpired);
    expect((await checkCredentials({ email: admin.email, password: admin.password })).ok).toBe(true);
  });

  it("a deleted admin's link no longer works; an unknown token or no cookie is not valid", async () => {
    const admin = await newAdmin();
    await ask(admin.email);
    const cookie = await follow(await linkTo(admin.email));
    await AdminModel.deleteOne({ _id: admin.id });
    const orphan = await choose(cookie, "orphan-password");
    expect(orphan.status).toBe(410);
    expect(refusal(orphan.data).message).toBe(messages.resetLinkWithdrawn);
    expect(await pageOf(cookie)).toEqual({ state: "withdrawn", message: messages.resetLinkWithdrawn });

    expect(await pageOf(await follow(`http://localhost:3000/reset-password/${"B".repeat(43)}`))).toEqual({
      state: "unknown",
      message: messages.linkUnknown,
    });
    expect(await pageOf("")).toMatchObject({ state: "unknown" });
    expect((await choose("", "no-cookie-password")).status).toBe(404);
  });
});

describe("a link lasts only while the account is as it was when the link was made", () => {
  let owner: Awaited<ReturnType<typeof signedInAdmin>>;
  beforeAll(async () => {
    owner = await signedInAdmin(`owner-${Date.now()}@studio.test`, "Owner");
  });

  const tokenOf = (link: string) => new URL(link).pathname.split("/").pop()!;
  const apiGet = (token: string) => call(apiResetLink.loader, apiRequest(`/api/password-reset/${token}`), { token });
  const apiPost = (token: string, password: string) =>
    call(apiResetLink.action, apiRequest(`/api/password-reset/${token}`, { method: "POST", json: { password } }), { token });

  /** Another admin's change of `admin` on the dashboard's edit page. */
  async function editedByOwner(admin: { id: string; name: string; email: string }, fields: { email?: string; password?: string }) {
    const form = { name: admin.name, email: fields.email ?? admin.email, password: fields.password ?? "" };
    const saved = await call(editAdmin.action, postForm(`/dashboard/users/${admin.id}/edit`, form, owner.cookie), { id: admin.id });
    expect(saved.status).toBe(302);
  }

  /** The link answers "ended" on every door, and its password changes nothing. */
  async function expectEnded(token: string, cookie: string, signIn: { email: string }) {
    const ended = { message: messages.resetLinkWithdrawn, state: "withdrawn" };
    expect(await apiGet(token)).toMatchObject({ status: 410, data: ended });
    expect(await pageOf(cookie)).toEqual(ended);
    expect(await apiPost(token, "taken-over-password")).toMatchObject({ status: 410, data: ended });
    expect(refusal((await choose(cookie, "taken-over-password")).data).message).toBe(messages.resetLinkWithdrawn);
    expect((await checkCredentials({ email: signIn.email, password: "taken-over-password" })).ok).toBe(false);
  }

  async function requested(admin: { email: string }) {
    await ask(admin.email);
    const link = await linkTo(admin.email);
    const token = tokenOf(link);
    expect(await apiGet(token)).toMatchObject({ status: 200, data: { state: "pending", email: admin.email } });
    return { token, cookie: await follow(link) };
  }

  it("an email changed by another admin ends it", async () => {
    const admin = await newAdmin();
    const { token, cookie } = await requested(admin);
    const moved = `moved-${seq}@studio.test`;
    await editedByOwner(admin, { email: moved });
    await expectEnded(token, cookie, { email: moved });
  });

  it("a password changed by another admin ends it", async () => {
    const admin = await newAdmin();
    const { token, cookie } = await requested(admin);
    await editedByOwner(admin, { password: "owner-chose-this-1" });
    await expectEnded(token, cookie, admin);
    expect((await checkCredentials({ email: admin.email, password: "owner-chose-this-1" })).ok).toBe(true);
  });

  it("a new name alone leaves it working", async () => {
    const admin = await newAdmin();
    const { token } = await requested(admin);
    const saved = await call(
      editAdmin.action,
      postForm(`/dashboard/users/${admin.id}/edit`, { name: "Renamed", email: admin.email, password: "" }, owner.cookie),
      { id: admin.id },
    );
    expect(saved.status).toBe(302);
    expect(await apiPost(token, "after-rename-1")).toMatchObject({ status: 200 });
    expect((await checkCredentials({ email: admin.email, password: "after-rename-1" })).ok).toBe(true);
  });

  it("a password set from the command line (admin:password) ends it", async () => {
    const admin = await newAdmin();
    const { token, cookie } = await requested(admin);
    const tsx = path.join(projectRoot, "node_modules", ".bin", "tsx");
    const env = { MONGODB_URI: process.env.MONGODB_URI, UPLOAD_DIR: process.env.UPLOAD_DIR };
    const script = run(tsx, ["scripts/admin-password.ts", "--email", admin.email, "--password", "from-the-shell-1"], env);
    expect(await script.exited, script.output()).toBe(0);
    await expectEnded(token, cookie, admin);
  });

  it("a password or email changed by any other way ends it too: the link is judged against the account itself", async () => {
    const admin = await newAdmin();
    const { token, cookie } = await requested(admin);
    const { passwords } = await import("~/server/passwords.server");
    await AdminModel.updateOne({ _id: admin.id }, { $set: { passwordHash: await passwords.hash("set-elsewhere-1") } });
    await expectEnded(token, cookie, admin);

    const other = await newAdmin();
    const second = await requested(other);
    await AdminModel.updateOne({ _id: other.id }, { $set: { email: `elsewhere-${seq}@studio.test` } });
    await expectEnded(second.token, second.cookie, { email: `elsewhere-${seq}@studio.test` });
  });

  it("a deleted admin's link says it has ended, on GET as on POST", async () => {
    const admin = await newAdmin();
    const { token, cookie } = await requested(admin);
    const bearer = (await issueToken(owner.admin.id)).token;
    const deleted = await call(apiAdmin.action, apiRequest(`/api/admins/${admin.id}`, { method: "DELETE", token: bearer }), {
      id: admin.id,
    });
    expect(deleted.status).toBe(200);
    const ended = { message: messages.resetLinkWithdrawn, state: "withdrawn" };
    expect(await apiGet(token)).toMatchObject({ status: 410, data: ended });
    expect(await pageOf(cookie)).toEqual(ended);
    expect(await apiPost(token, "orphan-password-1")).toMatchObject({ status: 410, data: ended });
    expect(await apiGet(token)).toMatchObject({ status: 410, data: ended });
  });
});
