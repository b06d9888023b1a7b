import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { issueToken } from "~/domain/access.server";
import { listAuditEvents } from "~/domain/audit-log.server";
import { changeLead, createContactMessage, getContactMessage, replyToLead } from "~/domain/contact-messages.server";
import { createApiKey } from "~/domain/api-keys.server";
import { messages } from "~/domain/messages";
import { ContactMessageModel } from "~/models/contact-message.server";
import { LeadReplyModel } from "~/models/lead-reply.server";
import { MailOutboxModel } from "~/models/mail-outbox.server";
import * as leadApi from "~/routes/api.leads.$id";
import * as replyApi from "~/routes/api.leads.$id.replies";
import * as leadPage from "~/routes/dashboard.messages_.$id._index";
import { requestOrigin } from "~/server/client-address.server";
import { connectDb } from "~/server/db.server";
import { getEnv } from "~/server/env.server";
import { OUTBOX, outboxIdle, processOutbox, queueLeadReply } from "~/server/mail-outbox.server";
import { ports } from "~/server/ports.server";
import { apiRequest } from "../support/factories";
import { useSmtpSink } from "../support/mail-hooks";
import { call, get, postForm } from "../support/remix";
import { signedInAdmin } from "../support/session";

/**
 * Replies from the lead page (docs/behaviour.md#leads): mailed through the outbox to a real SMTP server in this
 * process, kept on the lead with their state.
 */

type Admin = { id: string; name: string; email: string };
let me: { admin: Admin; cookie: string };
const FROM = "Northbeam Studio <hello@studio.test>";
const env = getEnv();
const smtp = useSmtpSink({ from: FROM });
const noMail = { newMessage: async () => {} };
// Queued without the kick a route gives, so a test sees the reply queued before the outbox runs.
const queueOnly = { ...ports.mail, reply: queueLeadReply };

beforeAll(async () => {
  await connectDb();
  await Promise.all([MailOutboxModel.init(), LeadReplyModel.init()]);
  me = await signedInAdmin("replier@example.com", "Reply Admin");
});

beforeEach(async () => {
  await Promise.all([ContactMessageModel.deleteMany({}), LeadReplyModel.deleteMany({}), MailOutboxModel.deleteMany({})]);
});

const lead = (name: string, message = `Hello from ${name}\nWe need an app.`) =>
  createContactMessage({ name, email: `${name.toLowerCase()}@example.com`, message }, noMail);
const origin = () => requestOrigin(get("/dashboard/messages"), me.admin, "form");
const replies = () => LeadReplyModel.find().sort({ created_at: 1, _id: 1 }).lean();

type Page = {
  lead: { first_response_at: string | null; history: { kind: string }[] };
  reply: { enabled: true; subject: string; body: string } | { enabled: false; mailto: string };
};
async function openPage(id: string) {
  const page = await call(leadPage.loader, get(`/dashboard/messages/${id}`, me.cookie), { id });
  expect(page.status).toBe(200);
  return page.data as Page;
}

