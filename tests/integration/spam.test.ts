import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Types } from "mongoose";
import { listLeads, countUnread } from "~/domain/contact-messages.server";
import { messages } from "~/domain/messages";
import { SPAM_MIN_FILL_MS } from "~/domain/spam";
import { ContactMessageModel } from "~/models/contact-message.server";
import { LeadNoteModel } from "~/models/lead-note.server";
import { LeadReplyModel } from "~/models/lead-reply.server";
import { MailOutboxModel } from "~/models/mail-outbox.server";
import { SettingModel } from "~/models/setting.server";
import * as contactRoute from "~/routes/_site.contact";
import * as inbox from "~/routes/dashboard.messages";
import * as leadPage from "~/routes/dashboard.messages_.$id._index";
import * as spamRules from "~/routes/dashboard.settings_.spam";
import * as captchaRoute from "~/routes/resources.captcha";
import { connectDb } from "~/server/db.server";
import { issueFormTime } from "~/server/form-time.server";
import { outboxIdle } from "~/server/mail-outbox.server";
import { sweepExpired } from "~/server/sweeper.server";
import { postContact as post } from "../support/contact-posts";
import { url } from "../support/factories";
import { useSmtpSink } from "../support/mail-hooks";
import { call, get, postForm } from "../support/remix";
import { signedInAdmin } from "../support/session";

// docs/behaviour.md#spam: each rule files the message as spam, stored and answered like any other, never mailed.
const smtp = useSmtpSink();
let admin: { cookie: string };

beforeAll(async () => {
  await connectDb();
  await Promise.all([ContactMessageModel.init(), MailOutboxModel.init(), LeadNoteModel.init()]);
  admin = await signedInAdmin(`spam-${Date.now()}@example.com`, "Spam Admin");
});
beforeEach(async () => {
  await Promise.all([
    ContactMessageModel.deleteMany({}),
    MailOutboxModel.deleteMany({}),
    LeadNoteModel.deleteMany({}),
    SettingModel.deleteMany({ key: { $in: ["spamMaxLinks", "spamWords"] } }),
  ]);
});

/** Shown a minute ago: a person's pace. */
const aMinuteAgo = () => issueFormTime(Date.now() - 60_000);

const mailsFor = (id: Types.ObjectId) => MailOutboxModel.countDocuments({ kind: "new-message", message_id: id });

/** Posted with JavaScript and without: the answer a person gets, one stored lead each, with its status and reason. */
async function filed(fields: Record<string, string>) {
  const fetched = await post(fields);
  expect(fetched.status).toBe(200);
  expect(fetched.data).toMatchObject({ ok: true, id: expect.stringMatching(/^[0-9a-f]{24}$/) });
  const posted = await post(fields, { script: false });
  expect(posted.status).toBe(302);
  expect(posted.headers.get("Location")).toBe("/contact#top");
  await outboxIdle();
  const docs = await ContactMessageModel.find().sort({ created_at: 1 }).lean();
  expect(docs).toHaveLength(2);
  expect(docs[0]!._id.toString()).toBe((fetched.data as { id: string }).id);
  const mails = await MailOutboxModel.countDocuments({ kind: "new-message" });
  return { statuses: docs.map((doc) => [doc.status, doc.spam_reason ?? null]), mails };
}

