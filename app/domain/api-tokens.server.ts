import { createHash, randomBytes } from "node:crypto";
import { isObjectId, OBJECT_ID_SOURCE } from "./shared";
import mongoose from "mongoose";
import { ApiTokenModel, type ApiTokenDoc } from "~/models/api-token.server";
import { recordEvent, type AdminOrigin } from "./audit-log.server";
import { accessLabel, isSeenLongAgo, originFields, seenLongAgo, UNKNOWN_ORIGIN, type ClientOrigin } from "./client-origin";
import { SESSION_LIFETIME_MS } from "./constants";
import { adminAccessOf, withAdminAccess, type AdminAccess, type JoinedAdminAccess } from "./two-factor.server";

// Sanctum style: the client holds "<id>|<secret>", the database only the SHA-256 hash of the secret.

export const TOKEN_FORMAT = new RegExp(`^(${OBJECT_ID_SOURCE})\\|([A-Za-z0-9_-]{43})$`);

export function hashTokenSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

function parseToken(token: string): { id: string; secret: string } | null {
  const match = TOKEN_FORMAT.exec(token);
  return match ? { id: match[1]!, secret: match[2]! } : null;
}

/** The plain token is returned once and never stored. `origin`: where it was asked for, for My sessions. */
export async function issueToken(
  adminId: string,
  now = Date.now(),
  origin: ClientOrigin = UNKNOWN_ORIGIN,
): Promise<{ token: string; expiresAt: Date }> {
  const id = new mongoose.Types.ObjectId();
  const secret = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now + SESSION_LIFETIME_MS);
  await ApiTokenModel.create({
    _id: id,
    admin_id: adminId,
    token_hash: hashTokenSecret(secret),
    expires_at: expiresAt,
    ...originFields(origin),
    last_seen_at: new Date(now),
  });
  return { token: `${id.toString()}|${secret}`, expiresAt };
}

/** A live token with its admin, in one query; `access` is null when the admin is gone. */
export async function findTokenAdmin(
  token: string,
  now = new Date(),
): Promise<{ adminId: string; tokenId: string; access: AdminAccess | null } | null> {
  const parsed = parseToken(token);
  if (!parsed) return null;
  const [doc] = await ApiTokenModel.aggregate<ApiTokenDoc & JoinedAdminAccess>([
    {
      $match: {
        _id: new mongoose.Types.ObjectId(parsed.id),
        token_hash: hashTokenSecret(parsed.secret),
        expires_at: { $gt: now },
      },
    },
    { $limit: 1 },
    ...withAdminAccess("admin_id"),
  ]);
  if (!doc) return null;
  if (isSeenLongAgo(doc.last_seen_at, now)) await noteSeen(doc._id.toString(), now);
  return { adminId: doc.admin_id.toString(), tokenId: doc._id.toString(), access: adminAccessOf(doc) };
}

async function noteSeen(id: string, now: Date): Promise<void> {
  try {
    await ApiTokenModel.updateOne({ _id: id, ...seenLongAgo(now) }, { $set: { last_seen_at: now } }, { timestamps: false });
  } catch (error) {
    // "Last seen" is a courtesy: the call it was noted on goes ahead.
    console.error(`Noting an API token as seen failed: ${(error as Error).message}`);
  }
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

/** A live API token of an admin as My sessions shows it (docs/behaviour.md#my-sessions); never its secret or hash. */
export type TokenSummary = { id: string; startedAt: string; lastSeenAt: string; expiresAt: string; userAgent: string; address: string };

const toSummary = (doc: ApiTokenDoc): TokenSummary => ({
  id: doc._id.toString(),
  startedAt: doc.created_at.toISOString(),
  lastSeenAt: (doc.last_seen_at ?? doc.created_at).toISOString(),
  expiresAt: doc.expires_at.toISOString(),
  userAgent: doc.user_agent ?? "",
  address: doc.address ?? "",
});

/** Newest first. */
export async function listAdminTokens(adminId: string, now = new Date()): Promise<TokenSummary[]> {
  if (!isObjectId(adminId)) return [];
  const docs = await ApiTokenModel.find({ admin_id: adminId, expires_at: { $gt: now } })
    .sort({ created_at: -1 })
    .lean();
  return docs.map(toSummary);
}

/** Revokes one of the admin's own tokens by its id; null when it has ended already (or is not theirs). */
export async function revokeTokenOf(origin: AdminOrigin, tokenId: string, now = new Date()): Promise<TokenSummary | null> {
  const adminId = origin.actor.id;
  if (!isObjectId(adminId) || !isObjectId(tokenId)) return null;
  const doc = await ApiTokenModel.findOne({ _id: tokenId, admin_id: adminId, expires_at: { $gt: now } }).lean();
  if (!doc) return null;
  const { deletedCount } = await ApiTokenModel.deleteOne({ _id: doc._id, admin_id: adminId });
  if (deletedCount !== 1) return null;
  const revoked = toSummary(doc);
  await recordEvent(origin, "token.revoked", {
    target: { type: "api-token", id: revoked.id, label: accessLabel(revoked) },
    details: { started_at: revoked.startedAt },
  });
  return revoked;
}

/** Clean-up only: every query checks expiry anyway. */
export async function sweepExpiredTokens(now = new Date()): Promise<number> {
  const { deletedCount } = await ApiTokenModel.deleteMany({ expires_at: { $lte: now } });
  return deletedCount;
}
