import { randomBytes } from "node:crypto";
import { createCookie, createSessionStorage, type Session } from "@remix-run/node";
import { type ClientOrigin, createSessionRecord, deleteSessionRecord, readSessionData, updateSessionRecord } from "~/domain/access.server";
import { SESSION_LIFETIME_MS } from "~/domain/constants";
import { requestClient } from "./client-address.server";
import { getEnv } from "./env.server";

// The cookie carries only a random id; the session lives in MongoDB, so ending it takes effect on every instance.
// `origin` rides along to createData only: it is stored beside the data (My sessions), not in it.
type SessionData = { adminId: string; expiresAt: number; origin?: ClientOrigin };

export type AdminSession = Session<SessionData>;

export function isSecureSite(): boolean {
  return getEnv().SITE_URL.startsWith("https://");
}

export const SESSION_COOKIE = "__session";
/** An admin's preview of the drafts (preview.server.ts). */
export const PREVIEW_COOKIE = "__preview";

let cookie: ReturnType<typeof createCookie> | undefined;
let storage: ReturnType<typeof createSessionStorage<SessionData>> | undefined;

function sessionCookie() {
  cookie ??= createCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    domain: getEnv().COOKIE_DOMAIN,
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

function record({ origin, ...data }: Partial<SessionData>) {
  return {
    adminId: data.adminId ?? null,
    data,
    // A record without an end is never valid: it ends at once.
    expiresAt: new Date(typeof data.expiresAt === "number" ? data.expiresAt : 0),
    origin,
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

/** Always a new id (never the one the browser brought), and the browser's earlier session, if any, is ended. */
export async function commitAdminSession(request: Request, adminId: string, now = Date.now()): Promise<string> {
  const previous = await getSession(request);
  if (previous.id) await sessionStorage().destroySession(previous);
  const session = await sessionStorage().getSession();
  session.set("adminId", adminId);
  session.set("expiresAt", now + SESSION_LIFETIME_MS);
  session.set("origin", requestClient(request));
  return sessionStorage().commitSession(session);
}

/** The cookie is cleared even when the database cannot be reached (docs/behaviour.md#sessions). */
export async function destroySession(request: Request): Promise<string> {
  try {
    return await sessionStorage().destroySession(await getSession(request));
  } catch (error) {
    console.error(`Ending a session in the database failed: ${(error as Error).message}`);
    return sessionCookie().serialize("", { maxAge: undefined, expires: new Date(0) });
  }
}
