import { parseWithZod } from "@conform-to/zod";
import { redirect } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { getAdminById, verifyCredentials } from "~/domain/admins.server";
import { messages, toastDuration } from "~/domain/messages";
import { refused } from "~/domain/result";
import { loginInput } from "~/domain/schemas";
import { asTyped } from "~/lib/forms";
import { safeRedirect as safeRedirectTo } from "~/lib/safe-redirect";
import type { Admin } from "~/domain/types";
import { requireDb } from "./db.server";
import { getEnv } from "./env.server";
import { passwords } from "./passwords.server";
import { throttledSignIn, type SignInOutcome } from "./sign-in-limits.server";
import { commitAdminSession, destroySession, getSession, SESSION_COOKIE } from "./session.server";
import { redirectWithError, redirectWithSuccess } from "./toast.server";

function parseLogin(form: FormData) {
  return parseWithZod(form, { schema: loginInput, ...asTyped });
}

type SignInAttempt = { submission: ReturnType<typeof parseLogin>; redirectTo: FormDataEntryValue | null; outcome: SignInOutcome };

// remix-auth 4 keeps no session of its own: its form strategy reads the body (once) and the session is ours.
const authenticator = new Authenticator<SignInAttempt>();
authenticator.use(
  new FormStrategy(async ({ form, request }) => {
    const submission = parseLogin(form);
    const outcome = await throttledSignIn(request, form.get("email"), async () =>
      submission.status === "success" ? verifyCredentials(submission.value, passwords) : refused("missing-fields"),
    );
    return { submission, redirectTo: form.get("redirectTo"), outcome };
  }),
  "form",
);

export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/dashboard"): string {
  return safeRedirectTo(to, getEnv().SITE_URL, fallback);
}

type SignedIn = Omit<SignInAttempt, "outcome"> & {
  outcome: Exclude<SignInOutcome, { ok: true }> | { ok: true; admin: Admin; cookie: string };
};

export async function login(request: Request): Promise<SignedIn> {
  await requireDb();
  const attempt = await authenticator.authenticate("form", request);
  if (!attempt.outcome.ok) return { ...attempt, outcome: attempt.outcome };
  const cookie = await commitAdminSession(request, attempt.outcome.admin.id);
  return { ...attempt, outcome: { ...attempt.outcome, cookie } };
}

export type SignedInAdmin = { admin: Admin | null; expired: boolean };

/** `expired`: a genuine session cookie whose session has ended (docs/behaviour.md#sessions). */
export async function getAdmin(request: Request): Promise<SignedInAdmin> {
  if (!request.headers.get("Cookie")?.includes(`${SESSION_COOKIE}=`)) return { admin: null, expired: false };
  await requireDb();
  const session = await getSession(request);
  const adminId = session.get("adminId");
  // An id that passed the signature check but has no live record: the session has ended.
  if (!adminId) return { admin: null, expired: Boolean(session.id) };
  const expiresAt = session.get("expiresAt");
  if (typeof expiresAt !== "number" || expiresAt <= Date.now()) return { admin: null, expired: true };
  return { admin: await getAdminById(adminId), expired: false };
}

function loginUrl(request: Request): string {
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  return back === "/" ? "/login" : `/login?${new URLSearchParams({ redirectTo: back })}`;
}

export async function requireAdmin(request: Request): Promise<Admin> {
  const { admin, expired } = await getAdmin(request);
  if (admin) return admin;
  // The way back to sign-in depends on the visitor's cookie: never kept by a browser or a CDN.
  const headers = { "Set-Cookie": await destroySession(request), "Cache-Control": "no-store" };
  if (expired)
    throw await redirectWithError(loginUrl(request), { message: messages.sessionExpired, duration: toastDuration.medium }, { headers });
  throw redirect(loginUrl(request), { headers });
}

export async function logout(request: Request): Promise<Response> {
  return redirectWithSuccess(
    "/login",
    { message: messages.logoutSuccess, duration: toastDuration.short },
    {
      headers: { "Set-Cookie": await destroySession(request) },
    },
  );
}
