import { createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { CAPTCHA_MAX, CAPTCHA_MIN, isCorrectSum, isOperand, type CaptchaChallenge } from "~/domain/captcha";
import { getEnv } from "./env.server";

/**
 * Signed math challenges for the contact form. The token carries the operands, an expiry and a
 * nonce, signed with a key derived from SESSION_SECRET, so the server recomputes the sum itself and
 * never trusts one sent by the client. A token answers once: used nonces are remembered until they
 * expire (one Node process serves the site, so memory is the right place).
 */

/** How long a question stays answerable: long enough to write a message. */
export const CAPTCHA_TTL_MS = 30 * 60 * 1000;
/** Upper bound on remembered nonces; the oldest go first (they expire first anyway). */
const MAX_USED_NONCES = 50_000;

export type CaptchaFailure = "missing" | "malformed" | "tampered" | "expired" | "reused" | "wrong";
export type CaptchaVerdict = { ok: true } | { ok: false; reason: CaptchaFailure };

type Options = { now?: number; ttlMs?: number };

const globalForCaptcha = globalThis as typeof globalThis & { __studioCaptchaUsed?: Map<string, number> };
// On globalThis so dev reloads keep the memory of used tokens.
const used = (globalForCaptcha.__studioCaptchaUsed ??= new Map<string, number>());

let cachedKey: { secret: string; key: Buffer } | undefined;
/** A key of its own, so a captcha signature can never stand in for a cookie signature. */
function signingKey(): Buffer {
  const secret = getEnv().SESSION_SECRET;
  if (cachedKey?.secret !== secret) {
    cachedKey = { secret, key: createHmac("sha256", secret).update("northbeam:contact-captcha:v1").digest() };
  }
  return cachedKey.key;
}

function sign(payload: string): string {
  return createHmac("sha256", signingKey()).update(payload).digest("base64url");
}

/** A fresh question: two operands from 1 to 10 and the signed token that vouches for them. */
export function createCaptcha({ now = Date.now(), ttlMs = CAPTCHA_TTL_MS }: Options = {}): CaptchaChallenge {
  const a = randomInt(CAPTCHA_MIN, CAPTCHA_MAX + 1);
  const b = randomInt(CAPTCHA_MIN, CAPTCHA_MAX + 1);
  const payload = `${a}.${b}.${now + ttlMs}.${randomBytes(12).toString("base64url")}`;
  return { a, b, token: `${payload}.${sign(payload)}` };
}

type Parsed = { a: number; b: number; expires: number; nonce: string; payload: string; signature: string };

function parseToken(token: string): Parsed | null {
  const match = /^(\d{1,2})\.(\d{1,2})\.(\d{1,15})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, a, b, expires, nonce, signature] = match as unknown as [string, string, string, string, string, string];
  return {
    a: Number(a),
    b: Number(b),
    expires: Number(expires),
    nonce,
    payload: `${a}.${b}.${expires}.${nonce}`,
    signature,
  };
}

function signatureMatches(payload: string, signature: string): boolean {
  const expected = Buffer.from(sign(payload));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

function forgetExpired(now: number) {
  for (const [nonce, expires] of used) {
    // Insertion order is expiry order (the TTL is fixed), so the first live entry ends the sweep.
    if (expires > now && used.size <= MAX_USED_NONCES) break;
    used.delete(nonce);
  }
}

/**
 * Checks an answer against a token. Any token with a valid signature is used up by the check, right
 * or wrong, so one question cannot be tried again with every possible sum.
 */
export function verifyCaptcha(token: unknown, answer: unknown, { now = Date.now() }: { now?: number } = {}): CaptchaVerdict {
  if (typeof token !== "string" || token === "") return { ok: false, reason: "missing" };
  const parsed = parseToken(token);
  if (!parsed) return { ok: false, reason: "malformed" };
  if (!signatureMatches(parsed.payload, parsed.signature)) return { ok: false, reason: "tampered" };
  if (!isOperand(parsed.a) || !isOperand(parsed.b)) return { ok: false, reason: "tampered" };
  if (parsed.expires <= now) return { ok: false, reason: "expired" };

  forgetExpired(now);
  if (used.has(parsed.nonce)) return { ok: false, reason: "reused" };
  used.set(parsed.nonce, parsed.expires);

  const typed = typeof answer === "string" ? answer : "";
  return isCorrectSum(parsed.a, parsed.b, typed) ? { ok: true } : { ok: false, reason: "wrong" };
}