describe("a reply from the lead page", () => {
  it("offers a subject and the message quoted, queues the mail to the lead from MAIL_FROM replying to the admin, and is marked sent", async () => {
    const ada = await lead("Ada");
    const { reply: draft } = await openPage(ada.id);
    expect(draft).toMatchObject({ enabled: true, subject: "Re: your message to Northbeam Studio" });
    const body = draft.enabled ? draft.body : "";
    expect(body).toContain("Ada wrote:\n> Hello from Ada\n> We need an app.");

    const path = `/dashboard/messages/${ada.id}`;
    const sent = await call(
      leadPage.action,
      postForm(path, { intent: "reply", subject: "Your app", body: `Hi Ada, happy to help.\n\n${body}` }, me.cookie),
      { id: ada.id },
    );
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe(path);
    await outboxIdle();

    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail!.rcptTo).toEqual(["ada@example.com"]);
    expect(mail!.headers.from).toBe(FROM);
    expect(mail!.headers["reply-to"]).toBe("replier@example.com");
    expect(mail!.headers.subject).toBe("Your app");
    expect(mail!.text).toContain("Hi Ada, happy to help.");
    expect(await replies()).toMatchObject([
      { subject: "Your app", author_name: "Reply Admin", author_email: "replier@example.com", state: "sent", failure: null },
    ]);

    const page = await openPage(ada.id);
    expect(page.lead.history).toEqual([
      expect.objectContaining({ kind: "reply", subject: "Your app", state: "sent", by: "Reply Admin", failure: null }),
    ]);
    const log = (await listAuditEvents({}, { perPage: 50 })).items.filter((entry) => entry.target?.id === ada.id);
    expect(log.map((entry) => [entry.action, entry.details])).toEqual([
      ["lead.replied", { reply: expect.any(String), to: "ada@example.com" }],
    ]);
  });

  it("is kept on the lead as queued until the outbox sends it", async () => {
    const grace = await lead("Grace");
    const queued = await replyToLead(grace.id, { subject: "Hello", body: "Thanks" }, origin(), queueOnly);
    expect(queued).toMatchObject({ ok: true, value: { state: "queued" } });
    const [entry] = await MailOutboxModel.find().lean();
    expect(entry).toMatchObject({ kind: "lead-reply", to: ["grace@example.com"], reply_to: "replier@example.com", subject: "Hello" });
    expect(await replies()).toMatchObject([{ state: "queued" }]);
    expect(await processOutbox()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(await replies()).toMatchObject([{ state: "sent", sent_at: expect.any(Date) }]);
  });

  it("keeps the reason of a failed attempt while queued, and is marked failed with it when the outbox gives up", async () => {
    const linus = await lead("Linus");
    await replyToLead(linus.id, { subject: "Hello", body: "Thanks" }, origin(), queueOnly);
    smtp.refuseNext(1);
    expect(await processOutbox()).toEqual({ sent: 0, retried: 1, failed: 0 });
    expect(await replies()).toMatchObject([{ state: "queued", failure: expect.stringMatching(/451/) }]);
    await MailOutboxModel.updateMany({}, { $set: { attempts: OUTBOX.maxAttempts - 1, next_attempt_at: new Date() } });
    smtp.refuseNext(1);
    expect(await processOutbox()).toEqual({ sent: 0, retried: 0, failed: 1 });
    expect(await replies()).toMatchObject([{ state: "failed", failure: expect.stringMatching(/451/), sent_at: null }]);
    const page = await openPage(linus.id);
    expect(page.lead.history).toEqual([expect.objectContaining({ kind: "reply", state: "failed", failure: expect.stringMatching(/451/) })]);
  });

  it("is sent once when two instances sweep the outbox at once", async () => {
    const leads = await Promise.all(["A", "B", "C", "D", "E"].map((name) => lead(`Racer${name}`)));
    for (const one of leads) await replyToLead(one.id, { subject: `To ${one.name}`, body: "Hi" }, origin(), queueOnly);
    const runs = await Promise.all([processOutbox(), processOutbox(), processOutbox()]);
    expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(5);
    expect(smtp.received.map((mail) => mail.headers.subject).sort()).toEqual(leads.map((one) => `To ${one.name}`).sort());
    expect((await replies()).every((reply) => reply.state === "sent")).toBe(true);
  });

  it("sets first_response_at with the first reply only, and never over an earlier move out of new", async () => {
    const one = await lead("First");
    await replyToLead(one.id, { subject: "One", body: "First" }, origin(), queueOnly);
    const at = (await getContactMessage(one.id))?.first_response_at;
    expect(at).toEqual(expect.any(String));
    await new Promise((resolve) => setTimeout(resolve, 5));
    await replyToLead(one.id, { subject: "Two", body: "Second" }, origin(), queueOnly);
    expect((await getContactMessage(one.id))?.first_response_at).toBe(at);
    // A move out of new after the reply keeps the reply's time.
    await changeLead(one.id, { status: "contacted" }, origin());
    expect((await getContactMessage(one.id))?.first_response_at).toBe(at);

    const moved = await lead("Moved");
    await changeLead(moved.id, { status: "contacted" }, origin());
    const movedAt = (await getContactMessage(moved.id))?.first_response_at;
    await new Promise((resolve) => setTimeout(resolve, 5));
    await replyToLead(moved.id, { subject: "Later", body: "Later" }, origin(), queueOnly);
    expect((await getContactMessage(moved.id))?.first_response_at).toBe(movedAt);
  });

  it("refuses an empty or too long reply, keeping what was typed, and stores nothing", async () => {
    const one = await lead("Typist");
    const path = `/dashboard/messages/${one.id}`;
    const empty = await call(leadPage.action, postForm(path, { intent: "reply", subject: "Kept subject", body: "  " }, me.cookie), {
      id: one.id,
    });
    expect(empty.status).toBe(422);
    expect(empty.data).toEqual({
      intent: "reply",
      errors: { body: [messages.leadReplyRequired] },
      values: { subject: "Kept subject", body: "  " },
    });
    const long = await call(leadPage.action, postForm(path, { intent: "reply", subject: "", body: "x".repeat(20_001) }, me.cookie), {
      id: one.id,
    });
    expect(long.status).toBe(422);
    expect(long.data).toMatchObject({
      errors: { subject: [messages.leadReplySubjectRequired], body: [messages.leadReplyTooLong(20_000)] },
      values: { subject: "", body: "x".repeat(20_001) },
    });
    expect(await LeadReplyModel.countDocuments({})).toBe(0);
    expect(await MailOutboxModel.countDocuments({})).toBe(0);
    expect((await getContactMessage(one.id))?.first_response_at).toBeNull();
  });

  it("with mail off, is not offered: the page gives the mailto link, and a post is refused", async () => {
    const one = await lead("Offline");
    const url = env.SMTP_URL;
    env.SMTP_URL = undefined;
    try {
      const { reply } = await openPage(one.id);
      expect(reply.enabled).toBe(false);
      const mailto = reply.enabled ? "" : reply.mailto;
      expect(mailto).toMatch(/^mailto:offline@example\.com\?subject=Re%3A%20your%20message%20to%20Northbeam%20Studio&body=/);
      expect(decodeURIComponent(mailto.split("body=")[1]!)).toContain("> Hello from Offline");
      const refused = await call(
        leadPage.action,
        postForm(`/dashboard/messages/${one.id}`, { intent: "reply", subject: "Hi", body: "Hi" }, me.cookie),
        { id: one.id },
      );
      expect(refused.status).toBe(409);
      expect(refused.data).toMatchObject({ intent: "reply", errors: { form: [messages.leadReplyMailOff] } });
      expect(await LeadReplyModel.countDocuments({})).toBe(0);
    } finally {
      env.SMTP_URL = url;
    }
  });

  it("deleting a lead deletes its replies", async () => {
    const one = await lead("Gone");
    await replyToLead(one.id, { subject: "Hi", body: "Hi" }, origin(), queueOnly);
    const { deleteMessage } = await import("~/domain/contact-messages.server");
    await deleteMessage(one.id, origin());
    expect(await LeadReplyModel.countDocuments({})).toBe(0);
  });
});

