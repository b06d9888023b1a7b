import { createHash } from "node:crypto";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ACCOUNT_LINK_PURPOSES } from "~/domain/account-links";
import { listAdmins } from "~/domain/admins.server";
import { listAuditEvents } from "~/domain/audit-log.server";
import { messages } from "~/domain/messages";
import { getPublishedContent } from "~/domain/site-content.server";
import { AccountLinkModel, STORED_LINK_PURPOSES } from "~/models/account-link.server";
import { AuditEventModel } from "~/models/audit-event.server";
import { MailOutboxModel } from "~/models/mail-outbox.server";
import * as root from "~/root";
import * as apiAdmin from "~/routes/api.admins.$id";
import * as apiAdmins from "~/routes/api.admins";
import * as invitationPage from "~/routes/invitation.($token)";
import * as users from "~/routes/dashboard.users";
import * as confirmDelete from "~/routes/dashboard.users_.$id.delete";
import * as edit from "~/routes/dashboard.users_.$id.edit";
import { connectDb } from "~/server/db.server";
import { getEnv } from "~/server/env.server";
import { issueToken } from "~/domain/access.server";
import { outboxIdle } from "~/server/mail-outbox.server";
import { checkCredentials } from "../support/admins";
import { apiRequest } from "../support/factories";
import { refusal } from "../support/form-replies";
import { call, cookiesFrom, get, postForm } from "../support/remix";
import { signedInAdmin } from "../support/session";
import { useSmtpSink } from "../support/mail-hooks";

/**
 * Invitations (docs/behaviour.md#invitations): sent from the Users screen, mailed through the outbox to the
 * in-process SMTP server, and the link in the mail followed to make the account. Also the audit log of adding,
 * changing and deleting admins.
 */

let me: Awaited<ReturnType<typeof signedInAdmin>>;
const env = getEnv();

beforeAll(async () => {
  await connectDb();
  me = await signedInAdmin("inviter@studio.test", "Ines Inviter");
});
const smtp = useSmtpSink();

beforeEach(async () => {
  await AccountLinkModel.deleteMany({});
  await AuditEventModel.deleteMany({});
});

let seq = 0;
const nextEmail = (prefix = "invitee") => `${prefix}-${++seq}@studio.test`;

function invite(fields: { name: string; email: string }, cookie = me.cookie) {
  return call(users.action, postForm("/dashboard/users?add=invitation", { intent: "invite", ...fields }, cookie));
}

function changeInvitation(intent: "resend" | "withdraw", id: string) {
  return call(users.action, postForm("/dashboard/users", { intent, id }, me.cookie));
}

async function toastOf(headers: Headers) {
  const result = await call(root.loader, get("/dashboard/users", cookiesFrom(headers, me.cookie)));
  return (result.data as { toast: { message: string; type: string } | null }).toast;
}

const LINK = /http:\/\/localhost:3000\/invitation\/([A-Za-z0-9_-]{43})/;

/** The invitation mail that reached the SMTP server for `to`, and the link in it. */
async function mailTo(to: string) {
  await outboxIdle();
  const mail = smtp.received.filter((received) => received.rcptTo.includes(to)).at(-1);
  expect(mail, `a mail to ${to}`).toBeDefined();
  const link = LINK.exec(mail!.text)?.[0];
  expect(link, "the link in the text part").toBeDefined();
  return { mail: mail!, link: link! };
}

/** Opens the mail's link as a browser does: the token moves into a cookie, and the page is /invitation. */
async function follow(link: string) {
  const { pathname } = new URL(link);
  const token = pathname.split("/").pop()!;
  const opened = await call(invitationPage.loader, get(pathname), { token });
  expect(opened.status).toBe(302);
  expect(opened.headers.get("Location")).toBe("/invitation");
  expect(opened.headers.get("Cache-Control")).toBe("no-store");
  return cookiesFrom(opened.headers);
}

const pageOf = async (cookie: string) => (await call(invitationPage.loader, get("/invitation", cookie))).data as Record<string, unknown>;
const accept = (cookie: string, password: string) => call(invitationPage.action, postForm("/invitation", { password }, cookie));

