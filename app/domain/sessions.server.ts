import { SessionModel } from "~/models/session.server";
import { revokeAdminTokens } from "./api-tokens.server";
import { isObjectId } from "./ids";

// The one owner of the sessions collection: the session storage reads and writes through here.

export type SessionRecord = { adminId: string | null; data: Record<string, unknown>; expiresAt: Date };

export async function createSessionRecord(id: string, { adminId, data, expiresAt }: SessionRecord): Promise<void> {
  await SessionModel.create({ _id: id, admin_id: adminId, data, expires_at: expiresAt });
}

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

/** Clean-up only: every read checks expiry anyway. */
export async function sweepExpiredSessions(now = new Date()): Promise<number> {
  const { deletedCount } = await SessionModel.deleteMany({ expires_at: { $lte: now } });
  return deletedCount;
}