describe("POST /api/leads/{id}/replies", () => {
  let token: string;
  beforeAll(async () => {
    token = (await issueToken(me.admin.id)).token;
  });
  const post = (id: string, body: { json?: unknown; form?: Record<string, string> }) =>
    call(replyApi.action, apiRequest(`/api/leads/${id}/replies`, { method: "POST", token, ...body }), { id });

  it("queues the reply as the page does and answers 202 with it as queued; a subject left out is the page's", async () => {
    const ada = await lead("Ada");
    const answer = await post(ada.id, { json: { body: "  Hi Ada, happy to help.  " } });
    expect(answer.status).toBe(202);
    expect(answer.data).toEqual({
      id: expect.any(String),
      subject: "Re: your message to Northbeam Studio",
      body: "Hi Ada, happy to help.",
      state: "queued",
      failure: null,
      author: { id: me.admin.id, name: "Reply Admin" },
      created_at: expect.any(String),
      sent_at: null,
    });
    await outboxIdle();
    expect(smtp.received.map((mail) => [mail.rcptTo, mail.headers.subject, mail.headers["reply-to"]])).toEqual([
      [["ada@example.com"], "Re: your message to Northbeam Studio", "replier@example.com"],
    ]);
    const byForm = await post(ada.id, { form: { subject: " Your app ", body: "Again" } });
    expect(byForm.status).toBe(202);
    expect(byForm.data).toMatchObject({ subject: "Your app", body: "Again", state: "queued" });
    await outboxIdle();

    const json = await call(leadApi.loader, apiRequest(`/api/leads/${ada.id}`, { token }), { id: ada.id });
    const { id } = answer.data as { id: string };
    expect((json.data as { replies: unknown[] }).replies).toEqual([
      { ...(answer.data as object), state: "sent", sent_at: expect.any(String) },
      expect.objectContaining({ subject: "Your app", state: "sent" }),
    ]);
    expect((await getContactMessage(ada.id))?.first_response_at).toEqual(expect.any(String));
    const log = (await listAuditEvents({ action: "lead.replied" }, { perPage: 10 })).items.filter((entry) => entry.target?.id === ada.id);
    expect(log.at(-1)).toMatchObject({ actor: { id: me.admin.id }, details: { reply: id, to: "ada@example.com" } });
  });

  it("refuses an empty or too long reply with 422 and the page's messages, an unknown lead with 404; nothing is kept", async () => {
    const one = await lead("Typist");
    const refusals: [unknown, string, string][] = [
      [{ body: "  " }, "body", messages.leadReplyRequired],
      [{}, "body", messages.leadReplyRequired],
      [{ body: "x".repeat(20_001) }, "body", messages.leadReplyTooLong(20_000)],
      [{ subject: "s".repeat(201), body: "Hi" }, "subject", messages.leadReplySubjectTooLong(200)],
    ];
    for (const [json, field, message] of refusals) {
      const refused = await post(one.id, { json });
      expect(refused.status, field).toBe(422);
      expect(refused.data).toEqual({ message, errors: { [field]: [message] } });
    }
    for (const id of ["64b7f0000000000000000000", "not-an-id"]) {
      const missing = await post(id, { json: { body: "Hi" } });
      expect(missing.status).toBe(404);
      expect(missing.data).toEqual({ message: messages.apiLeadNotFound });
    }
    expect(await LeadReplyModel.countDocuments({})).toBe(0);
    expect(await MailOutboxModel.countDocuments({})).toBe(0);
  });

  it("with mail off answers 409 with the page's message and keeps nothing", async () => {
    const one = await lead("Offline");
    const url = env.SMTP_URL;
    env.SMTP_URL = undefined;
    try {
      const refused = await post(one.id, { json: { subject: "Hi", body: "Hi" } });
      expect(refused.status).toBe(409);
      expect(refused.data).toEqual({ message: messages.leadReplyMailOff });
      expect(await LeadReplyModel.countDocuments({})).toBe(0);
    } finally {
      env.SMTP_URL = url;
    }
  });

  it("through an API key: named after the key, and sent without a Reply-To (a key has no address)", async () => {
    const key = await createApiKey({ name: "Helpdesk", scopes: ["leads:write"] }, requestOrigin(get("/"), me.admin, "form"));
    const ada = await lead("Ada");
    const answer = await call(
      replyApi.action,
      apiRequest(`/api/leads/${ada.id}/replies`, { method: "POST", token: key.key, json: { body: "Hello from the helpdesk" } }),
      { id: ada.id },
    );
    expect(answer.status).toBe(202);
    expect(answer.data).toMatchObject({ author: { id: key.summary.id, name: "API key Helpdesk" } });
    await outboxIdle();
    expect(smtp.received.map((mail) => [mail.rcptTo, mail.headers["reply-to"]])).toEqual([[["ada@example.com"], undefined]]);
  });
});
