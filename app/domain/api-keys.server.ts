import { randomBytes } from "node:crypto";
import mongoose from "mongoose";
import { AdminModel } from "~/models/admin.server";
import { ApiKeyModel, type ApiKeyDoc } from "~/models/api-key.server";
import { hashTokenSecret, LAST_SEEN_INTERVAL_MS } from "./access.server";
import { endOfDay, type ApiKeyInput } from "./api-key-schemas";
import { recordEvent, type AdminOrigin } from "./audit-log.server";
import { isScope, type Scope } from "./permissions";
import { isObjectId, ok, refused, type Result } from "./shared";
import type { Admin } from "./types";

// API keys (docs/security.md#api-keys, decision 0055): the studio's, not a person's. The client holds
// "sk_<id>_<secret>", the database only the SHA-256 hash of the secret; every request reads the key, so a revocation
// or an expiry holds at once on every instance.

const KEY_FORMAT = /^sk_([0-9a-f]{24})_([A-Za-z0-9_-]{43})$/;

/** A bearer credential in the key's form: told apart from a sign-in token (`<id>|<secret>`) by its prefix. */
export const looksLikeApiKey = (token: string) => token.startsWith("sk_");

/** A live key, as a request through it acts. */
export type KeyAccess = { id: string; name: string; scopes: Scope[] };

/**
 * Who a key acts as where a write records its author (the audit log, a lead's history, a version): named after the
 * key, with the key's id and no email. It is nobody's account: `owner=me` and "oneself" never match it.
 */
export const keyActor = (key: KeyAccess): Admin => ({ id: key.id, name: `API key ${key.name}`, email: "" });

/** A key as the list shows it; never its secret or hash. */
export type ApiKeySummary = {
  id: string;
  name: string;
  scopes: Scope[];
  createdBy: { id: string; name: string; email: string; deleted: boolean };
  createdAt: string;
  expiresAt: string | null;
  expired: boolean;
  lastUsedAt: string | null;
  lastUsedAddress: string;
};

function summaryOf(doc: ApiKeyDoc, creatorDeleted: boolean, now: Date): ApiKeySummary {
  return {
    id: doc._id.toString(),
    name: doc.name,
    scopes: doc.scopes.filter(isScope),
    createdBy: { id: doc.created_by.id.toString(), name: doc.created_by.name, email: doc.created_by.email, deleted: creatorDeleted },
    createdAt: doc.created_at.toISOString(),
    expiresAt: doc.expires_at?.toISOString() ?? null,
    expired: doc.expires_at !== null && doc.expires_at <= now,
    lastUsedAt: doc.last_used_at?.toISOString() ?? null,
    lastUsedAddress: doc.last_used_address,
  };
}

const keyTarget = (doc: { _id: mongoose.Types.ObjectId; name: string }) => ({ type: "api-key", id: doc._id.toString(), label: doc.name });

/** The key's text is in the answer once and never stored. */
export async function createApiKey(
  input: ApiKeyInput,
  origin: AdminOrigin,
  now = new Date(),
): Promise<{ key: string; summary: ApiKeySummary }> {
  const id = new mongoose.Types.ObjectId();
  const secret = randomBytes(32).toString("base64url");
  const { actor } = origin;
  const doc = await ApiKeyModel.create({
    _id: id,
    name: input.name,
    scopes: input.scopes,
    secret_hash: hashTokenSecret(secret),
    created_by: { id: actor.id, name: actor.name, email: actor.email },
    expires_at: input.expires_at ? endOfDay(input.expires_at) : null,
  });
  await recordEvent(origin, "key.created", {
    target: keyTarget(doc),
    details: { scopes: doc.scopes, expires_at: doc.expires_at?.toISOString() ?? null },
  });
  return { key: `sk_${id.toString()}_${secret}`, summary: summaryOf(doc, false, now) };
}

/** Every key not revoked, expired ones too, newest first; a key whose creator is gone says so, for review. */
export async function listApiKeys(now = new Date()): Promise<ApiKeySummary[]> {
  const docs = await ApiKeyModel.find({ revoked_at: null }).sort({ created_at: -1 }).lean();
  const creatorIds = [...new Set(docs.map((doc) => doc.created_by.id.toString()))];
  const present = new Set(
    creatorIds.length ? (await AdminModel.find({ _id: { $in: creatorIds } }, { _id: 1 }).lean()).map((admin) => admin._id.toString()) : [],
  );
  return docs.map((doc) => summaryOf(doc, !present.has(doc.created_by.id.toString()), now));
}

/** At once for every request after it, on every instance: each one reads the key. */
export async function revokeApiKey(id: string, origin: AdminOrigin, now = new Date()): Promise<Result<{ id: string }, "not-found">> {
  if (!isObjectId(id)) return refused("not-found");
  const doc = await ApiKeyModel.findOne({ _id: id, revoked_at: null }).lean();
  if (!doc) return refused("not-found");
  // Conditional: of two revocations at once, one records it.
  const { modifiedCount } = await ApiKeyModel.updateOne({ _id: doc._id, revoked_at: null }, { $set: { revoked_at: now } });
  if (modifiedCount !== 1) return refused("not-found");
  await recordEvent(origin, "key.revoked", { target: keyTarget(doc), details: { scopes: doc.scopes } });
  return ok({ id });
}

/**
 * The live key a bearer credential names, or null (malformed, unknown, revoked or expired). Notes when and from where
 * it was used, at most once per LAST_SEEN_INTERVAL_MS: one conditional update, so racing requests write it once.
 */
export async function findApiKey(token: string, address: string, now = new Date()): Promise<KeyAccess | null> {
  const match = KEY_FORMAT.exec(token);
  if (!match) return null;
  const doc = await ApiKeyModel.findOne({
    _id: match[1],
    secret_hash: hashTokenSecret(match[2]!),
    revoked_at: null,
    $or: [{ expires_at: null }, { expires_at: { $gt: now } }],
  }).lean();
  if (!doc) return null;
  const since = new Date(now.getTime() - LAST_SEEN_INTERVAL_MS);
  if (!doc.last_used_at || doc.last_used_at <= since) {
    try {
      await ApiKeyModel.updateOne(
        { _id: doc._id, $or: [{ last_used_at: null }, { last_used_at: { $lte: since } }] },
        { $set: { last_used_at: now, last_used_address: address.slice(0, 300) } },
        { timestamps: false },
      );
    } catch (error) {
      // "Last used" is a courtesy: the request goes ahead.
      console.error(`Noting an API key as used failed: ${(error as Error).message}`);
    }
  }
  return { id: doc._id.toString(), name: doc.name, scopes: doc.scopes.filter(isScope) };
}
