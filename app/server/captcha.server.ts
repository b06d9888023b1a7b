import { createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { CAPTCHA_MAX, CAPTCHA_MIN, isCorrectSum, isOperand, type CaptchaChallenge } from "~/domain/captcha";
import { CaptchaNonceModel } from "~/models/captcha-nonce.server";
import { getEnv } from "./env.server";

// The server recomputes the sum from the signed token and never trusts one sent by the client; used nonces
// are stored in MongoDB so that a token answers once, whichever instance checks it.

// Long enough to write a message.
export const CAPTCHA_TTL_MS = 30 * 60 * 1000;

export type CaptchaFailure = "missing" | "malformed" | "tampered" | "expired" | "reused" | "wrong";
export type CaptchaVerdict = { ok: true } | { ok: false; reason: CaptchaFailure };

type Options = { now?: number; ttlMs?: number };

let cachedKey: { secret: string; key: Buffer } | undefined;
// A key of its own, so a captcha signature can never stand in for a cookie signature.
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

// Any validly signed token is used up, right or wrong, so one question cannot be tried with every possible sum.
export async function verifyCaptcha(token: unknown, answer: unknown, { now = Date.now() }: { now?: number } = {}): Promise<CaptchaVerdict> {
  if (typeof token !== "string" || token === "") return { ok: false, reason: "missing" };
  const parsed = parseToken(token);
  if (!parsed) return { ok: false, reason: "malformed" };
  if (!signatureMatches(parsed.payload, parsed.signature)) return { ok: false, reason: "tampered" };
  if (!isOperand(parsed.a) || !isOperand(parsed.b)) return { ok: false, reason: "tampered" };
  if (parsed.expires <= now) return { ok: false, reason: "expired" };

  if (!(await spendNonce(parsed.nonce, parsed.expires))) return { ok: false, reason: "reused" };

  const typed = typeof answer === "string" ? answer : "";
  return isCorrectSum(parsed.a, parsed.b, typed) ? { ok: true } : { ok: false, reason: "wrong" };
}

async function spendNonce(nonce: string, expires: number): Promise<boolean> {
  try {
    await CaptchaNonceModel.create({ _id: nonce, expires_at: new Date(expires) });
    return true;
  } catch (error) {
    if ((error as { code?: number }).code === 11000) return false;
    throw error;
  }
}

export async function sweepUsedCaptchas(now = new Date()): Promise<number> {
  const { deletedCount } = await CaptchaNonceModel.deleteMany({ expires_at: { $lte: now } });
  return deletedCount;
}
