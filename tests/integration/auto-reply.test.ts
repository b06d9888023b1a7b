import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { autoRespond } from "~/domain/auto-reply.server";
import { getContactMessage } from "~/domain/contact-messages.server";
import { messages } from "~/domain/messages";
import { AUTO_REPLY_DEFAULTS } from "~/domain/settings.server";
import { getPublishedContent } from "~/domain/site-content.server";
import { AutoReplyClaimModel } from "~/models/auto-reply-claim.server";
import { ContactMessageModel } from "~/models/contact-message.server";
import { MailOutboxModel } from "~/models/mail-outbox.server";
import { SettingModel } from "~/models/setting.server";
import * as contactRoute from "~/routes/_site.contact";
import * as leadPage from "~/routes/dashboard.messages_.$id._index";
import * as settings from "~/routes/dashboard.settings";
import { createCaptcha } from "~/server/captcha.server";
import { connectDb } from "~/server/db.server";
import { issueFormTime } from "~/server/form-time.server";
import { outboxIdle } from "~/server/mail-outbox.server";
import { ports } from "~/server/ports.server";
import { sweepExpired } from "~/server/sweeper.server";
import { randomAddress } from "../support/addresses";
import { url } from "../support/factories";
import { refusal, fetchMetadata } from "../support/form-replies";
import { useSmtpSink } from "../support/mail-hooks";
import { call, get, postForm } from "../support/remix";
import { signedInAdmin } from "../support/session";

// docs/behaviour.md#autoresponder: off by default; on, one mail a day per address, never to spam.
const smtp = useSmtpSink({ from: "Northbeam Studio <hello@studio.test>" });
let admin: { cookie: string };
let studio: string;

beforeAll(async () => {
  await connectDb();
  await Promise.all([ContactMessageModel.init(), MailOutboxModel.init(), AutoReplyClaimModel.init()]);
  admin = await signedInAdmin(`auto-reply-${Date.now()}@example.com`, "Auto Admin");
  studio = (await getPublishedContent()).brand.name;
});
beforeEach(async () => {
  await outboxIdle();
  await Promise.all([
    ContactMessageModel.deleteMany({}),
    MailOutboxModel.deleteMany({}),
    AutoReplyClaimModel.deleteMany({}),
    SettingModel.deleteMany({ key: "autoReply" }),
  ]);
});

const contact = { whatsappNumber: "12125550147", contactEmail: "team@studio.test" };

async function turnOn(subject = "Thanks, {name}", text = "Hello {name},\n\n{studio} will answer within a day.") {
  const saved = await call(
    settings.action,
    postForm("/dashboard/settings", { ...contact, autoReply: "true", autoReplySubject: subject, autoReplyText: text }, admin.cookie),
  );
  expect(saved.status).toBe(302);
}

function post(fields: Record<string, string> = {}, from = randomAddress()) {
  const captcha = createCaptcha();
  const body = {
    name: "Grace Hopper",
    email: "grace@example.com",
    message: "We need a new booking app.",
    captchaToken: captcha.token,
    captchaAnswer: String(captcha.a + captcha.b),
    website: "",
    formShown: issueFormTime(Date.now() - 60_000),
    ...fields,
  };
  const request = new Request(url("/contact"), {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": `10.0.0.1, ${from}`, ...fetchMetadata },
    body: new URLSearchParams(body).toString(),
  });
  return call(contactRoute.action, request);
}

const autoReplies = () => MailOutboxModel.find({ kind: "auto-reply" }).lean();

