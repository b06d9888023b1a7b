import { createHash, randomBytes, randomInt } from "node:crypto";
import { getTOTPAuthUri, verifyTOTP } from "@epic-web/totp";
import { AdminModel, type TwoFactorDoc } from "~/models/admin.server";
import { fromCommandLine, recordEvent, type AdminOrigin, type Origin } from "./audit-log.server";
import { credentialStamp } from "./credential-stamp.server";
import { isObjectId, ok, refused, type Result } from "./shared";
import type { SecretBox } from "./ports";

// docs/behaviour.md#two-factor-sign-in. The secret is sealed with the server's key (decision 0027), recovery codes are kept
// as SHA-256 hashes, and every "used once" is a conditional update whose modifiedCount says who won.

/** What authenticator apps expect (RFC 6238's defaults): 6 digits every 30 s; a code of the step before or after is accepted. */
export const TOTP = { period: 30, digits: 6, algorithm: "SHA-1", window: 1 } as const;
export const RECOVERY_CODE_COUNT = 10;
/** How long a setup waits for its first code. */
const SETUP_LIFETIME_MS = 30 * 60_000;
/** 160 bits, RFC 4226's recommendation (the library's own default is 80). */
const SECRET_BYTES = 20;
/** Crockford's base32: no i, l, o or u, so a code read aloud or from paper is not mistaken. */
const RECOVERY_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";
/** 16 characters of 32: 80 bits, beyond any search of their hashes. */
const RECOVERY_CODE_LENGTH = 16;

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** RFC 4648 base32 without padding: the form authenticator apps take a key in. */
export function base32(bytes: Uint8Array): string {
  let out = "";
  let value = 0;
  let bits = 0;
  for (const byte of bytes) {
    value = ((value << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** "ABCD EFGH …": the setup key in groups of four, for typing it into an app by hand. */
export const groupedKey = (secret: string) => secret.match(/.{1,4}/g)!.join(" ");

const sealContext = (adminId: string) => `two-factor:${adminId}`;

type TypedCode = { kind: "totp"; code: string } | { kind: "recovery"; code: string };

/** What was typed, read leniently: spaces and dashes dropped, any case; o, i and l in a recovery code read as 0 and 1. */
export function readCode(typed: string): TypedCode | null {
  const compact = typed.replace(/[\s-]/g, "").toLowerCase();
  if (new RegExp(`^\\d{${TOTP.digits}}$`).test(compact)) return { kind: "totp", code: compact };
  const recovery = compact.replace(/o/g, "0").replace(/[il]/g, "1");
  if (recovery.length === RECOVERY_CODE_LENGTH && [...recovery].every((char) => RECOVERY_ALPHABET.includes(char))) {
    return { kind: "recovery", code: recovery };
  }
  return null;
}

export const hashRecoveryCode = (code: string) => createHash("sha256").update(code).digest("hex");

/** Ten new codes, "xxxx-xxxx-xxxx-xxxx", and the map stored for them (hash → used). */
export function newRecoveryCodes(): { codes: string[]; stored: Record<string, boolean> } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: RECOVERY_CODE_LENGTH }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join("");
    return chars.match(/.{4}/g)!.join("-");
  });
  const stored = Object.fromEntries(codes.map((code) => [hashRecoveryCode(readCode(code)!.code), false]));
  return { codes, stored };
}

const timeStep = (now = Date.now()) => Math.floor(now / 1000 / TOTP.period);

/** The time step `code` belongs to, within the window, or null. Read again if a step boundary passed during the check. */
export async function stepOfCode(secret: string, code: string): Promise<number | null> {
  for (;;) {
    const before = timeStep();
    const match = await verifyTOTP({
      otp: code,
      secret,
      period: TOTP.period,
      digits: TOTP.digits,
      algorithm: TOTP.algorithm,
      window: TOTP.window,
    });
    if (timeStep() === before) return match ? before + match.delta : null;
  }
}

type StoredTwoFactor = Partial<TwoFactorDoc> | null | undefined;

async function storedTwoFactor(adminId: string): Promise<StoredTwoFactor> {
  if (!isObjectId(adminId)) return null;
  return (await AdminModel.findById(adminId).lean())?.two_factor;
}

const unused = (recovery: Record<string, boolean> | undefined) => Object.values(recovery ?? {}).filter((used) => !used).length;

type TwoFactorStatus = { on: boolean; since: Date | null; recoveryLeft: number };

export async function twoFactorStatus(adminId: string): Promise<TwoFactorStatus> {
  const stored = await storedTwoFactor(adminId);
  if (!stored?.secret) return { on: false, since: null, recoveryLeft: 0 };
  return { on: true, since: stored.enabled_at ?? null, recoveryLeft: unused(stored.recovery) };
}

export async function hasTwoFactor(adminId: string): Promise<boolean> {
  return Boolean((await storedTwoFactor(adminId))?.secret);
}

