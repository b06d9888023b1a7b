import { remember } from "@epic-web/remember";
import nodemailer, { type SendMailOptions, type SMTPSentMessageInfo, type Transporter } from "nodemailer";
import { getEnv } from "./env.server";

// docs/operations.md#email-notifications. Every wait is bounded, so a silent SMTP server cannot hold a send
// (nor the outbox entry it claimed) for long.
const SMTP_TIMEOUTS = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  dnsTimeout: 10_000,
  socketTimeout: 20_000,
  sendTimeoutMs: 30_000,
} as const;

type Cached = { url: string; transport: Transporter<SMTPSentMessageInfo> };

const cache = remember("smtp-transport", () => ({ current: undefined as Cached | undefined }));

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
