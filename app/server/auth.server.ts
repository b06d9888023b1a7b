import { redirect } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { getAdminById, verifyCredentials } from "~/domain/admins.server";
import { messages, toastDuration } from "~/domain/messages";
import type { Admin } from "~/domain/types";
import { requireDb } from "./db.server";
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

/** Signs in from a login form: the admin and the Set-Cookie value, or the error to show. */
export async function login(
  request: Request,
): Promise<{ ok: true; admin: Admin; cookie: string } | { ok: false; error: LoginError }> {
  await requireDb();
  try {
    const admin = await authenticator.authenticate("form", request);
    return { ok: true, admin, cookie: await commitAdminSession(request, admin.id) };
  } catch (error) {
    if (error instanceof LoginError) return { ok: false, error };
    throw error;
  }
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
