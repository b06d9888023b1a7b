import { createHash } from "node:crypto";
import { SessionModel, type SessionDoc } from "~/models/session.server";
import { revokeAdminTokens } from "./api-tokens.server";
import { recordEvent, type AdminOrigin } from "./audit-log.server";
import { accessLabel, isSeenLongAgo, originFields, seenLongAgo, UNKNOWN_ORIGIN, type ClientOrigin } from "./client-origin";
import { isObjectId } from "./shared";
import { adminAccessOf, withAdminAccess, type AdminAccess, type JoinedAdminAccess } from "./two-factor.server";

// The one owner of the sessions collection: the session storage reads and writes through here.

export type SessionRecord = { adminId: string | null; data: Record<string, unknown>; expiresAt: Date; origin?: ClientOrigin };

export async function createSessionRecord(
  id: string,
  { adminId, data, expiresAt, origin }: SessionRecord,
  now = new Date(),
): Promise<void> {
  await SessionModel.create({
    _id: id,
    admin_id: adminId,
    data,
    expires_at: expiresAt,
    ...originFields(origin ?? UNKNOWN_ORIGIN),
    last_seen_at: now,
  });
}

/** Also notes that the session was seen, at most once per LAST_SEEN_INTERVAL_MS (client-origin.ts). */
export async function readSessionData(id: string, now = new Date()): Promise<Record<string, unknown> | null> {
  const doc = await SessionModel.findOne({ _id: id, expires_at: { $gt: now } }).lean();
  if (doc && isSeenLongAgo(doc.last_seen_at, now)) await noteSeen(id, now);
  return doc?.data ?? null;
}

/**
 * A live session with its admin, in one query; `access` is null when the record names no admin or the admin is gone.
 * Also notes that the session was seen, as readSessionData does.
 */
export async function readSessionAccess(
  id: string,
  now = new Date(),
): Promise<{ adminId: string | null; access: AdminAccess | null } | null> {
  const [doc] = await SessionModel.aggregate<SessionDoc & JoinedAdminAccess>([
    { $match: { _id: id, expires_at: { $gt: now } } },
    { $limit: 1 },
    ...withAdminAccess("admin_id"),
  ]);
  if (!doc) return null;
  if (isSeenLongAgo(doc.last_seen_at, now)) await noteSeen(id, now);
  return { adminId: doc.admin_id?.toString() ?? null, access: adminAccessOf(doc) };
}

async function noteSeen(id: string, now: Date): Promise<void> {
  try {
    await SessionModel.updateOne({ _id: id, ...seenLongAgo(now) }, { $set: { last_seen_at: now } }, { timestamps: false });
  } catch (error) {
    // "Last seen" is a courtesy: the request it was noted on goes ahead.
    console.error(`Noting a session as seen failed: ${(error as Error).message}`);
  }
}

export async function updateSessionRecord(id: string, { adminId, data, expiresAt }: SessionRecord, now = new Date()): Promise<void> {
  // Never an upsert: a session that has ended stays ended.
  await SessionModel.updateOne({ _id: id, expires_at: { $gt: now } }, { $set: { admin_id: adminId, data, expires_at: expiresAt } });
}

export async function deleteSessionRecord(id: string): Promise<void> {
  await SessionModel.deleteOne({ _id: id });
}

/** `keepSessionId`: the session making the change, when given. Also revokes the admin's API tokens. */
export async function endAdminAccess(
  adminId: string,
  { keepSessionId }: { keepSessionId?: string } = {},
): Promise<{ sessions: number; tokens: number }> {
  if (!isObjectId(adminId)) return { sessions: 0, tokens: 0 };
  const filter = keepSessionId ? { admin_id: adminId, _id: { $ne: keepSessionId } } : { admin_id: adminId };
  const { deletedCount } = await SessionModel.deleteMany(filter);
  return { sessions: deletedCount, tokens: await revokeAdminTokens(adminId) };
}

// A session is started and ended by the session storage (app/server), a token by POST /api/login and /api/logout:
// they record it here, once it is done.

/** `secondFactor`: how the admin proved it, when two-factor sign-in is on. */
export async function recordSignIn(origin: AdminOrigin, secondFactor: "code" | "recovery-code" | undefined): Promise<void> {
  await recordEvent(origin, "sign-in", { details: { door: origin.door, two_factor: secondFactor ?? "off" } });
}

export async function recordSignOut(origin: AdminOrigin): Promise<void> {
  await recordEvent(origin, "sign-out", { details: { door: origin.door } });
}

/** The acting admin's every session and API token ended, this browser's too (docs/behaviour.md#sessions). */
export async function endOwnAccess(origin: AdminOrigin): Promise<void> {
  const ended = await endAdminAccess(origin.actor.id);
  await recordEvent(origin, "sign-out.everywhere", { details: ended });
}

/** A live session of an admin as My sessions shows it (docs/behaviour.md#my-sessions). */
export type SessionSummary = {
  /** Not the session's id (the cookie's secret): a hash of it, safe to put in a page. */
  handle: string;
  startedAt: string;
  lastSeenAt: string;
  expiresAt: string;
  userAgent: string;
  address: string;
  current: boolean;
};

export const sessionHandle = (id: string) => createHash("sha256").update(id).digest("base64url").slice(0, 22);

function toSummary(doc: SessionDoc, currentHandle: string | null): SessionSummary {
  const handle = sessionHandle(doc._id);
  return {
    handle,
    startedAt: doc.created_at.toISOString(),
    lastSeenAt: (doc.last_seen_at ?? doc.created_at).toISOString(),
    expiresAt: doc.expires_at.toISOString(),
    userAgent: doc.user_agent ?? "",
    address: doc.address ?? "",
    current: handle === currentHandle,
  };
}

async function liveSessionsOf(adminId: string, now: Date): Promise<SessionDoc[]> {
  if (!isObjectId(adminId)) return [];
  return SessionModel.find({ admin_id: adminId, expires_at: { $gt: now } })
    .sort({ created_at: -1 })
    .lean();
}

/** Newest first; `currentSessionId` (the request's own) is marked. */
export async function listAdminSessions(adminId: string, currentSessionId: string, now = new Date()): Promise<SessionSummary[]> {
  const current = currentSessionId ? sessionHandle(currentSessionId) : null;
  return (await liveSessionsOf(adminId, now)).map((doc) => toSummary(doc, current));
}

/** Ends one of the acting admin's own sessions by its handle; null when it has ended already (or is not theirs). */
export async function endAdminSession(
  origin: AdminOrigin,
  handle: string,
  currentSessionId: string,
  now = new Date(),
): Promise<SessionSummary | null> {
  const adminId = origin.actor.id;
  const doc = (await liveSessionsOf(adminId, now)).find((session) => sessionHandle(session._id) === handle);
  if (!doc) return null;
  const { deletedCount } = await SessionModel.deleteOne({ _id: doc._id, admin_id: adminId });
  if (deletedCount !== 1) return null;
  const ended = toSummary(doc, currentSessionId ? sessionHandle(currentSessionId) : null);
  await recordEvent(origin, "session.ended", {
    target: { type: "session", id: ended.handle, label: accessLabel(ended) },
    details: { current: ended.current, started_at: ended.startedAt },
  });
  return ended;
}

/** Clean-up only: every read checks expiry anyway. */
export async function sweepExpiredSessions(now = new Date()): Promise<number> {
  const { deletedCount } = await SessionModel.deleteMany({ expires_at: { $lte: now } });
  return deletedCount;
}
