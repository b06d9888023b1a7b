import type { Types } from "mongoose";
import { settleLeadReply } from "~/domain/contact-messages.server";
import { newMessageMail } from "~/domain/notifications";
import { prepareResetMail } from "~/domain/password-resets.server";
import type { AccountMail, AutoReplyMail, LeadReplyMail, Mail } from "~/domain/ports";
import { getNotificationRecipients, getTimeZone } from "~/domain/settings.server";
import { getPublishedContent } from "~/domain/site-content.server";
import { ContactMessageModel } from "~/models/contact-message.server";
import { MailOutboxModel, type MailOutboxDoc } from "~/models/mail-outbox.server";
import { getEnv } from "./env.server";
import { mailEnabled, sendMail } from "./mailer.server";
import { claimNextDue, queueWorker } from "./queue-claim.server";

// docs/operations.md#email-notifications. An instance dying after SMTP accepted a mail but before writing "sent" leaves a claim that
// another sends again after lockMs: the mail keeps its Message-ID, so mail programs can tell the copies apart.
export const OUTBOX = {
  intervalMs: 10_000,
  /** How long a claim holds; well past a send's own bound (SMTP_TIMEOUTS.sendTimeoutMs, 30 s). */
  lockMs: 60_000,
  /** The wait after attempt n (1-based) failed, n < maxAttempts. */
  retryDelaysMs: [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000, 12 * 3_600_000, 24 * 3_600_000],
  maxAttempts: 8,
  keepFinishedMs: 30 * 24 * 3_600_000,
  perRun: 50,
} as const;

export type OutboxRun = { sent: number; retried: number; failed: number };

/** Never throws nor waits for SMTP: the visitor's message is stored already, so a failure here is only logged. */
async function notifyNewMessage(messageId: Types.ObjectId | string): Promise<void> {
  if (await queueNewMessageMail(messageId)) void kickOutbox();
}

export async function queueNewMessageMail(messageId: Types.ObjectId | string): Promise<boolean> {
  if (!mailEnabled()) return false;
  try {
    await MailOutboxModel.create({ kind: "new-message", message_id: messageId, next_attempt_at: new Date() });
    return true;
  } catch (error) {
    console.error(`The email for contact message ${String(messageId)} could not be queued (the message is stored): ${describe(error)}`);
    return false;
  }
}

async function sendAccountMail(mail: AccountMail): Promise<boolean> {
  if (!mailEnabled()) return false;
  try {
    await MailOutboxModel.create({ kind: "account", to: [mail.to], subject: mail.subject, text: mail.text, html: mail.html });
  } catch (error) {
    console.error(`The email "${mail.subject}" could not be queued: ${describe(error)}`);
    return false;
  }
  void kickOutbox();
  return true;
}

async function sendAutoReply(mail: AutoReplyMail): Promise<boolean> {
  if (!mailEnabled()) return false;
  try {
    await MailOutboxModel.create({
      kind: "auto-reply",
      to: [mail.to],
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      reply_to: mail.replyTo,
    });
  } catch (error) {
    console.error(`The autoresponse "${mail.subject}" could not be queued: ${describe(error)}`);
    return false;
  }
  void kickOutbox();
  return true;
}

/** Queued without a kick (tests see it queued); `sendLeadReply` kicks. */
export async function queueLeadReply(mail: LeadReplyMail): Promise<boolean> {
  if (!mailEnabled()) return false;
  try {
    await MailOutboxModel.create({
      kind: "lead-reply",
      reply_id: mail.replyId,
      to: [mail.to],
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      reply_to: mail.replyTo,
    });
    return true;
  } catch (error) {
    console.error(`The reply "${mail.subject}" could not be queued: ${describe(error)}`);
    return false;
  }
}

async function sendLeadReply(mail: LeadReplyMail): Promise<boolean> {
  if (!(await queueLeadReply(mail))) return false;
  void kickOutbox();
  return true;
}

/** A reply follows its entry; a failure to say so is only logged, since the mail itself went (or did not) already. */
async function reportToReply(entry: MailOutboxDoc, outcome: Parameters<typeof settleLeadReply>[1]): Promise<void> {
  if (entry.kind !== "lead-reply" || !entry.reply_id) return;
  try {
    await settleLeadReply(entry.reply_id.toString(), outcome);
  } catch (error) {
    console.error(`Mail outbox: the state of reply ${entry.reply_id.toString()} could not be recorded: ${describe(error)}`);
  }
}

/**
 * A password reset request (`email` as typed, lowercased), whether or not an admin has it. Not kicked: the loop's
 * next turn, on whichever instance, finds the admin and sends the link, well after the request's answer (decision 0026).
 */
export async function queuePasswordReset(email: string): Promise<void> {
  await MailOutboxModel.create({ kind: "password-reset", to: [email], next_attempt_at: new Date() });
}

/** Safe on several instances (or twice in one) at once; `now` fixes the clock for tests. */
export async function processOutbox(options: { now?: Date; limit?: number } = {}): Promise<OutboxRun> {
  const run: OutboxRun = { sent: 0, retried: 0, failed: 0 };
  if (!mailEnabled()) return run;
  const clock = () => options.now ?? new Date();
  const limit = options.limit ?? OUTBOX.perRun;
  for (let count = 0; count < limit; count++) {
    const entry = await claimNextDue(MailOutboxModel, "status", { now: clock(), lockMs: OUTBOX.lockMs });
    if (!entry) break;
    run[await deliver(entry, clock)]++;
  }
  return run;
}

