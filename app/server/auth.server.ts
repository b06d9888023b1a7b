import { redirect } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { getAdminById, verifyCredentials } from "~/domain/admins.server";
import { messages, toastDuration } from "~/domain/messages";
import { ok, type Result } from "~/domain/result";
import type { Admin } from "~/domain/types";
import { requireDb } from "./db.server";
import { clientIp, createRateLimiter, type RateLimiter } from "./rate-limit.server";
import { commitAdminSession, destroySession, getSession } from "./session.server";
import { redirectWithError, redirectWithSuccess } from "./toast.server";

/** A failed sign-in: the message to show and the fields it concerns. */
export class LoginError extends Error {
  constructor(
    message: string,
    readonly errors: Record<string, string[]>,
  ) {
    super(message);
  }
}

// remix-auth 4 keeps no session of its own: it verifies, and the session is ours.
export const authenticator = new Authenticator<Admin>();
authenticator.use(
  new FormStrategy(async ({ form }) => {
    const result = await verifyCredentials({ email: form.get("email"), password: form.get("password") });
    if (!result.ok) throw new LoginError(result.message, result.errors);
    return result.value;
  }),
  "form",
);

/** A same-site path to return to after sign-in; anything else falls back to the dashboard. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/dashboard"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  return to;
}

// SPEC-beyond brute-force protection: more than 5 failed attempts for one email from one address
// within 15 minutes are refused until the window passes; a success clears the count.
export const LOGIN_ATTEMPTS = 5;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
const globalForLogin = globalThis as typeof globalThis & { __studioLoginLimiter?: RateLimiter };
const loginLimiter = (globalForLogin.__studioLoginLimiter ??= createRateLimiter({ limit: LOGIN_ATTEMPTS, windowMs: LOGIN_WINDOW_MS }));

export type SignInOutcome =
  | { ok: true; admin: Admin }
  | { ok: false; status: 401 | 422 | 429; message: string; errors: Record<string, string[]>; retryAfterSeconds?: number };

/**
 * One sign-in attempt, throttled per email and client address. `verify` checks the credentials;
 * only wrong credentials count as failures (a form with a missing field does not).
 */
export async function throttledSignIn(
  request: Request,
  email: unknown,
  verify: () => Promise<Result<Admin>>,
): Promise<SignInOutcome> {
  const key = `${typeof email === "string" ? email.trim().toLowerCase() : ""}|${clientIp(request)}`;
  const throttle = loginLimiter.isLimited(key);
  if (throttle.limited) {
    const message = messages.loginThrottled(Math.ceil(throttle.retryAfterSeconds / 60));
    return { ok: false, status: 429, message, errors: { email: [message] }, retryAfterSeconds: throttle.retryAfterSeconds };
  }
  const result = await verify();
  if (result.ok) {
    loginLimiter.reset(key);
    return { ok: true, admin: result.value };
  }
  const wrongCredentials = result.errors.email?.includes(messages.invalidCredentials) ?? false;
  if (wrongCredentials) loginLimiter.hit(key);
  return { ok: false, status: wrongCredentials ? 401 : 422, message: result.message, errors: result.errors };
}

/** Signs in from the login form (remix-auth's form strategy); on success, the session cookie to set. */
export async function login(request: Request): Promise<(SignInOutcome & { ok: false }) | { ok: true; admin: Admin; cookie: string }> {
  await requireDb();
  const email = (await request.clone().formData()).get("email");
  const outcome = await throttledSignIn(request, email, async () => {
    try {
      return ok(await authenticator.authenticate("form", request));
    } catch (error) {
      if (error instanceof LoginError) return { ok: false, message: error.message, errors: error.errors };
      throw error;
    }
  });
  if (!outcome.ok) return outcome;
  return { ok: true, admin: outcome.admin, cookie: await commitAdminSession(request, outcome.admin.id) };
}

/** The signed-in admin, or null when there is no session or it has expired. */
export async function getAdmin(request: Request): Promise<{ admin: Admin | null; expired: boolean }> {
  const session = await getSession(request);
  const adminId = session.get("adminId");
  if (!adminId) return { admin: null, expired: false };
  const expiresAt = session.get("expiresAt");
  // A session without an expiry, or past it, counts as logged out (SPEC §4).
  if (typeof expiresAt !== "number" || expiresAt <= Date.now()) return { admin: null, expired: true };
  await requireDb();
  return { admin: await getAdminById(adminId), expired: false };
}

function loginUrl(request: Request): string {
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  return back === "/" ? "/login" : `/login?${new URLSearchParams({ redirectTo: back })}`;
}

/** For dashboard loaders and actions: the signed-in admin, or a redirect to /login. */
export async function requireAdmin(request: Request): Promise<Admin> {
  const { admin, expired } = await getAdmin(request);
  if (admin) return admin;
  const headers = { "Set-Cookie": await destroySession(request) };
  if (expired) throw await redirectWithError(
      loginUrl(request),
      { message: messages.sessionExpired, duration: toastDuration.medium },
      { headers },
    );
  throw redirect(loginUrl(request), { headers });
}

/** Ends the session whatever state it is in, and says so on the login page. */
export async function logout(request: Request): Promise<Response> {
  return redirectWithSuccess("/login", { message: messages.logoutSuccess, duration: toastDuration.short }, {
    headers: { "Set-Cookie": await destroySession(request) },
  });
}