describe("spam rules on the contact form", () => {
  it("a message at a person's pace is new and mailed", async () => {
    expect(await filed({ formShown: aMinuteAgo() })).toEqual({
      statuses: [
        ["new", null],
        ["new", null],
      ],
      mails: 2,
    });
  });

  // Each time is made as its test runs.
  it.each<[string, () => Record<string, string>]>([
    ["honeypot", () => ({ website: "https://spam.example", formShown: aMinuteAgo() })],
    ["too-fast", () => ({ formShown: issueFormTime(Date.now() - SPAM_MIN_FILL_MS + 1_500) })],
    ["forged-time", () => ({ formShown: issueFormTime(Date.now() - 60_000).replace(/^\d{5}/, "12345") })],
    ["forged-time", () => ({ formShown: "yesterday" })],
    ["links", () => ({ message: "See http://a.example https://b.example www.c.example https://d.example", formShown: aMinuteAgo() })],
  ])("%s: stored as spam with its reason, the same success, never mailed", async (reason, fields) => {
    expect(await filed(fields())).toEqual({
      statuses: [
        ["spam", reason],
        ["spam", reason],
      ],
      mails: 0,
    });
    expect(smtp.received).toHaveLength(0);
  });

  it("no time at all (a form or client that sends none) is judged by the other rules only", async () => {
    expect((await filed({})).statuses).toEqual([
      ["new", null],
      ["new", null],
    ]);
  });

  it("a listed word, as the studio saved it in the Spam rules screen", async () => {
    const saved = await call(
      spamRules.action,
      postForm("/dashboard/settings/spam", { maxLinks: "1", words: "Casino\n\nSEO services" }, admin.cookie),
    );
    expect(saved.status).toBe(302);
    const page = await call(spamRules.loader, get("/dashboard/settings/spam", admin.cookie));
    expect(page.data).toEqual({ rules: { maxLinks: 1, words: ["casino", "seo services"] } });

    expect((await filed({ message: "Best casino bonuses", formShown: aMinuteAgo() })).statuses).toEqual([
      ["spam", "words"],
      ["spam", "words"],
    ]);
    await ContactMessageModel.deleteMany({});
    expect((await filed({ message: "Casinos? www.a.example and www.b.example", formShown: aMinuteAgo() })).statuses).toEqual([
      ["spam", "links"],
      ["spam", "links"],
    ]);
  });

  it("the Spam rules screen refuses a count that is not a whole number from 0 to 100, keeping what was typed", async () => {
    for (const maxLinks of ["", "-1", "1.5", "101", "many"]) {
      const refused = await call(spamRules.action, postForm("/dashboard/settings/spam", { maxLinks, words: "casino" }, admin.cookie));
      expect(refused.status).toBe(422);
      expect(refused.data).toEqual({ errors: { maxLinks: [messages.spamMaxLinksInvalid(100)] }, values: { maxLinks, words: "casino" } });
    }
    expect(await SettingModel.countDocuments({ key: "spamMaxLinks" })).toBe(0);
  });

  it("a filled honeypot whose post would be refused gets a person's success, and nothing is stored", async () => {
    const wrong = await post({ website: "x", captchaAnswer: "99" });
    expect(wrong.status).toBe(200);
    expect(wrong.data).toMatchObject({ ok: true });
    const empty = await post({ website: "x", message: "" });
    expect(empty.status).toBe(200);
    expect(await ContactMessageModel.countDocuments()).toBe(0);
  });

  it("the page and the modal's question hand out a signed time that the form posts back", async () => {
    const page = (await call(contactRoute.loader, get("/contact"))).data as { formShown: string };
    const resource = (await call(captchaRoute.loader, get("/resources/captcha"))).data as { formShown: string };
    for (const signed of [page.formShown, resource.formShown]) {
      expect(signed).toMatch(/^\d{13}\.[A-Za-z0-9_-]{43}$/);
      expect(Math.abs(Number(signed.split(".")[0]) - Date.now())).toBeLessThan(5_000);
    }
    // Sent straight away: too fast.
    await post({ formShown: page.formShown });
    expect(await ContactMessageModel.findOne().lean()).toMatchObject({ status: "spam", spam_reason: "too-fast" });
  });
});

describe("spam in the inbox", () => {
  it("is in the Spam tab only: not New, not All, not the unread count", async () => {
    await post({ formShown: aMinuteAgo() });
    await post({ website: "bot", formShown: aMinuteAgo() });
    const filter = { owner: "anyone", adminId: "" } as const;
    const names = async (tab: "new" | "all" | "spam") => (await listLeads({ ...filter, tab }, { perPage: 10 })).total;
    expect([await names("new"), await names("all"), await names("spam")]).toEqual([1, 1, 1]);
    expect(await countUnread()).toBe(1);
  });
});