async function deliver(entry: MailOutboxDoc, clock: () => Date): Promise<keyof OutboxRun> {
  // Every write below holds only while the claim is still this one: a later claim has raised `attempts`.
  const mine = { _id: entry._id, status: "sending" as const, attempts: entry.attempts };
  const finish = async (status: "sent" | "failed", set: Record<string, unknown> = {}) => {
    const now = clock();
    const { modifiedCount } = await MailOutboxModel.updateOne(mine, {
      $set: {
        status,
        locked_until: null,
        expires_at: new Date(now.getTime() + OUTBOX.keepFinishedMs),
        ...(status === "sent" ? { sent_at: now } : {}),
        ...(entry.kind !== "new-message" ? { text: "", html: "" } : {}),
        ...set,
      },
    });
    // Only the instance whose claim this still is speaks for the entry.
    if (modifiedCount === 1) {
      const reason = typeof set.last_error === "string" ? set.last_error : null;
      await reportToReply(entry, status === "sent" ? { state: "sent", at: now } : { state: "failed", reason: reason ?? "not sent" });
    }
    return status;
  };

  if (entry.attempts > OUTBOX.maxAttempts) {
    // The last attempt's instance died mid-send.
    return finish("failed", { last_error: entry.last_error ?? `gave up after ${OUTBOX.maxAttempts} attempts` });
  }

  let mail = entry;
  if (entry.kind === "password-reset" && !entry.subject) {
    // First attempt: the link and its mail, kept for the retries; no admin with the email, nothing to send.
    const composed = await composePasswordReset(entry);
    if ("error" in composed) return finish("failed", { last_error: composed.error });
    await MailOutboxModel.updateOne(mine, { $set: composed });
    mail = { ...entry, ...composed };
  } else if (entry.to.length === 0) {
    // First attempt: the recipients as the settings say now, and the mail; kept for the retries.
    const composed = await compose(entry);
    if ("error" in composed) {
      console.warn(`Mail outbox: nothing to send for contact message ${String(entry.message_id)}: ${composed.error}.`);
      return finish("failed", { last_error: composed.error });
    }
    await MailOutboxModel.updateOne(mine, { $set: composed });
    mail = { ...entry, ...composed };
  }

  try {
    const { rejected } = await sendMail({
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      replyTo: mail.reply_to,
      messageId: `<${entry._id.toString()}@${fromDomain()}>`,
    });
    if (rejected.length > 0) console.warn(`Mail outbox: "${mail.subject}" was refused for ${rejected.join(", ")}.`);
    return finish("sent", { last_error: rejected.length > 0 ? `refused for ${rejected.join(", ")}` : null });
  } catch (error) {
    const reason = describe(error);
    if (entry.attempts >= OUTBOX.maxAttempts) {
      console.error(
        `Mail outbox: "${mail.subject}" to ${mail.to.join(", ")} not sent after ${entry.attempts} attempts, given up: ${reason}`,
      );
      await finish("failed", { last_error: reason });
      return "failed";
    }
    const next = new Date(clock().getTime() + OUTBOX.retryDelaysMs[entry.attempts - 1]!);
    console.warn(
      `Mail outbox: "${mail.subject}" not sent (attempt ${entry.attempts} of ${OUTBOX.maxAttempts}: ${reason}); next attempt at ${next.toISOString()}.`,
    );
    const { modifiedCount } = await MailOutboxModel.updateOne(mine, {
      $set: { status: "pending", next_attempt_at: next, locked_until: null, last_error: reason },
    });
    if (modifiedCount === 1) await reportToReply(entry, { state: "queued", reason });
    return "retried";
  }
}

type Composed = Pick<MailOutboxDoc, "to" | "subject" | "text" | "html" | "reply_to">;

async function compose(entry: MailOutboxDoc): Promise<Composed | { error: string }> {
  const message = await ContactMessageModel.findById(entry.message_id).lean();
  if (!message) return { error: "the message was deleted before its email was sent" };
  const to = await getNotificationRecipients();
  if (to.length === 0) return { error: "no recipients" };
  const mail = newMessageMail({
    message: {
      id: message._id.toString(),
      name: message.name,
      email: message.email,
      message: message.message,
      created_at: message.created_at,
    },
    siteUrl: getEnv().SITE_URL,
    siteName: (await getPublishedContent()).brand.name,
    timeZone: await getTimeZone(),
  });
  return { to, subject: mail.subject, text: mail.text, html: mail.html, reply_to: mail.replyTo };
}

async function composePasswordReset(entry: MailOutboxDoc): Promise<Composed | { error: string }> {
  const mail = await prepareResetMail(entry.to[0] ?? "", getEnv().SITE_URL);
  if (!mail) return { error: "no admin has this email" };
  return { to: [mail.to], subject: mail.subject, text: mail.text, html: mail.html, reply_to: null };
}

function fromDomain(): string {
  return /@([^\s<>@]+)>?\s*$/.exec(getEnv().MAIL_FROM)?.[1] ?? "localhost";
}

/** A Response is db.server's 503. */
function describe(error: unknown): string {
  if (error instanceof Response) return "the database is unavailable";
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, " ").trim().slice(0, 500);
}

const worker = queueWorker(
  "mail-outbox-loop",
  () => processOutbox(),
  (error) => `Mail outbox: ${describe(error)}`,
);

function kickOutbox(): Promise<void> {
  return mailEnabled() ? worker.kick() : Promise.resolve();
}

export function outboxIdle(): Promise<void> {
  return worker.idle();
}

export function startMailOutbox(intervalMs: number = OUTBOX.intervalMs): void {
  worker.every(intervalMs, mailEnabled);
}

export async function sweepFinishedMail(now = new Date()): Promise<number> {
  const { deletedCount } = await MailOutboxModel.deleteMany({ expires_at: { $lte: now } });
  return deletedCount;
}

export const mail: Mail = {
  newMessage: notifyNewMessage,
  enabled: mailEnabled,
  send: sendAccountMail,
  reply: sendLeadReply,
  autoReply: sendAutoReply,
};
