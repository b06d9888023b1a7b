import { SessionModel } from "~/models/session.server";
import { revokeAdminTokens } from "./api-tokens.server";
import { isObjectId } from "./ids";

/** Admin sessions as a rule of the domain: which ones end when an admin's access changes. */

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
