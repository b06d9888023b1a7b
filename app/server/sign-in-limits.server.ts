import { messages } from "~/domain/messages";
import type { Result } from "~/domain/result";
import type { Admin } from "~/domain/types";
import { clientAddress } from "./client-address.server";
import { PasswordChecksBusy } from "./passwords.server";
import { count, peek, reset, type LimitName } from "./rate-limit.server";

// Every limit is checked before the password, so a refused attempt never reaches bcrypt; a busy pool (503) counts as no attempt.
export type SignInOutcome =
  | { ok: true; admin: Admin }
  | { ok: false; status: 401 | 422 | 429 | 503; message: string; errors: Record<string, string[]>; retryAfterSeconds?: number };

/** Why a sign-in's check refused it: only wrong credentials count as an attempt at a password. */
export type SignInRefusal = "invalid-credentials" | "missing-fields";

function keysFor(request: Request, email: unknown): [LimitName, string][] {
  const account = typeof email === "string" ? email.trim().toLowerCase().slice(0, 320) : "";
  const address = clientAddress(request);
  return [
    ["signInAccountAddress", `${account}|${address}`],
    ["signInAddress", address],
    ["signInAccount", account],
  ];
}

export async function throttledSignIn(
  request: Request,
  email: unknown,
  verify: () => Promise<Result<Admin, SignInRefusal>>,
): Promise<SignInOutcome> {
  const keys = keysFor(request, email);
  const statuses = await Promise.all(keys.map(([name, key]) => peek(name, key)));
  const limited = statuses.filter((status) => status.limited);
  if (limited.length) {
    const retryAfterSeconds = Math.max(...limited.map((status) => status.retryAfterSeconds));
    const message = messages.loginThrottled(Math.ceil(retryAfterSeconds / 60));
    return { ok: false, status: 429, message, errors: { email: [message] }, retryAfterSeconds };
  }
  let result: Result<Admin, SignInRefusal>;
  try {
    result = await verify();
  } catch (error) {
    if (!(error instanceof PasswordChecksBusy)) throw error;
    return { ok: false, status: 503, message: messages.signInBusy, errors: {}, retryAfterSeconds: error.retryAfterSeconds };
  }
  if (result.ok) {
    await reset(...keys[0]!);
    return { ok: true, admin: result.value };
  }
  if (result.reason === "missing-fields") return { ok: false, status: 422, message: messages.loginMissingFields, errors: {} };
  await Promise.all(keys.map(([name, key]) => count(name, key)));
  return { ok: false, status: 401, message: messages.invalidCredentials, errors: { email: [messages.invalidCredentials] } };
}
