import { createHmac, timingSafeEqual } from "node:crypto";
import type { FormTiming } from "~/domain/spam";
import { getEnv } from "./env.server";

// docs/security.md#the-contact-forms-time: when the contact form was shown, signed so that a bot cannot claim it
// waited. A key of its own, so this signature never stands in for a cookie's or the captcha's.

let cachedKey: { secret: string; key: Buffer } | undefined;
function signingKey(): Buffer {
  const secret = getEnv().SESSION_SECRET;
  if (cachedKey?.secret !== secret) {
    cachedKey = { secret, key: createHmac("sha256", secret).update("northbeam:contact-form-time:v1").digest() };
  }
  return cachedKey.key;
}

const sign = (time: string) => createHmac("sha256", signingKey()).update(time).digest("base64url");

export function issueFormTime(now = Date.now()): string {
  const time = String(now);
  return `${time}.${sign(time)}`;
}

/** A time from the future (another instance's clock a little ahead) counts as just shown. */
export function readFormTime(value: unknown, now = Date.now()): FormTiming {
  if (value === undefined || value === null || value === "") return { kind: "absent" };
  const match = typeof value === "string" ? /^(\d{13})\.([A-Za-z0-9_-]{43})$/.exec(value) : null;
  if (!match) return { kind: "forged" };
  const [, time, signature] = match as unknown as [string, string, string];
  const expected = Buffer.from(sign(time));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { kind: "forged" };
  return { kind: "shown", elapsedMs: Math.max(0, now - Number(time)) };
}
