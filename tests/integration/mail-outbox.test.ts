import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createContactMessage } from "~/domain/contact-messages.server";
import { messages } from "~/domain/messages";
import { updateNotificationEmails, updateSiteSettings } from "~/domain/settings.server";
import { ContactMessageModel } from "~/models/contact-message.server";
import { MailOutboxModel } from "~/models/mail-outbox.server";
import * as inboxRoute from "~/routes/dashboard.messages";
import * as contactRoute from "~/routes/_site.contact";
import { createCaptcha } from "~/server/captcha.server";
import { connectDb } from "~/server/db.server";
import { getEnv } from "~/server/env.server";
import { ports } from "~/server/ports.server";
import { OUTBOX, outboxIdle, processOutbox, queueNewMessageMail, startMailOutbox } from "~/server/mail-outbox.server";
import { sweepExpired } from "~/server/sweeper.server";
import { randomAddress } from "../support/addresses";
import { BASE_URL, url } from "../support/factories";
import { call, get } from "../support/remix";
import { signedInAdmin } from "../support/session";
import { useSmtpSink } from "../support/mail-hooks";
import { startSilentServer } from "../support/smtp";

/**
 * Email for every new message (docs/operations.md#email-notifications): a real SMTP server runs in this process
 * and the tests read what arrives there.
 */

const FROM = "Northbeam Studio <alerts@studio.test>";
const CONTACT_EMAIL = "team@studio.test";
const EXTRA = ["ops@studio.test", "sales@studio.test"];

const env = getEnv();

beforeAll(async () => {
  await connectDb();
  await Promise.all([MailOutboxModel.init(), ContactMessageModel.init()]);
  await updateSiteSettings({ contactEmail: CONTACT_EMAIL });
  await updateNotificationEmails(EXTRA);
});
const smtp = useSmtpSink({ from: FROM });

beforeEach(async () => {
  await MailOutboxModel.deleteMany({});
  await ContactMessageModel.deleteMany({});
});

/**
 * Posts the contact form, captcha answered, from an address of its own, and says whether it was a success (the
 * data for the page's script, or the redirect of a document post: the route answers both).
 */
async function postContact(fields: { name: string; email: string; message: string }) {
  const captcha = createCaptcha();
  const request = new Request(url("/contact"), {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Forwarded-For": `10.0.0.1, ${randomAddress()}`,
      "Sec-Fetch-Mode": "cors",
    },
    body: new URLSearchParams({
      ...fields,
      captchaToken: captcha.token,
      captchaAnswer: String(captcha.a + captcha.b),
      website: "",
      via: "fetcher",
    }).toString(),
  });
  const result = await call(contactRoute.action, request);
  const succeeded =
    result.status === 302
      ? result.headers.get("Location") === "/contact#top"
      : result.status === 200 && (result.data as { ok?: boolean }).ok === true;
  return { ...result, succeeded };
}

async function onlyMessageId(): Promise<string> {
  const stored = await ContactMessageModel.find().lean();
  expect(stored).toHaveLength(1);
  return stored[0]!._id.toString();
}

async function storeMessages(count: number) {
  const docs = await ContactMessageModel.create(
    Array.from({ length: count }, (_, index) => ({
      name: `Visitor ${index}`,
      email: `visitor${index}@example.com`,
      message: `Hello ${index}`,
    })),
  );
  for (const doc of docs) expect(await queueNewMessageMail(doc._id)).toBe(true);
  return docs;
}

const entries = () => MailOutboxModel.find().sort({ created_at: 1 }).lean();
const later = (ms: number) => new Date(Date.now() + ms);

