import { createCookieSessionStorage, type Session } from "@remix-run/node";
import { SESSION_LIFETIME_MS } from "~/domain/constants";
import { getEnv } from "./env.server";

/** The admin's cookie session: signed, HttpOnly, SameSite=Lax, Secure when the site is served over https. */
type SessionData = { adminId: string; expiresAt: number };

export type AdminSession = Session<SessionData>;

export function isSecureSite(): boolean {
  return getEnv().SITE_URL.startsWith("https://");
}

/** The session cookie's name. */
export const SESSION_COOKIE = "__session";

let storage: ReturnType<typeof createCookieSessionStorage<SessionData>> | undefined;

export function sessionStorage() {
  storage ??= createCookieSessionStorage<SessionData>({
    cookie: {
      name: SESSION_COOKIE,
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: isSecureSite(),
      secrets: [getEnv().SESSION_SECRET],
      maxAge: SESSION_LIFETIME_MS / 1000,
    },
  });
  return storage;
}

export function getSession(request: Request): Promise<AdminSession> {
  return sessionStorage().getSession(request.headers.get("Cookie"));
}

/** Starts a session for an admin that ends SESSION_LIFETIME_MS from now, whatever the browser does. */
export async function commitAdminSession(request: Request, adminId: string, now = Date.now()): Promise<string> {
  const session = await getSession(request);
  session.set("adminId", adminId);
  session.set("expiresAt", now + SESSION_LIFETIME_MS);
  return sessionStorage().commitSession(session);
}

export async function destroySession(request: Request): Promise<string> {
  return sessionStorage().destroySession(await getSession(request));
}
