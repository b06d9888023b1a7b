import { afterAll, beforeAll, beforeEach } from "vitest";
import { getEnv } from "~/server/env.server";
import { outboxIdle } from "~/server/mail-outbox.server";
import { startSmtpSink } from "./smtp";

type Sink = Awaited<ReturnType<typeof startSmtpSink>>;

/**
 * An SMTP sink for a whole test file (vitest only; the end-to-end specs start their own): before each test the mailer
 * points at it (a test may turn mail off for itself), it accepts again and holds no mail, and the outbox has finished
 * what an earlier test queued; after the file, SMTP_URL and MAIL_FROM are as they were.
 */
export function useSmtpSink({ from = "Studio <dashboard@studio.test>" }: { from?: string } = {}): Sink {
  const env = getEnv();
  const original = { SMTP_URL: env.SMTP_URL, MAIL_FROM: env.MAIL_FROM };
  const sink = {} as Sink;
  beforeAll(async () => {
    Object.assign(sink, await startSmtpSink());
    env.MAIL_FROM = from;
  });
  afterAll(async () => {
    await outboxIdle();
    Object.assign(env, original);
    await sink.close();
  });
  beforeEach(async () => {
    await outboxIdle();
    env.SMTP_URL = sink.url;
    sink.refuseNext(0);
    sink.received.length = 0;
  });
  return sink;
}