describe("email for every new message", () => {
  it("sends one mail per message sent through the contact form, to the contact email and the added addresses, replying to the visitor", async () => {
    const visitor = {
      name: `Ada <b>Lovelace</b> & "Co"`,
      email: "ada@example.com",
      message: "Hello <script>alert('x')</script>\nWe need an app & a site.\n\nThanks",
    };
    const started = performance.now();
    expect((await postContact(visitor)).succeeded).toBe(true);
    const id = await onlyMessageId();

    // The first attempt starts right after the message is stored, in the background.
    await outboxIdle();
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail!.rcptTo).toEqual([CONTACT_EMAIL, ...EXTRA]);
    expect(mail!.from).toBe("alerts@studio.test");
    expect(mail!.headers.to).toBe(`${CONTACT_EMAIL}, ${EXTRA.join(", ")}`);
    expect(mail!.headers.from).toBe(FROM);
    expect(mail!.headers["reply-to"]).toBe("ada@example.com");
    expect(mail!.headers.subject).toBe(`New message from ${visitor.name}`);
    expect(mail!.headers["message-id"]).toMatch(/^<[0-9a-f]{24}@studio\.test>$/);

    const link = `${BASE_URL}/dashboard/messages#message-${id}`;
    expect(mail!.text).toContain(`Name: ${visitor.name}\nEmail: ada@example.com\nSent: `);
    expect(mail!.text).toContain(`Message:\n${visitor.message}\n`);
    expect(mail!.text).toContain(link);
    expect(mail!.html).toContain("Ada &lt;b&gt;Lovelace&lt;/b&gt; &amp; &quot;Co&quot;");
    expect(mail!.html).toContain(
      "Hello &lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;<br>\nWe need an app &amp; a site.<br>\n<br>\nThanks",
    );
    expect(mail!.html).not.toMatch(/<script|<b>Lovelace/);
    expect(mail!.html).toContain(`<a href="${link}">`);

    const [entry] = await entries();
    expect(entry).toMatchObject({
      status: "sent",
      attempts: 1,
      last_error: null,
      to: [CONTACT_EMAIL, ...EXTRA],
      reply_to: "ada@example.com",
    });
    expect(String(entry!.message_id)).toBe(id);
    expect(entry!.sent_at).toBeInstanceOf(Date);
    expect(entry!.expires_at!.getTime() - entry!.sent_at!.getTime()).toBe(OUTBOX.keepFinishedMs);

    // Nothing is sent twice.
    expect(await processOutbox({ now: later(24 * 3_600_000) })).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
  });

  it("retries a first attempt the server refused, after its wait, and delivers it once", async () => {
    smtp.refuseNext(1);
    await createContactMessage({ name: "Grace Hopper", email: "grace@example.com", message: "Retry me" }, ports.mail);
    await outboxIdle();

    expect(smtp.received).toHaveLength(0);
    const [failed] = await entries();
    expect(failed).toMatchObject({ status: "pending", attempts: 1, locked_until: null });
    expect(failed!.last_error).toMatch(/451/);
    const wait = failed!.next_attempt_at.getTime() - Date.now();
    expect(wait).toBeGreaterThan(OUTBOX.retryDelaysMs[0] - 5_000);
    expect(wait).toBeLessThanOrEqual(OUTBOX.retryDelaysMs[0]);

    // Not before its time...
    expect(await processOutbox()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(0);
    // ...then once.
    expect(await processOutbox({ now: later(OUTBOX.retryDelaysMs[0] + 1_000) })).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(await processOutbox({ now: later(3_600_000) })).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.headers.subject).toBe("New message from Grace Hopper");
    expect(await entries()).toMatchObject([{ status: "sent", attempts: 2, last_error: null }]);
  });

  it("sends each mail once when several processors race for the outbox", async () => {
    // Four runs at once, as four instances would: each claim is a separate database call on its own socket.
    const docs = await storeMessages(10);
    const runs = await Promise.all([processOutbox(), processOutbox(), processOutbox(), processOutbox()]);
    expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(10);
    expect(smtp.received).toHaveLength(10);
    expect(new Set(smtp.received.map((mail) => mail.headers.subject)).size).toBe(10);
    expect(new Set(smtp.received.map((mail) => mail.headers["message-id"])).size).toBe(10);
    const all = await entries();
    expect(all.map((entry) => String(entry.message_id)).sort()).toEqual(docs.map((doc) => doc._id.toString()).sort());
    expect(all.every((entry) => entry.status === "sent" && entry.attempts === 1)).toBe(true);
  });

  it("takes over the claim of an instance that died mid-send once its lock runs out, and leaves a live claim alone", async () => {
    await storeMessages(1);
    await MailOutboxModel.updateMany({}, { $set: { status: "sending", attempts: 1, locked_until: later(30_000) } });
    expect(await processOutbox()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(await processOutbox({ now: later(OUTBOX.lockMs) })).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    expect(await entries()).toMatchObject([{ status: "sent", attempts: 2 }]);
  });

  it("gives up after the last attempt, and the sweeper removes finished entries after 30 days", async () => {
    await storeMessages(2);
    const [last] = await entries();
    await MailOutboxModel.updateOne({ _id: last!._id }, { $set: { attempts: OUTBOX.maxAttempts - 1 } });
    smtp.refuseNext(1);
    // The entry at its last attempt is refused and given up; the other one goes.
    expect(await processOutbox()).toEqual({ sent: 1, retried: 0, failed: 1 });
    const finished = await entries();
    expect(finished[0]).toMatchObject({ status: "failed", attempts: OUTBOX.maxAttempts });
    expect(finished[0]!.last_error).toMatch(/451/);
    expect(finished[1]).toMatchObject({ status: "sent", attempts: 1 });

    await storeMessages(1);
    expect((await sweepExpired(later(OUTBOX.keepFinishedMs - 60_000))).mail_outbox).toBe(0);
    expect((await sweepExpired(later(OUTBOX.keepFinishedMs + 60_000))).mail_outbox).toBe(2);
    // The entry not yet sent stays.
    expect(await entries()).toMatchObject([{ status: "pending" }]);
  });

  it("sends nothing for a message deleted before its first attempt", async () => {
    const [doc] = await storeMessages(1);
    await ContactMessageModel.deleteOne({ _id: doc!._id });
    expect(await processOutbox()).toEqual({ sent: 0, retried: 0, failed: 1 });
    expect(smtp.received).toHaveLength(0);
    expect((await entries())[0]!.last_error).toMatch(/deleted/);
  });

  it("without SMTP_URL queues and sends nothing, the contact form still succeeds and the inbox says so", async () => {
    env.SMTP_URL = undefined;
    expect((await postContact({ name: "Alan Turing", email: "alan@example.com", message: "No mail please" })).succeeded).toBe(true);
    await onlyMessageId();
    await outboxIdle();
    expect(await MailOutboxModel.countDocuments()).toBe(0);
    expect(await processOutbox()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(0);

    const { cookie } = await signedInAdmin();
    const off = await call(inboxRoute.loader, get("/dashboard/messages", cookie));
    expect((off.data as { emailNotifications: unknown }).emailNotifications).toEqual({
      enabled: false,
      recipients: [CONTACT_EMAIL, ...EXTRA],
    });
    expect(messages.emailNotificationsOff([CONTACT_EMAIL, ...EXTRA].join(", "))).toBe(
      "Email notifications are off: set SMTP_URL to have new messages emailed to team@studio.test, ops@studio.test, sales@studio.test.",
    );

    env.SMTP_URL = smtp.url;
    const on = await call(inboxRoute.loader, get("/dashboard/messages", cookie));
    expect((on.data as { emailNotifications: unknown }).emailNotifications).toEqual({ enabled: true });
  });

  it("answers the visitor at once while the SMTP server hangs; the mail waits for a later attempt", async () => {
    const silent = await startSilentServer();
    env.SMTP_URL = silent.url;
    try {
      const started = performance.now();
      const result = await postContact({ name: "Margaret Hamilton", email: "margaret@example.com", message: "Are you there?" });
      const took = performance.now() - started;
      expect(result.succeeded).toBe(true);
      await onlyMessageId();
      // The action does not wait for SMTP (a hung server holds a send for up to 10 s before its greeting times out).
      expect(took).toBeLessThan(1_000);
      await expect.poll(silent.connections, { timeout: 2_000 }).toBe(1);
      expect(await entries()).toMatchObject([{ status: "sending", attempts: 1 }]);
    } finally {
      // The server goes away: the attempt fails at once and waits for its retry.
      await silent.close();
    }
    await outboxIdle();
    const [entry] = await entries();
    expect(entry).toMatchObject({ status: "pending", attempts: 1 });
    expect(entry!.last_error).toBeTruthy();
  });

  it("every instance looks for due mail on a timer, so a queued mail goes out without a kick", async () => {
    await storeMessages(1);
    startMailOutbox(100);
    await expect.poll(() => smtp.received.length, { timeout: 3_000 }).toBe(1);
    expect(await entries()).toMatchObject([{ status: "sent", attempts: 1 }]);
  });
});

describe("account mail (invitations, resets, sign-in notices)", () => {
  const accountMail = { to: "new.admin@studio.test", subject: "Your invitation", text: "Open https://x.test/a/once", html: "<p>once</p>" };

  it("goes to its one recipient as composed, and its body is blanked once sent, since it may carry a one-time link", async () => {
    expect(await ports.mail.send(accountMail)).toBe(true);
    await outboxIdle();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toMatchObject({ rcptTo: ["new.admin@studio.test"], text: expect.stringContaining("https://x.test/a/once") });
    expect(smtp.received[0]!.headers.subject).toBe("Your invitation");
    const [entry] = await MailOutboxModel.find({ kind: "account" }).lean();
    expect(entry).toMatchObject({ status: "sent", to: ["new.admin@studio.test"], subject: "Your invitation", text: "", html: "" });
  });

  it("is refused (false) without SMTP_URL, and nothing is queued", async () => {
    env.SMTP_URL = "";
    expect(ports.mail.enabled()).toBe(false);
    expect(await ports.mail.send(accountMail)).toBe(false);
    expect(await MailOutboxModel.countDocuments({})).toBe(0);
  });
});