describe("the autoresponder", () => {
  it("is off by default: a message is announced to the studio and nothing goes to the visitor", async () => {
    expect((await post()).status).toBe(200);
    await outboxIdle();
    expect(await MailOutboxModel.countDocuments({ kind: "new-message" })).toBe(1);
    expect(await autoReplies()).toHaveLength(0);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.rcptTo).not.toContain("grace@example.com");
  });

  it("sends the saved subject and text with the visitor's name and the studio's, replying to the contact email", async () => {
    await turnOn();
    expect((await post()).status).toBe(200);
    await outboxIdle();
    const mail = smtp.received.find((one) => one.rcptTo.includes("grace@example.com"));
    expect(mail?.headers.subject).toBe("Thanks, Grace Hopper");
    expect(mail?.headers["reply-to"]).toBe("team@studio.test");
    expect(mail?.text.trim()).toBe(`Hello Grace Hopper,\n\n${studio} will answer within a day.`);
    // Sent, its text is not kept in the outbox.
    expect(await autoReplies()).toMatchObject([{ status: "sent", to: ["grace@example.com"], text: "" }]);
  });

  it("keeps a visitor's name plain text: one subject line, no header of theirs, HTML escaped, no placeholder expanded twice", async () => {
    await turnOn("Hi {name}", "Dear {name} from {studio}");
    const name = "Eve\r\nBcc: victim@example.com <b>{studio}</b>";
    expect((await post({ name })).status).toBe(200);
    await outboxIdle();
    const mail = smtp.received.find((one) => one.rcptTo.includes("grace@example.com"));
    expect(mail?.rcptTo).toEqual(["grace@example.com"]);
    expect(mail?.headers.bcc).toBeUndefined();
    expect(mail?.headers.subject).toBe("Hi Eve Bcc: victim@example.com <b>{studio}</b>");
    expect(mail?.text.trim()).toBe(`Dear Eve Bcc: victim@example.com <b>{studio}</b> from ${studio}`);
    expect(mail?.html).toContain("&lt;b&gt;{studio}&lt;/b&gt;");
    expect(mail?.html).not.toContain("<b>");
  });

  it("mails an address at most once a day, however many messages arrive at once from it on two instances", async () => {
    await turnOn();
    const emails = ["grace@example.com", "Grace@Example.com", "GRACE@example.com", "grace@example.com"];
    const answers = await Promise.all(emails.map((email) => post({ email })));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(await ContactMessageModel.countDocuments()).toBe(4);
    await outboxIdle();
    expect(await autoReplies()).toHaveLength(1);
    expect(smtp.received.filter((mail) => mail.headers.subject === "Thanks, Grace Hopper")).toHaveLength(1);
    // One claim for the address and day, whatever the count of messages; another address has its own.
    expect(await AutoReplyClaimModel.countDocuments()).toBe(1);
    expect((await post({ email: "ada@example.com", name: "Ada" })).status).toBe(200);
    expect(await AutoReplyClaimModel.countDocuments()).toBe(2);

    // The next day the address may be answered again; the claims go a day after theirs.
    const lead = (await ContactMessageModel.findOne({ email: "grace@example.com" }).lean())!;
    const tomorrow = new Date(Date.now() + 86_400_000);
    const again = await autoRespond((await getContactMessage(lead._id.toString()))!, ports.mail, tomorrow);
    expect(again).toEqual({ ok: true, value: undefined });
    const twice = await autoRespond((await getContactMessage(lead._id.toString()))!, ports.mail, tomorrow);
    expect(twice).toEqual({ ok: false, reason: "already-today" });
    expect((await sweepExpired(new Date(Date.now() + 2 * 86_400_000 + 1_000))).auto_reply_claims).toBe(2);
    expect(await AutoReplyClaimModel.countDocuments()).toBe(1);
    // That sweep ended the admin's session too.
    admin = await signedInAdmin(`auto-reply-${Date.now()}@example.com`, "Auto Admin");
  });

  it("never answers spam, nor a spam lead a person moves to New", async () => {
    await turnOn();
    expect((await post({ website: "https://spam.example" })).status).toBe(200);
    expect((await post({ formShown: issueFormTime(Date.now() - 100) })).status).toBe(200);
    const spam = await ContactMessageModel.find().lean();
    expect(spam.map((doc) => doc.status)).toEqual(["spam", "spam"]);
    const id = spam[0]!._id.toString();
    const moved = await call(leadPage.action, postForm(`/dashboard/messages/${id}`, { intent: "not-spam" }, admin.cookie), {
      id,
    });
    expect([moved.status, moved.headers.get("Location")]).toEqual([302, `/dashboard/messages/${id}`]);
    expect((await ContactMessageModel.findById(id).lean())?.status).toBe("new");
    await outboxIdle();
    expect(await autoReplies()).toHaveLength(0);
    expect(await AutoReplyClaimModel.countDocuments()).toBe(0);
    expect(await autoRespond((await getContactMessage(spam[1]!._id.toString()))!, ports.mail)).toEqual({ ok: false, reason: "spam" });
  });

  it("is nothing with mail off, and claims no day for it", async () => {
    await turnOn();
    const lead = await post();
    expect(lead.status).toBe(200);
    const doc = (await ContactMessageModel.findOne().lean())!;
    await AutoReplyClaimModel.deleteMany({});
    const off = { ...ports.mail, enabled: () => false };
    expect(await autoRespond((await getContactMessage(doc._id.toString()))!, off)).toEqual({ ok: false, reason: "mail-off" });
    expect(await AutoReplyClaimModel.countDocuments()).toBe(0);
  });

  it("is saved with the settings, refused without a subject or a text when on, and offers its defaults", async () => {
    const shown = await call(settings.loader, get("/dashboard/settings", admin.cookie));
    expect(shown.status).toBe(200);
    expect((shown.data as { autoReply: unknown }).autoReply).toEqual({ on: false, ...AUTO_REPLY_DEFAULTS });
    const refused = await call(
      settings.action,
      postForm("/dashboard/settings", { ...contact, autoReply: "true", autoReplySubject: " ", autoReplyText: "" }, admin.cookie),
    );
    expect(refused.status).toBe(422);
    expect(refusal(refused.data).errors).toEqual({
      autoReplySubject: [messages.autoReplySubjectRequired],
      autoReplyText: [messages.autoReplyTextRequired],
    });
    await turnOn("Got it", "We have it, {name}.");
    expect((await SettingModel.findOne({ key: "autoReply" }).lean())?.value).toBe(
      JSON.stringify({ on: true, subject: "Got it", text: "We have it, {name}." }),
    );
    // A form that leaves the fields out keeps them.
    expect((await call(settings.action, postForm("/dashboard/settings", contact, admin.cookie))).status).toBe(302);
    expect(JSON.parse((await SettingModel.findOne({ key: "autoReply" }).lean())!.value)).toMatchObject({ on: true });
  });
});
