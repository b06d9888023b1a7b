import { SessionModel } from "~/models/session.server";
import { revokeAdminTokens } from "./api-tokens.server";
import { isObjectId } from "./ids";

/** Admin sessions, the one owner of their records: the session storage reads and writes them through here. */

export type SessionRecord = { adminId: string | null; data: Record<string, unknown>; expiresAt: Date };

export async function createSessionRecord(id: string, { adminId, data, expiresAt }: SessionRecord): Promise<void> {
  await SessionModel.create({ _id: id, admin_id: adminId, data, expires_at: expiresAt });
}

/** A live session's data; null once it has ended or expired. */
export async function readSessionData(id: string, now = new Date()): Promise<Record<string, unknown> | null> {
  const doc = await SessionModel.findOne({ _id: id, expires_at: { $gt: now } }).lean();
  return doc?.data ?? null;
}

export async function updateSessionRecord(id: string, { adminId, data, expiresAt }: SessionRecord, now = new Date()): Promise<void> {
  // Never an upsert: a session that has ended stays ended.
  await SessionModel.updateOne({ _id: id, expires_at: { $gt: now } }, { $set: { admin_id: adminId, data, expires_at: expiresAt } });
}

export async function deleteSessionRecord(id: string): Promise<void> {
  await SessionModel.deleteOne({ _id: id });
}

/**
 * Ends every session of an admin (except `keepSessionId`, the one making the change, when given) and
 * revokes the admin's API tokens: after a password change, a deletion, or "Sign out everywhere".
 */
export async function endAdminAccess(adminId: string, { keepSessionId }: { keepSessionId?: string } = {}): Promise<{ sessions: number; tokens: number }> {
  if (!isObjectId(adminId)) return { sessions: 0, tokens: 0 };
  const filter = keepSessionId ? { admin_id: adminId, _id: { $ne: keepSessionId } } : { admin_id: adminId };
  const { deletedCount } = await SessionModel.deleteMany(filter);
  return { sessions: deletedCount, tokens: await revokeAdminTokens(adminId) };
}

/** Deletes sessions that expired before `now` (clean-up: validity is checked in every read anyway). */
export async function sweepExpiredSessions(now = new Date()): Promise<number> {
  const { deletedCount } = await SessionModel.deleteMany({ expires_at: { $lte: now } });
  return deletedCount;
}