type TwoFactorSetup = { key: string; uri: string; until: Date };

/** A new secret to confirm, sealed on the admin's record (never kept in a process), replacing any earlier one. */
export async function startTwoFactorSetup(
  adminId: string,
  secrets: SecretBox,
  now = new Date(),
): Promise<Result<void, "already-on" | "no-key" | "not-found">> {
  if (!secrets.available()) return refused("no-key");
  if (!isObjectId(adminId)) return refused("not-found");
  const sealed = secrets.seal(base32(randomBytes(SECRET_BYTES)), sealContext(adminId));
  const { matchedCount } = await AdminModel.updateOne(
    { _id: adminId, "two_factor.secret": null },
    { $set: { "two_factor.pending": sealed, "two_factor.pending_until": new Date(now.getTime() + SETUP_LIFETIME_MS) } },
  );
  if (matchedCount) return ok(undefined);
  return (await AdminModel.exists({ _id: adminId })) ? refused("already-on") : refused("not-found");
}

/** The setup waiting for its first code: the key as text and as an otpauth:// address (the QR code's content). */
export async function pendingTwoFactorSetup(
  admin: { id: string; email: string },
  secrets: SecretBox,
  { issuer, now = new Date() }: { issuer: string; now?: Date },
): Promise<TwoFactorSetup | null> {
  const stored = await storedTwoFactor(admin.id);
  if (!stored?.pending || stored.secret || !stored.pending_until || stored.pending_until <= now) return null;
  const secret = secrets.open(stored.pending, sealContext(admin.id));
  if (!secret) return null;
  const uri = getTOTPAuthUri({
    period: TOTP.period,
    digits: TOTP.digits,
    algorithm: TOTP.algorithm,
    secret,
    accountName: admin.email,
    issuer,
  });
  return { key: groupedKey(secret), uri, until: stored.pending_until };
}

type SetupRefusal = "no-setup" | "invalid-code" | "already-on";

/** The first code turns two-factor sign-in on, and the ten recovery codes are made: the only time they exist in plain text. */
export async function confirmTwoFactorSetup(
  origin: AdminOrigin,
  typed: string,
  secrets: SecretBox,
  now = new Date(),
): Promise<Result<{ recoveryCodes: string[] }, SetupRefusal>> {
  const adminId = origin.actor.id;
  const stored = await storedTwoFactor(adminId);
  if (stored?.secret) return refused("already-on");
  if (!stored?.pending || !stored.pending_until || stored.pending_until <= now) return refused("no-setup");
  const secret = secrets.open(stored.pending, sealContext(adminId));
  if (!secret) return refused("no-setup");
  const code = readCode(typed);
  const step = code?.kind === "totp" ? await stepOfCode(secret, code.code) : null;
  if (step === null) return refused("invalid-code");
  const { codes, stored: recovery } = newRecoveryCodes();
  // Only the setup as read: a newer one started elsewhere, or a confirmation that won the race, leaves this one refused.
  const { modifiedCount } = await AdminModel.updateOne(
    { _id: adminId, "two_factor.pending": stored.pending, "two_factor.secret": null },
    { $set: { two_factor: { secret: stored.pending, enabled_at: now, last_step: step, recovery, pending: null, pending_until: null } } },
  );
  if (!modifiedCount) return refused("no-setup");
  await recordEvent(origin, "two-factor.enabled");
  return ok({ recoveryCodes: codes });
}

export type SecondFactor = { method: "code" | "recovery-code"; recoveryLeft: number };
export type CodeRefusal = "invalid-code" | "code-used" | "recovery-code-used" | "not-on";

/**
 * The acting admin's code at sign-in, or on their account's two-factor page (`where`): a refused one and a recovery
 * code used are recorded under the admin, with the door (the account page's is "account").
 */
export async function checkSecondFactor(
  origin: AdminOrigin,
  typed: string,
  secrets: SecretBox,
  where: "sign-in" | "account",
): Promise<Result<SecondFactor, CodeRefusal>> {
  const door = where === "account" ? where : origin.door;
  const checked = await checkCode(origin.actor.id, typed, secrets);
  if (!checked.ok) {
    if (checked.reason !== "not-on") await recordEvent(origin, "sign-in.code-failed", { details: { door, reason: checked.reason } });
  } else if (checked.value.method === "recovery-code") {
    await recordEvent(origin, "two-factor.recovery-used", { details: { door, recovery_codes_left: checked.value.recoveryLeft } });
  }
  return checked;
}

/**
 * A code from the app, accepted once: its time step must be later than the last one accepted. Or a recovery code,
 * accepted once. Either way a conditional update decides, so two instances given one code accept it once between them.
 */