describe("Not spam", () => {
  it("moves the lead to New, clears its reason, and mails it once under parallel clicks", async () => {
    await post({ formShown: issueFormTime(Date.now()) });
    const lead = (await ContactMessageModel.findOne().lean())!;
    expect(lead).toMatchObject({ status: "spam", spam_reason: "too-fast" });
    const id = lead._id.toString();

    const page = await call(leadPage.loader, get(`/dashboard/messages/${id}`, admin.cookie), { id });
    expect((page.data as { lead: { spam_reason: string } }).lead.spam_reason).toBe("too-fast");

    const clicks = await Promise.all(
      Array.from({ length: 8 }, () =>
        call(leadPage.action, postForm(`/dashboard/messages/${id}`, { intent: "not-spam" }, admin.cookie), { id }),
      ),
    );
    expect(clicks.map((click) => click.status)).toEqual(Array<number>(8).fill(302));
    await outboxIdle();
    expect(await ContactMessageModel.findById(id).lean()).toMatchObject({ status: "new", spam_reason: null, notify_pending: false });
    expect(await mailsFor(lead._id)).toBe(1);

    // Back to spam and out again (by the status this time): still the one email.
    await call(leadPage.action, postForm(`/dashboard/messages/${id}`, { status: "spam" }, admin.cookie), { id });
    await call(leadPage.action, postForm(`/dashboard/messages/${id}`, { status: "contacted" }, admin.cookie), { id });
    expect(await mailsFor(lead._id)).toBe(1);
  });

  it("the inbox's bulk form moving spam to New mails each lead once, also when posted twice at once", async () => {
    await post({ website: "a", formShown: aMinuteAgo() });
    await post({ website: "b", formShown: aMinuteAgo() });
    const ids = (await ContactMessageModel.find().lean()).map((doc) => doc._id);
    const bulk = () =>
      call(
        inbox.action,
        new Request(url("/dashboard/messages?tab=spam"), {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: admin.cookie },
          body: new URLSearchParams([["intent", "bulk"], ["status", "new"], ...ids.map((id) => ["ids", id.toString()])]).toString(),
        }),
      );
    const answers = await Promise.all([bulk(), bulk()]);
    expect(answers.map((answer) => answer.status)).toEqual([302, 302]);
    await outboxIdle();
    for (const id of ids) expect(await mailsFor(id)).toBe(1);
  });
});

describe("a new message's email", () => {
  it("is queued once per message when many are sent at once", async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, (_, n) => post({ message: `At once ${n}`, formShown: aMinuteAgo() })));
    expect(answers.map((answer) => answer.status)).toEqual(Array<number>(6).fill(200));
    await outboxIdle();
    const ids = (await ContactMessageModel.find().lean()).map((doc) => doc._id.toString());
    expect(ids).toHaveLength(6);
    const queued = (await MailOutboxModel.find({ kind: "new-message" }).lean()).map((entry) => String(entry.message_id));
    expect(queued.sort()).toEqual(ids.sort());
  });
});

describe("the sweeper", () => {
  it("removes spam older than 30 days with its notes and replies, and nothing else", async () => {
    const day = 86_400_000;
    const now = new Date();
    const at = (days: number) => new Date(now.getTime() - days * day);
    const make = (name: string, status: string, created_at: Date) =>
      ContactMessageModel.collection.insertOne({
        name,
        email: "x@example.com",
        message: "m",
        read: false,
        status,
        created_at,
        updated_at: created_at,
      });
    const oldSpam = await make("old spam", "spam", at(31));
    await make("young spam", "spam", at(29));
    await make("old lead", "new", at(90));
    await make("old lost", "lost", at(90));
    await LeadNoteModel.create({ lead_id: oldSpam.insertedId, author_id: null, author_name: "A", text: "junk" });
    const reply = { author_id: null, author_name: "A", author_email: "a@example.com", to: "x@example.com", subject: "Re", body: "b" };
    await LeadReplyModel.create({ lead_id: oldSpam.insertedId, ...reply });

    const removed = await sweepExpired(now);
    expect(removed.spam).toBe(1);
    expect((await ContactMessageModel.find().lean()).map((doc) => doc.name).sort()).toEqual(["old lead", "old lost", "young spam"]);
    expect(await LeadNoteModel.countDocuments({ lead_id: oldSpam.insertedId })).toBe(0);
    expect(await LeadReplyModel.countDocuments({ lead_id: oldSpam.insertedId })).toBe(0);
  });
});
