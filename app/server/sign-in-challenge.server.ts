import { createCookie } from "@remix-run/node";
import { isObjectId } from "~/domain/shared";
import type { SignInStep } from "~/domain/two-factor.server";
import { getEnv, isSecureSite } from "./env.server";

// Between the password and the code of a two-factor sign-in (docs/behaviour.md#two-factor-sign-in): a signed cookie, so
// that any instance can answer the code step and nothing is kept in a process. It proves only that the password was
// right, for five minutes, while the admin's email and password are unchanged (a stamp of them); the database says whether the step was
// used already (two-factor.server.ts), and the code itself is still checked (and accepted once) there.

export const SIGN_IN_STEP_MS = 5 * 60_000;

type Challenge = { adminId: string; redirectTo: string; step: SignInStep };
type Stored = { a: string; r: string; e: number; p: string };

let cookie: ReturnType<typeof createCookie> | undefined;

function challengeCookie() {
  cookie ??= createCookie("__sign_in_code", {
    httpOnly: true,
    sameSite: "lax",
    // Not "/login": with JavaScript the form posts to /login.data, which that path does not cover.
    path: "/",
    secure: isSecureSite(),
    secrets: [getEnv().SESSION_SECRET],
    maxAge: SIGN_IN_STEP_MS / 1000,
  });
  return cookie;
}

/** `stamp`: the admin's email and password as they are now (currentCredentialStamp). */
export function startSignInChallenge(
  { adminId, stamp }: { adminId: string; stamp: string },
  redirectTo: string,
  now = Date.now(),
): Promise<string> {
  const stored: Stored = { a: adminId, r: redirectTo.slice(0, 2_000), e: now + SIGN_IN_STEP_MS, p: stamp };
  return challengeCookie().serialize(stored);
}

/** The challenge of a valid cookie still within its five minutes (checked here: a browser may keep a cookie longer). */
export async function readSignInChallenge(request: Request, now = Date.now()): Promise<Challenge | null> {
  const stored = (await challengeCookie().parse(request.headers.get("Cookie"))) as Partial<Stored> | null;
  if (!stored || typeof stored.a !== "string" || !isObjectId(stored.a) || typeof stored.e !== "number" || stored.e <= now) return null;
  if (typeof stored.p !== "string") return null;
  const step = { adminId: stored.a, startedAt: stored.e - SIGN_IN_STEP_MS, stamp: stored.p };
  return { adminId: stored.a, redirectTo: typeof stored.r === "string" ? stored.r : "", step };
}

export function endSignInChallenge(): Promise<string> {
  return challengeCookie().serialize("", { maxAge: 0, expires: new Date(0) });
}
