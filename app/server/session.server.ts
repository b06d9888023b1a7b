import { randomBytes } from "node:crypto";
import { createCookie, createSessionStorage, type Session } from "@remix-run/node";
import { SESSION_LIFETIME_MS } from "~/domain/constants";
import { createSessionRecord, deleteSessionRecord, readSessionData, updateSessionRecord } from "~/domain/sessions.server";
import { getEnv } from "./env.server";

/**
 * The admin's session, stored in MongoDB (`sessions`) so every instance shares it and ending it takes
 * effect everywhere at once. The cookie (signed, HttpOnly, SameSite=Lax, Secure on https) carries only
 * a random id. A session ends SESSION_LIFETIME_MS after sign-in, checked on the server in every read.
 */
type SessionData = { adminId: string; expiresAt: number };

export type AdminSession = Session<SessionData>;

export function isSecureSite(): boolean {
  return getEnv().SITE_URL.startsWith("https://");
}

/** The session cookie's name. */
export const SESSION_COOKIE = "__session";

let cookie: ReturnType<typeof createCookie> | undefined;
let storage: ReturnType<typeof createSessionStorage<SessionData>> | undefined;

function sessionCookie() {
  cookie ??= createCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: isSecureSite(),
    secrets: [getEnv().SESSION_SECRET],
    maxAge: SESSION_LIFETIME_MS / 1000,
  });
  return cookie;
}

export function sessionStorage() {
  storage ??= createSessionStorage<SessionData>({
    cookie: sessionCookie(),
    async createData(data) {
      const id = randomBytes(32).toString("base64url");
      await createSessionRecord(id, record(data));
      return id;
    },
    async readData(id) {
      return (await readSessionData(id)) as Partial<SessionData> | null;
    },
    async updateData(id, data) {
      await updateSessionRecord(id, record(data));
    },
    async deleteData(id) {
      await deleteSessionRecord(id);
    },
  });
  return storage;
}

function record(data: Partial<SessionData>) {
  return {
    adminId: data.adminId ?? null,
    data,
    // A record without an end is never valid: it ends at once.
    expiresAt: new Date(typeof data.expiresAt === "number" ? data.expiresAt : 0),
  };
}

/** The id in the request's session cookie, when its signature holds (no database read); empty otherwise. */
export async function sessionIdOf(request: Request): Promise<string> {
  const id: unknown = await sessionCookie().parse(request.headers.get("Cookie"));
  return typeof id === "string" ? id : "";
}

export function getSession(request: Request): Promise<AdminSession> {
  return sessionStorage().getSession(request.headers.get("Cookie"));
}

/**
 * Starts a session for an admin that ends SESSION_LIFETIME_MS from now, whatever the browser does. Always a
 * new id (never the one the browser brought), and the browser's previous session, if any, is ended.
 */
export async function commitAdminSession(request: Request, adminId: string, now = Date.now()): Promise<string> {
  const previous = await getSession(request);
  if (previous.id) await sessionStorage().destroySession(previous);
  const session = await sessionStorage().getSession();
  session.set("adminId", adminId);
  session.set("expiresAt", now + SESSION_LIFETIME_MS);
  return sessionStorage().commitSession(session);
}

/**
 * Ends the request's session (its record is deleted) and returns the Set-Cookie header that clears it. The
 * cookie is cleared even when the database cannot be reached: logout clears the session regardless
 * (docs/behaviour.md#sessions).
 */
export async function destroySession(request: Request): Promise<string> {
  try {
    return await sessionStorage().destroySession(await getSession(request));
  } catch (error) {
    console.error(`Ending a session in the database failed: ${(error as Error).message}`);
    return sessionCookie().serialize("", { maxAge: undefined, expires: new Date(0) });
  }
}