const actions = async () => (await listAuditEvents({}, { perPage: 50 })).items;

describe("invitations from the Users screen", () => {
  it("names the same purposes in the model as in the domain", () => {
    expect([...STORED_LINK_PURPOSES]).toEqual([...ACCOUNT_LINK_PURPOSES]);
  });

  it("mails a link that, followed, makes the account with the password chosen, once; then the invitee signs in", async () => {
    const email = nextEmail();
    const name = 'Nia <b>"Ops"</b> & Co';
    const sent = await invite({ name, email: email.toUpperCase() });
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe("/dashboard/users?add=invitation");
    expect(await toastOf(sent.headers)).toMatchObject({ message: messages.invitationSent(email), type: "success" });

    const listed = (await call(users.loader, get("/dashboard/users", me.cookie))).data as { invitations: unknown[]; inviting: boolean };
    expect(listed.inviting).toBe(false);
    expect(listed.invitations).toEqual([expect.objectContaining({ name, email, expired: false })]);

    const { mail, link } = await mailTo(email);
    const brand = (await getPublishedContent()).brand.name;
    expect(mail.headers.subject).toBe(`You are invited to the ${brand} dashboard`);
    expect(mail.text).toContain("Ines Inviter has invited you");
    expect(mail.text).toContain("for 48 hours");
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain("Hello Nia &lt;b&gt;&quot;Ops&quot;&lt;/b&gt; &amp; Co,");
    expect(mail.html).not.toContain("<b>");
    // Only the hash is stored, and the mail's body is blanked in the outbox once sent.
    const token = link.split("/").pop()!;
    const stored = await AccountLinkModel.findOne({}).lean();
    expect(stored!.token_hash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(JSON.stringify(await MailOutboxModel.find({}).lean())).not.toContain(token);

    const cookie = await follow(link);
    expect(cookie).not.toContain(token);
    expect(await pageOf(cookie)).toEqual({ state: "pending", invitee: { name, email, role: "admin" } });

    const short = await accept(cookie, "short");
    expect(short.status).toBe(422);
    expect(refusal(short.data).errors).toEqual({ password: [messages.passwordTooShort] });
    expect((await pageOf(cookie)).state).toBe("pending");

    const accepted = await accept(cookie, "invitee-password");
    expect(accepted.status).toBe(302);
    expect(accepted.headers.get("Location")).toBe("/login");
    expect(accepted.headers.getSetCookie().some((line) => /^__invitation=;/.test(line))).toBe(true);
    const toast = await call(root.loader, get("/login", cookiesFrom(accepted.headers)));
    expect((toast.data as { toast: { message: string } }).toast.message).toBe(messages.invitationAccepted);
    expect((await checkCredentials({ email, password: "invitee-password" })).ok).toBe(true);
    expect((await listAdmins()).filter((admin) => admin.email === email)).toEqual([expect.objectContaining({ name })]);
    expect(((await call(users.loader, get("/dashboard/users", me.cookie))).data as { invitations: unknown[] }).invitations).toEqual([]);

    // Used: the same link, followed again or posted again, says so and makes nothing.
    const again = await accept(await follow(link), "another-password");
    expect(again.status).toBe(410);
    expect(refusal(again.data).message).toBe(messages.linkUsed);
    expect(await pageOf(await follow(link))).toEqual({ state: "used", message: messages.linkUsed });
    expect((await checkCredentials({ email, password: "another-password" })).ok).toBe(false);

    const events = await actions();
    expect(events.map((event) => event.action)).toEqual(["invitation.accepted", "invitation.sent"]);
    expect(events[1]).toMatchObject({
      actor: { id: me.admin.id },
      target: { type: "invitation", label: `${name} <${email}>` },
      details: { emailed: true },
    });
    expect(events[0]).toMatchObject({ actor: { name: `${name} <${email}>` }, target: { type: "admin", label: `${name} <${email}>` } });
  });

  it("refuses at the field an admin's email and one already invited; the spec's form stays the default", async () => {
    const page = async (path: string) => (await call(users.loader, get(path, me.cookie))).data as { inviting: boolean };
    expect((await page("/dashboard/users")).inviting).toBe(false);
    expect((await page("/dashboard/users?add=invitation")).inviting).toBe(true);

    const taken = await invite({ name: "Twin", email: "inviter@studio.test" });
    expect(taken.status).toBe(422);
    expect(refusal(taken.data)).toMatchObject({ errors: { email: [messages.emailTaken] }, values: { name: "Twin" } });

    const email = nextEmail();
    expect((await invite({ name: "First", email })).status).toBe(302);
    const twice = await invite({ name: "Second", email });
    expect(twice.status).toBe(422);
    expect(refusal(twice.data).errors).toEqual({ email: [messages.emailInvited] });

    const blank = await invite({ name: "", email: "not-an-email" });
    expect(refusal(blank.data).errors).toEqual({ name: [messages.fillInAllFields], email: [messages.invalidEmail] });
    expect(await AccountLinkModel.countDocuments({})).toBe(1);
  });

  it("re-send makes a new link and the old one says a newer was sent; withdraw ends it; both are recorded", async () => {
    const email = nextEmail();
    await invite({ name: "Rhea", email });
    const first = (await mailTo(email)).link;
    const [link] = await AccountLinkModel.find({}).lean();

    const resent = await changeInvitation("resend", link!._id.toString());
    expect(resent.status).toBe(302);
    expect(await toastOf(resent.headers)).toMatchObject({ message: messages.invitationResent(email) });
    const second = (await mailTo(email)).link;
    expect(second).not.toBe(first);
    expect(smtp.received).toHaveLength(2);

    const oldCookie = await follow(first);
    expect(await pageOf(oldCookie)).toEqual({ state: "replaced", message: messages.invitationLinkReplaced });
    expect((await accept(oldCookie, "rhea-password")).status).toBe(410);

    const [pending] = ((await call(users.loader, get("/dashboard/users", me.cookie))).data as { invitations: { id: string }[] })
      .invitations;
    const withdrawn = await changeInvitation("withdraw", pending!.id);
    expect(await toastOf(withdrawn.headers)).toMatchObject({ message: messages.invitationWithdrawn(email) });
    expect(await pageOf(await follow(second))).toEqual({ state: "withdrawn", message: messages.invitationLinkWithdrawn });
    const gone = await changeInvitation("withdraw", pending!.id);
    expect(await toastOf(gone.headers)).toMatchObject({ message: messages.invitationNotFound, type: "error" });
    expect((await changeInvitation("resend", pending!.id)).status).toBe(302);
    expect(await checkCredentials({ email, password: "rhea-password" })).toMatchObject({ ok: false });

    expect((await actions()).map((event) => event.action)).toEqual(["invitation.withdrawn", "invitation.resent", "invitation.sent"]);
  });

  it("an expired link says so; the invitation stays listed as expired and can be re-sent", async () => {
    const email = nextEmail();
    await invite({ name: "Ezra", email });
    const { link } = await mailTo(email);
    await AccountLinkModel.updateMany({}, { $set: { expires_at: new Date(Date.now() - 1_000) } });

    const cookie = await follow(link);
    expect(await pageOf(cookie)).toEqual({ state: "expired", message: messages.linkExpired });
    expect((await accept(cookie, "ezra-password")).status).toBe(410);
    const [listed] = (
      (await call(users.loader, get("/dashboard/users", me.cookie))).data as { invitations: { id: string; expired: boolean }[] }
    ).invitations;
    expect(listed).toMatchObject({ expired: true });
    // An expired invitation does not block a new one to the same email, which replaces it.
    expect((await invite({ name: "Ezra", email })).status).toBe(302);
    expect(await pageOf(await follow(link))).toMatchObject({ state: "replaced" });

    const fresh = (await mailTo(email)).link;
    expect((await accept(await follow(fresh), "ezra-password")).status).toBe(302);
  });

  it("two tabs accepting at once make one account, and the other is told the link is used", async () => {
    const email = nextEmail();
    await invite({ name: "Twin Tabs", email });
    const cookie = await follow((await mailTo(email)).link);
    const answers = await Promise.all([accept(cookie, "tab-one-password"), accept(cookie, "tab-two-password")]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([302, 410]);
    expect((await listAdmins()).filter((admin) => admin.email === email)).toHaveLength(1);
  });

  it("with mail off, shows the link once to the inviting admin instead, and says so; the link works", async () => {
    env.SMTP_URL = "";
    expect(((await call(users.loader, get("/dashboard/users?add=invitation", me.cookie))).data as { mailOn: boolean }).mailOn).toBe(false);
    const email = nextEmail();
    const queued = await MailOutboxModel.countDocuments({});
    const made = await invite({ name: "Hand Over", email });
    expect(made.status).toBe(200);
    const { handover } = made.data as { handover: { name: string; email: string; link: string; mailOn: boolean } };
    expect(handover).toMatchObject({ name: "Hand Over", email, mailOn: false, link: expect.stringMatching(LINK) });
    expect(messages.invitationNotEmailed(email, false)).toMatch(/^Email is off/);
    expect(await MailOutboxModel.countDocuments({})).toBe(queued);
    expect(JSON.stringify(await AccountLinkModel.find({}).lean())).not.toContain(handover.link.split("/").pop());
    expect((await actions())[0]).toMatchObject({ action: "invitation.sent", details: { emailed: false } });

    // Shown once: the list and a later page carry no link.
    const later = await call(users.loader, get("/dashboard/users?add=invitation", me.cookie));
    expect(JSON.stringify(later.data)).not.toContain(handover.link);

    expect((await accept(await follow(handover.link), "handed-password")).status).toBe(302);
    expect((await checkCredentials({ email, password: "handed-password" })).ok).toBe(true);
  });

  it("an admin added directly with an invited email ends the invitation: its link says withdrawn", async () => {
    const email = nextEmail();
    await invite({ name: "Direct", email });
    const { link } = await mailTo(email);
    const added = await call(users.action, postForm("/dashboard/users", { name: "Direct", email, password: "direct-password" }, me.cookie));
    expect(added.status).toBe(302);
    expect(await pageOf(await follow(link))).toMatchObject({ state: "withdrawn" });
  });

  it("an unknown token, or no cookie, or a cookie this server did not sign: the link is not valid", async () => {
    expect(await pageOf(await follow(`http://localhost:3000/invitation/${"A".repeat(43)}`))).toEqual({
      state: "unknown",
      message: messages.linkUnknown,
    });
    expect(await pageOf("")).toMatchObject({ state: "unknown" });
    expect(await pageOf(`__invitation=${Buffer.from(JSON.stringify("x".repeat(43))).toString("base64")}`)).toMatchObject({
      state: "unknown",
    });
    const posted = await accept("", "some-password");
    expect(posted.status).toBe(404);
    expect(refusal(posted.data).message).toBe(messages.linkUnknown);
  });

  it("reads at most 64 KB of a post to the invitation page", async () => {
    const big = postForm("/invitation", { password: "x".repeat(70 * 1024) });
    const answer = await call(invitationPage.action, big);
    expect(answer.status).toBe(413);
  });
});

describe("invitations end with the account of the admin who sent them", () => {
  const listed = async () =>
    ((await call(users.loader, get("/dashboard/users", me.cookie))).data as { invitations: { email: string }[] }).invitations.map(
      (invitation) => invitation.email,
    );

  /** An invitation sent by a second admin, and one sent by `me`, both opened by their invitees. */
  async function twoInvitations() {
    const inviter = await signedInAdmin(nextEmail("inviter"), "Second Inviter");
    const [theirs, mine] = [nextEmail(), nextEmail()];
    expect((await invite({ name: "Theirs", email: theirs }, inviter.cookie)).status).toBe(302);
    expect((await invite({ name: "Mine", email: mine })).status).toBe(302);
    return {
      inviter,
      theirs: { email: theirs, cookie: await follow((await mailTo(theirs)).link) },
      mine: { email: mine, cookie: await follow((await mailTo(mine)).link) },
    };
  }

  async function expectWithdrawn({ email, cookie }: { email: string; cookie: string }) {
    expect(await pageOf(cookie)).toEqual({ state: "withdrawn", message: messages.invitationLinkWithdrawn });
    const late = await accept(cookie, "late-password-1");
    expect(late.status).toBe(410);
    expect((await checkCredentials({ email, password: "late-password-1" })).ok).toBe(false);
    expect(await listed()).not.toContain(email);
  }

  it("deleting an admin withdraws the invitations they sent; others' stay", async () => {
    const { inviter, theirs, mine } = await twoInvitations();
    const removed = await call(confirmDelete.action, postForm(`/dashboard/users/${inviter.admin.id}/delete`, {}, me.cookie), {
      id: inviter.admin.id,
    });
    expect(removed.status).toBe(302);
    await expectWithdrawn(theirs);
    expect(await pageOf(mine.cookie)).toMatchObject({ state: "pending" });
    expect(await listed()).toContain(mine.email);
  });

  it("a new password or email for the inviting admin withdraws the invitations they sent", async () => {
    for (const change of [{ password: "changed-by-me-1" }, { email: nextEmail("moved") }]) {
      const { inviter, theirs, mine } = await twoInvitations();
      const fields = { name: inviter.admin.name, email: inviter.admin.email, password: "", ...change };
      const saved = await call(edit.action, postForm(`/dashboard/users/${inviter.admin.id}/edit`, fields, me.cookie), {
        id: inviter.admin.id,
      });
      expect(saved.status).toBe(302);
      await expectWithdrawn(theirs);
      expect(await pageOf(mine.cookie)).toMatchObject({ state: "pending" });
    }
  });
});

describe("the audit log of admin accounts", () => {
  it("records adding, changing (name or email, and the password apart) and deleting, on the screens and the API", async () => {
    const email = nextEmail("audited");
    await call(users.action, postForm("/dashboard/users", { name: "Audited", email, password: "audited-password" }, me.cookie));
    const [created] = (await listAdmins()).filter((admin) => admin.email === email);
    const editPath = `/dashboard/users/${created!.id}/edit`;
    const save = (fields: Record<string, string>) => call(edit.action, postForm(editPath, fields, me.cookie), { id: created!.id });
    expect((await save({ name: "Audited Again", email, password: "" })).status).toBe(302);
    expect((await save({ name: "Audited Again", email, password: "a-new-password" })).status).toBe(302);
    expect((await save({ name: "Audited Again", email, password: "" })).status).toBe(302);
    const removed = await call(confirmDelete.action, postForm(`/dashboard/users/${created!.id}/delete`, {}, me.cookie), {
      id: created!.id,
    });
    expect(removed.status).toBe(302);

    const { token } = await issueToken(me.admin.id);
    const viaApi = await call(
      apiAdmins.action,
      apiRequest("/api/admins", { method: "POST", token, json: { name: "Api Made", email: nextEmail("api"), password: "api-password" } }),
    );
    const apiId = (viaApi.data as { id: string }).id;
    await call(apiAdmin.action, apiRequest(`/api/admins/${apiId}`, { method: "DELETE", token }), { id: apiId });

    const events = (await actions()).reverse();
    expect(events.map((event) => event.action)).toEqual([
      "admin.created",
      "admin.updated",
      "password.changed",
      "admin.deleted",
      "admin.created",
      "admin.deleted",
    ]);
    expect(events.every((event) => event.actor.id === me.admin.id)).toBe(true);
    expect(events[0]).toMatchObject({ target: { type: "admin", id: created!.id, label: `Audited <${email}>` } });
    expect(events[1]).toMatchObject({ details: { changed: ["name"] }, target: { label: `Audited Again <${email}>` } });
    expect(events[2]).toMatchObject({ details: { own: false } });
    expect(events[3]).toMatchObject({ target: { id: created!.id, label: `Audited Again <${email}>` } });
  });
});
