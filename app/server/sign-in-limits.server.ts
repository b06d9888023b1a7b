import { messages } from "~/domain/messages";
import type { Result } from "~/domain/shared";
import type { CodeRefusal, SecondFactor } from "~/domain/two-factor.server";
import type { Admin } from "~/domain/types";
import { recordEvent } from "~/domain/audit-log.server";
import { clientAddress, requestOrigin } from "./client-address.server";
import { PasswordChecksBusy } from "./passwords.server";
import { countFailure, countRefusal, release, reserve, reset, type LimitName, type LimitWindow } from "./rate-limit.server";

// A try is reserved on every limit before the password or the code is checked, so a refused attempt never reaches bcrypt
// and parallel attempts cannot all pass one check; an outcome that does not count (a right password, a missing field,
// a busy pool, an expired step) gives it back. Wrong two-factor codes count on the same keys as wrong passwords
// (docs/security.md#rate-limits).

/**
 * Why a check refused a sign-in. Wrong credentials and wrong, replayed or spent codes count as attempts; a missing field,
 * a code not yet given and a code step that expired do not.
 */
export type SignInRefusal = "invalid-credentials" | "missing-fields" | "code-required" | "step-expired" | CodeRefusal;

/**
 * An admin whose sign-in is complete (with the second factor it took, if any), or whose password was right and whose
 * two-factor code comes next (`complete: false`).
 */
export type Verified = { admin: Admin; complete: boolean; secondFactor?: SecondFactor["method"] };

export type SignInRefused = {
  ok: false;
  reason: SignInRefusal | "throttled" | "busy";
  status: 401 | 422 | 429 | 503;
  message: string;
  errors: Record<string, string[]>;
  retryAfterSeconds?: number;
};

type SignInOutcome = ({ ok: true } & Verified) | SignInRefused;

const COUNTED = new Set<SignInRefusal>(["invalid-credentials", "invalid-code", "code-used", "recovery-code-used"]);

const REFUSALS: Record<Exclude<SignInRefusal, "missing-fields">, { message: string; field: string }> = {
  "invalid-credentials": { message: messages.invalidCredentials, field: "email" },
  "code-required": { message: messages.twoFactorCodeRequired, field: "code" },
  "invalid-code": { message: messages.twoFactorCodeInvalid, field: "code" },
  "code-used": { message: messages.twoFactorCodeUsed, field: "code" },
  "recovery-code-used": { message: messages.recoveryCodeUsed, field: "code" },
  "step-expired": { message: messages.twoFactorStepExpired, field: "code" },
  // Two-factor sign-in turned off between the two steps: the password step again.
  "not-on": { message: messages.twoFactorStepExpired, field: "code" },
};

function keysFor(request: Request, email: unknown): [LimitName, string][] {
  const account = typeof email === "string" ? email.trim().toLowerCase().slice(0, 320) : "";
  const address = clientAddress(request);
  return [
    ["signInAccountAddress", `${account}|${address}`],
    ["signInAddress", address],
    ["signInAccount", account],
  ];
}

/** `email` is the account's, as typed (the password step) or as stored (the code step): the keys the limits count under. */
export async function throttledSignIn(
  request: Request,
  email: unknown,
  verify: () => Promise<Result<Verified, SignInRefusal>>,
): Promise<SignInOutcome> {
  const keys = keysFor(request, email);
  const typed = typeof email === "string" ? email : "";
  const reservations = await Promise.all(keys.map(([name, key]) => reserve(name, key)));
  const windows = reservations.filter((reservation) => !reservation.limited).map((reservation) => reservation.window);
  const giveBack = () => Promise.all(windows.map(release));
  const limited = reservations.filter((reservation) => reservation.limited);
  if (limited.length) {
    await giveBack();
    await recordRefusal(request, typed, limited[0]!.window);
    const retryAfterSeconds = Math.max(...limited.map((status) => status.retryAfterSeconds));
    const message = messages.loginThrottled(Math.ceil(retryAfterSeconds / 60));
    return { ok: false, reason: "throttled", status: 429, message, errors: { email: [message] }, retryAfterSeconds };
  }
  let result: Result<Verified, SignInRefusal>;
  try {
    result = await verify();
  } catch (error) {
    await giveBack();
    if (!(error instanceof PasswordChecksBusy)) throw error;
    return { ok: false, reason: "busy", status: 503, message: messages.signInBusy, errors: {}, retryAfterSeconds: error.retryAfterSeconds };
  }
  if (!result.ok && COUNTED.has(result.reason)) {
    const spent = await Promise.all(windows.map(countFailure));
    if (result.reason === "invalid-credentials") await recordEvent(requestOrigin(request, null), "sign-in.failed", { email: typed });
    // The lockout itself, once: not every refusal after it, which anyone could repeat without end.
    const locked = windows.filter((_window, index) => spent[index]).map((window) => window.name);
    if (locked.length) await recordEvent(requestOrigin(request, null), "sign-in.locked", { email: typed, details: { limits: locked } });
    const { message, field } = REFUSALS[result.reason as Exclude<SignInRefusal, "missing-fields">];
    return { ok: false, reason: result.reason, status: 401, message, errors: { [field]: [message] } };
  }
  await giveBack();
  if (result.ok) {
    // A right password alone, with a code still to come, clears nothing: wrong codes go on counting.
    if (result.value.complete) await reset(...keys[0]!);
    return { ok: true, ...result.value };
  }
  const { reason } = result;
  if (reason === "missing-fields") return { ok: false, reason, status: 422, message: messages.loginMissingFields, errors: {} };
  const { message, field } = REFUSALS[reason];
  return { ok: false, reason, status: 401, message, errors: { [field]: [message] } };
}

/** One entry at the 1st, 10th, 100th… refusal of a limit's window, with the count: an attack's scale, in a bounded log. */
async function recordRefusal(request: Request, email: string, window: LimitWindow): Promise<void> {
  const refusals = await countRefusal(window);
  if (refusals !== null)
    await recordEvent(requestOrigin(request, null), "sign-in.throttled", { email, details: { limit: window.name, refusals } });
}
