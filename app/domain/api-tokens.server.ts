import { createHash, randomBytes } from "node:crypto";
import { isObjectId, OBJECT_ID_SOURCE } from "./ids";
import mongoose from "mongoose";
import { ApiTokenModel } from "~/models/api-token.server";
import { SESSION_LIFETIME_MS } from "./constants";

// Sanctum style: the client holds "<id>|<secret>", the database only the SHA-256 hash of the secret.

export const TOKEN_FORMAT = new RegExp(`^(${OBJECT_ID_SOURCE})\\|([A-Za-z0-9_-]{43})$`);

export function hashTokenSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

function parseToken(token: string): { id: string; secret: string } | null {
  const match = TOKEN_FORMAT.exec(token);
  return match ? { id: match[1]!, secret: match[2]! } : null;
}

/** The plain token is returned once and never stored. */
export async function issueToken(adminId: string, now = Date.now()): Promise<{ token: string; expiresAt: Date }> {
  const id = new mongoose.Types.ObjectId();
  const secret = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now + SESSION_LIFETIME_MS);
  await ApiTokenModel.create({ _id: id, admin_id: adminId, token_hash: hashTokenSecret(secret), expires_at: expiresAt });
  return { token: `${id.toString()}|${secret}`, expiresAt };
}

export async function findTokenAdmin(token: string, now = new Date()): Promise<{ adminId: string; tokenId: string } | null> {
  const parsed = parseToken(token);
  if (!parsed) return null;
  const doc = await ApiTokenModel.findOne({
    _id: parsed.id,
    token_hash: hashTokenSecret(parsed.secret),
    expires_at: { $gt: now },
  }).lean();
  if (!doc) return null;
  return { adminId: doc.admin_id.toString(), tokenId: doc._id.toString() };
}

export async function revokeToken(token: string): Promise<boolean> {
  const parsed = parseToken(token);
  if (!parsed) return false;
  const { deletedCount } = await ApiTokenModel.deleteOne({ _id: parsed.id, token_hash: hashTokenSecret(parsed.secret) });
  return deletedCount === 1;
}

export async function revokeAdminTokens(adminId: string): Promise<number> {
  if (!isObjectId(adminId)) return 0;
  const { deletedCount } = await ApiTokenModel.deleteMany({ admin_id: adminId });
  return deletedCount;
}

/** Clean-up only: every query checks expiry anyway. */
export async function sweepExpiredTokens(now = new Date()): Promise<number> {
  const { deletedCount } = await ApiTokenModel.deleteMany({ expires_at: { $lte: now } });
  return deletedCount;
}
