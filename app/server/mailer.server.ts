import { remember } from "@epic-web/remember";
import nodemailer, { type SendMailOptions, type SMTPSentMessageInfo, type Transporter } from "nodemailer";
import { getEnv } from "./env.server";

/**
 * Email over SMTP with nodemailer (docs/operations.md#email-notifications). SMTP_URL (smtp:// or smtps://,
 * nodemailer's URL options such as `?tls.rejectUnauthorized=false` included) says where; without it nothing is
 * sent. The transport is made on first use, and made again if SMTP_URL changes (tests do that).
 *
 * Every wait is bounded, so a dead or silent SMTP server cannot hold a send (nor the outbox entry it claimed)
 * for long: connecting, the greeting and DNS take at most 10 s each, a silent socket 20 s, a whole send 30 s.
 */
export const SMTP_TIMEOUTS = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  dnsTimeout: 10_000,
  socketTimeout: 20_000,
  /** The whole send, from connecting to the server's answer to the message. */
  sendTimeoutMs: 30_000,
} as const;

type Cached = { url: string; transport: Transporter<SMTPSentMessageInfo> };

const cache = remember("smtp-transport", () => ({ current: undefined as Cached | undefined }));

/** Whether mail can be sent at all: SMTP_URL is set. */
export function mailEnabled(): boolean {
  return Boolean(getEnv().SMTP_URL);
}

function transport(): Transporter<SMTPSentMessageInfo> {
  const url = getEnv().SMTP_URL;
  if (!url) throw new Error("SMTP_URL is not set");
  if (cache.current?.url !== url) {
    cache.current?.transport.close();
    const { sendTimeoutMs: _whole, ...timeouts } = SMTP_TIMEOUTS;
    // One connection per mail (no pool): a handful of messages a day, and nothing left open between them.
    cache.current = { url, transport: nodemailer.createTransport({ url, ...timeouts }) };
  }
  return cache.current.transport;
}

export type OutgoingMail = Pick<SendMailOptions, "messageId"> & {
  to: string[];
  subject: string;
  text: string;
  html: string;
  replyTo?: string | null;
};

/**
 * Sends one mail from MAIL_FROM; resolves once the SMTP server accepted it for at least one recipient, rejects
 * otherwise (a refusal, a time out, no server). Addresses the server refused while accepting others come back.
 */
export async function sendMail(mail: OutgoingMail): Promise<{ rejected: string[]; response: string }> {
  const info = await transport().sendMail({
    from: getEnv().MAIL_FROM,
    to: mail.to,
    replyTo: mail.replyTo ?? undefined,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: mail.messageId,
    signal: AbortSignal.timeout(SMTP_TIMEOUTS.sendTimeoutMs),
  });
  return { rejected: info.rejected ?? [], response: String(info.response ?? "") };
}
