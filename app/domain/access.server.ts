import { createHash, randomBytes } from "node:crypto";
import mongoose from "mongoose";
import { browserName } from "~/lib/user-agent";
import { AdminModel, type AdminDoc } from "~/models/admin.server";
import { ApiTokenModel, type ApiTokenDoc } from "~/models/api-token.server";
import { SessionModel, type SessionDoc } from "~/models/session.server";
import { SettingModel, type SettingDoc } from "~/models/setting.server";
import { recordEvent, type AdminOrigin } from "./audit-log.server";
import { SESSION_LIFETIME_MS } from "./constants";
import { DEFAULT_ROLE, type Role } from "./permissions";
import { isTwoFactorRequired, REQUIRE_TWO_FACTOR_KEY } from "./settings.server";
import { isObjectId, OBJECT_ID_SOURCE } from "./shared";
import type { Admin } from "./types";

// An admin's access: browser sessions (docs/behaviour.md#sessions) and API tokens, the one owner of both collections.
// Each reads its admin in one query, keeps where it was started and when it was last used (docs/behaviour.md#my-sessions),
// and ends alone or with all of the admin's others.

/** Who a live session or API token signs in, and whether they may do nothing but set up two-factor sign-in first. */
export type AdminAccess = { admin: Admin; role: Role; mustSetUpTwoFactor: boolean };

/**
 * Aggregation stages that join a session's or token's admin (by `localField`) and the "require two-factor" setting to
 * it, so that a request reads who it is in one query.
 */
const withAdminAccess = (localField: string) => [
  { $lookup: { from: AdminModel.collection.collectionName, localField, foreignField: "_id", as: "admin" } },
  {
    $lookup: {
      from: SettingModel.collection.collectionName,
      pipeline: [{ $match: { key: REQUIRE_TWO_FACTOR_KEY } }, { $limit: 1 }],
      as: "require_two_factor",
    },
  },
];

type JoinedAdminAccess = { admin: AdminDoc[]; require_two_factor: SettingDoc[] };

/** What `withAdminAccess` joined; null when the admin is gone. */
function adminAccessOf({ admin: [doc], require_two_factor: [required] }: JoinedAdminAccess): AdminAccess | null {
  if (!doc) return null;
  return {
    admin: { id: doc._id.toString(), name: doc.name, email: doc.email },
    role: doc.role ?? DEFAULT_ROLE,
    mustSetUpTwoFactor: required?.value === "true" && !doc.two_factor?.secret,
  };
}

/** With "Require two-factor sign-in for every admin" on, an admin without it may do nothing but set it up. */
export async function mustSetUpTwoFactor(adminId: string): Promise<boolean> {
  const [required, admin] = await Promise.all([isTwoFactorRequired(), isObjectId(adminId) ? AdminModel.findById(adminId).lean() : null]);
  return required && !admin?.two_factor?.secret;
}

/** The client's address (through TRUST_PROXY only) and its User-Agent, as the server saw them. */
export type ClientOrigin = { address: string; userAgent: string };

const UNKNOWN_ORIGIN: ClientOrigin = { address: "", userAgent: "" };

const MAX_TEXT = 300;

/** How the audit log names a session or a token: the browser's short name and the address, as the server saw them. */
const accessLabel = ({ userAgent, address }: ClientOrigin) => `${browserName(userAgent)}, ${address || "Unknown"}`;

/** The stored fields of an origin, clipped as the audit log clips them. */
const originFields = ({ address, userAgent }: ClientOrigin) => ({
  address: address.slice(0, MAX_TEXT),
  user_agent: userAgent.slice(0, MAX_TEXT),
});

/**
 * "Last seen" is written at most this often per session or token: a request within it writes nothing, the first
 * one after it one conditional update (several instances racing change it once).
 */
export const LAST_SEEN_INTERVAL_MS = 5 * 60_000;

const isSeenLongAgo = (lastSeen: Date | null | undefined, now: Date) =>
  !lastSeen || lastSeen.getTime() <= now.getTime() - LAST_SEEN_INTERVAL_MS;

/** The filter that lets only the first of several concurrent requests move `last_seen_at` on. */
const seenLongAgo = (now: Date) => ({
  $or: [{ last_seen_at: null }, { last_seen_at: { $lte: new Date(now.getTime() - LAST_SEEN_INTERVAL_MS) } }],
});

async function noteSeen(what: string, update: () => Promise<unknown>): Promise<void> {
  try {
    await update();
  } catch (error) {
    // "Last seen" is a courtesy: the request it was noted on goes ahead.
    console.error(`Noting ${what} as seen failed: ${(error as Error).message}`);
  }
}

// Sessions: the session storage (app/server) reads and writes through here.

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

const noteSessionSeen = (id: string, now: Date) =>
  noteSeen("a session", () =>
    SessionModel.updateOne({ _id: id, ...seenLongAgo(now) }, { $set: { last_seen_at: now } }, { timestamps: false }),
  );