async function checkCode(adminId: string, typed: string, secrets: SecretBox): Promise<Result<SecondFactor, CodeRefusal>> {
  const stored = await storedTwoFactor(adminId);
  if (!stored?.secret) return refused("not-on");
  const code = readCode(typed);
  if (!code) return refused("invalid-code");
  const left = unused(stored.recovery);
  if (code.kind === "recovery") {
    const hash = hashRecoveryCode(code.code);
    if (stored.recovery?.[hash] !== false) return refused(stored.recovery?.[hash] === true ? "recovery-code-used" : "invalid-code");
    const path = `two_factor.recovery.${hash}`;
    const { modifiedCount } = await AdminModel.updateOne(
      { _id: adminId, "two_factor.secret": stored.secret, [path]: false },
      { $set: { [path]: true } },
    );
    return modifiedCount ? ok({ method: "recovery-code", recoveryLeft: left - 1 }) : refused("recovery-code-used");
  }
  const secret = secrets.open(stored.secret, sealContext(adminId));
  // Start-up checks the key against the stored secrets: this is a record altered in the database.
  if (secret === null) throw new Error("A two-factor secret could not be opened with the configured key.");
  const step = await stepOfCode(secret, code.code);
  if (step === null) return refused("invalid-code");
  const { modifiedCount } = await AdminModel.updateOne(
    {
      _id: adminId,
      "two_factor.secret": stored.secret,
      $or: [{ "two_factor.last_step": null }, { "two_factor.last_step": { $lt: step } }],
    },
    { $set: { "two_factor.last_step": step } },
  );
  return modifiedCount ? ok({ method: "code", recoveryLeft: left }) : refused("code-used");
}

/** A code step between the password and the code (its cookie is the server's): whose, when it started, and under which password. */
export type SignInStep = { adminId: string; startedAt: number; stamp: string };

async function withPasswordHash(adminId: string) {
  return isObjectId(adminId) ? AdminModel.findById(adminId).select("+passwordHash").lean() : null;
}

/** The stamp of the admin's current email and password, for a code step that starts now. */
export async function currentCredentialStamp(adminId: string): Promise<string | null> {
  const doc = await withPasswordHash(adminId);
  return doc ? credentialStamp(doc) : null;
}

const unspent = (startedAt: number) => ({ $or: [{ last_sign_in_step: null }, { last_sign_in_step: { $lt: startedAt } }] });

/** Whether a code step can still sign in: the password is the one it was started under, and no sign-in used it (or a later one). */
export async function isSignInStepOpen(step: SignInStep): Promise<boolean> {
  const doc = await withPasswordHash(step.adminId);
  return Boolean(doc && credentialStamp(doc) === step.stamp && !((doc.last_sign_in_step ?? -Infinity) >= step.startedAt));
}

/**
 * The code step used, once: a conditional update on the password's hash as read and on no step at or after this one
 * having been used, whose modifiedCount says which of racing requests (a replayed cookie, two instances) won.
 */
export async function spendSignInStep(step: SignInStep): Promise<boolean> {
  const doc = await withPasswordHash(step.adminId);
  if (!doc || credentialStamp(doc) !== step.stamp) return false;
  const { modifiedCount } = await AdminModel.updateOne(
    { _id: doc._id, passwordHash: doc.passwordHash, ...unspent(step.startedAt) },
    { $set: { last_sign_in_step: step.startedAt } },
  );
  return modifiedCount === 1;
}

/** New recovery codes, once the admin has given a current code: the earlier ones stop working. */
export async function replaceRecoveryCodes(origin: AdminOrigin): Promise<Result<{ recoveryCodes: string[] }, "not-on">> {
  const adminId = origin.actor.id;
  if (!isObjectId(adminId)) return refused("not-on");
  const { codes, stored } = newRecoveryCodes();
  const { modifiedCount } = await AdminModel.updateOne(
    { _id: adminId, "two_factor.secret": { $ne: null } },
    { $set: { "two_factor.recovery": stored } },
  );
  if (!modifiedCount) return refused("not-on");
  await recordEvent(origin, "two-factor.recovery-codes");
  return ok({ recoveryCodes: codes });
}

/**
 * Off, once the admin has given a current code (or from the command line, for one who lost their authenticator and
 * recovery codes): the secret and the recovery codes are removed.
 */
export async function removeTwoFactor(admin: { id: string; name: string; email: string }, origin: Origin): Promise<void> {
  if (!isObjectId(admin.id)) return;
  await AdminModel.updateOne({ _id: admin.id }, { $unset: { two_factor: "" } });
  await recordEvent(origin, "two-factor.disabled", fromCommandLine(origin, admin));
}

/** One stored sealed value and what it was sealed for, if any: start-up tries the key on it. */
export async function anySealedTwoFactorSecret(): Promise<{ sealed: string; context: string } | null> {
  const doc = await AdminModel.findOne({ $or: [{ "two_factor.secret": { $ne: null } }, { "two_factor.pending": { $ne: null } }] }).lean();
  const sealed = doc?.two_factor?.secret ?? doc?.two_factor?.pending;
  return doc && sealed ? { sealed, context: sealContext(doc._id.toString()) } : null;
}