/** Also notes that the session was seen, at most once per LAST_SEEN_INTERVAL_MS. */
export async function readSessionData(id: string, now = new Date()): Promise<Record<string, unknown> | null> {
  const doc = await SessionModel.findOne({ _id: id, expires_at: { $gt: now } }).lean();
  if (doc && isSeenLongAgo(doc.last_seen_at, now)) await noteSessionSeen(id, now);
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
  if (isSeenLongAgo(doc.last_seen_at, now)) await noteSessionSeen(id, now);
  return { adminId: doc.admin_id?.toString() ?? null, access: adminAccessOf(doc) };
}

export async function updateSessionRecord(id: string, { adminId, data, expiresAt }: SessionRecord, now = new Date()): Promise<void> {
  // Never an upsert: a session that has ended stays ended.
  await SessionModel.updateOne({ _id: id, expires_at: { $gt: now } }, { $set: { admin_id: adminId, data, expires_at: expiresAt } });
}

export async function deleteSessionRecord(id: string): Promise<void> {
  await SessionModel.deleteOne({ _id: id });
}

// API tokens, Sanctum style: the client holds "<id>|<secret>", the database only the SHA-256 hash of the secret.

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
  if (isSeenLongAgo(doc.last_seen_at, now))
    await noteSeen("an API token", () =>
      ApiTokenModel.updateOne({ _id: doc._id, ...seenLongAgo(now) }, { $set: { last_seen_at: now } }, { timestamps: false }),
    );
  return { adminId: doc.admin_id.toString(), tokenId: doc._id.toString(), access: adminAccessOf(doc) };
}

export async function revokeToken(token: string): Promise<boolean> {
  const parsed = parseToken(token);
  if (!parsed) return false;
  const { deletedCount } = await ApiTokenModel.deleteOne({ _id: parsed.id, token_hash: hashTokenSecret(parsed.secret) });
  return deletedCount === 1;
}

// Ending access. A session is started and ended by the session storage (app/server), a token by POST /api/login and
// /api/logout: they record it here, once it is done.

/** `keepSessionId`: the session making the change, when given. Also revokes the admin's API tokens. */
export async function endAdminAccess(
  adminId: string,
  { keepSessionId }: { keepSessionId?: string } = {},
): Promise<{ sessions: number; tokens: number }> {
  if (!isObjectId(adminId)) return { sessions: 0, tokens: 0 };
  const filter = keepSessionId ? { admin_id: adminId, _id: { $ne: keepSessionId } } : { admin_id: adminId };
  const { deletedCount: sessions } = await SessionModel.deleteMany(filter);
  const { deletedCount: tokens } = await ApiTokenModel.deleteMany({ admin_id: adminId });
  return { sessions, tokens };
}

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

// My sessions (docs/behaviour.md#my-sessions): the admin's own live sessions and tokens, each ended on its own.

/** A live session of an admin as My sessions shows it. */
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

function sessionSummary(doc: SessionDoc, currentHandle: string | null): SessionSummary {
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
  return (await liveSessionsOf(adminId, now)).map((doc) => sessionSummary(doc, current));
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
  const ended = sessionSummary(doc, currentSessionId ? sessionHandle(currentSessionId) : null);
  await recordEvent(origin, "session.ended", {
    target: { type: "session", id: ended.handle, label: accessLabel(ended) },
    details: { current: ended.current, started_at: ended.startedAt },
  });
  return ended;
}

/** A live API token of an admin as My sessions shows it; never its secret or hash. */
export type TokenSummary = { id: string; startedAt: string; lastSeenAt: string; expiresAt: string; userAgent: string; address: string };

const tokenSummary = (doc: ApiTokenDoc): TokenSummary => ({
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
  return docs.map(tokenSummary);
}

/** Revokes one of the admin's own tokens by its id; null when it has ended already (or is not theirs). */
export async function revokeTokenOf(origin: AdminOrigin, tokenId: string, now = new Date()): Promise<TokenSummary | null> {
  const adminId = origin.actor.id;
  if (!isObjectId(adminId) || !isObjectId(tokenId)) return null;
  const doc = await ApiTokenModel.findOne({ _id: tokenId, admin_id: adminId, expires_at: { $gt: now } }).lean();
  if (!doc) return null;
  const { deletedCount } = await ApiTokenModel.deleteOne({ _id: doc._id, admin_id: adminId });
  if (deletedCount !== 1) return null;
  const revoked = tokenSummary(doc);
  await recordEvent(origin, "token.revoked", {
    target: { type: "api-token", id: revoked.id, label: accessLabel(revoked) },
    details: { started_at: revoked.startedAt },
  });
  return revoked;
}

// Clean-up only: every read checks expiry anyway.

export async function sweepExpiredSessions(now = new Date()): Promise<number> {
  const { deletedCount } = await SessionModel.deleteMany({ expires_at: { $lte: now } });
  return deletedCount;
}

export async function sweepExpiredTokens(now = new Date()): Promise<number> {
  const { deletedCount } = await ApiTokenModel.deleteMany({ expires_at: { $lte: now } });
  return deletedCount;
}
