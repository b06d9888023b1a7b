import { createHash, randomBytes } from "node:crypto";
import mongoose, { type Types } from "mongoose";
import { AccountLinkModel, type AccountLinkDoc } from "~/models/account-link.server";
import { AdminModel, type AdminDoc } from "~/models/admin.server";
import { credentialStamp } from "./credential-stamp.server";
import type { Mail } from "./ports";
import { LINK_LIFETIME_MS, type AccountLinkPurpose, type LinkRefusal, type LinkState } from "./account-links";

// docs/behaviour.md#invitations. A link's token: 256 random bits, sent once (in a mail, or shown once to an inviting
// admin when mail is off), never stored; the database keeps its SHA-256 and finds the link by it.

/** How long an ended link is kept after its end, so that its page can still say what became of it. */
const KEPT_AFTER_END_MS = 30 * 24 * 3_600_000;

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

const hashLinkToken = (token: string) => createHash("sha256").update(token).digest("hex");

function linkState(doc: Pick<AccountLinkDoc, "used_at" | "withdrawn_at" | "replaced_by" | "expires_at">, now: Date): LinkState {
  if (doc.used_at) return "used";
  if (doc.replaced_by) return "replaced";
  if (doc.withdrawn_at) return "withdrawn";
  return doc.expires_at.getTime() <= now.getTime() ? "expired" : "pending";
}

/** The admin a link rests on, as their email and password stand now. */
type LinkAccount = Pick<AdminDoc, "_id" | "email" | "passwordHash">;

async function readAccount(id: Types.ObjectId | string | null | undefined): Promise<LinkAccount | null> {
  return id ? AdminModel.findById(id).select("+passwordHash").lean() : null;
}

/** The admin whose credentials vouch for the link: a reset's own admin, an invitation's sender. */
const vouchingAdmin = (doc: Pick<AccountLinkDoc, "admin_id" | "created_by">) => doc.admin_id ?? doc.created_by;

export type FoundLink =
  { state: "pending"; doc: AccountLinkDoc; account: LinkAccount } | { state: LinkRefusal; doc: AccountLinkDoc | null };

/**
 * A pending link whose admin is gone, or whose admin's email or password is not what it was when the link was made,
 * has ended (withdrawn), whichever door made the change: every use of a link is judged here.
 */
export async function findLink(purpose: AccountLinkPurpose, token: string, now = new Date()): Promise<FoundLink> {
  if (!TOKEN_SHAPE.test(token)) return { state: "unknown", doc: null };
  const doc = await AccountLinkModel.findOne({ purpose, token_hash: hashLinkToken(token) }).lean();
  if (!doc) return { state: "unknown", doc: null };
  const state = linkState(doc, now);
  if (state !== "pending") return { state, doc };
  const account = await readAccount(vouchingAdmin(doc));
  if (!account || !doc.account_stamp || credentialStamp(account) !== doc.account_stamp) return { state: "withdrawn", doc };
  return { state, doc, account };
}

type NewLink = {
  purpose: AccountLinkPurpose;
  email: string;
  name?: string;
  /** The role an invitation gives. */
  role?: string | null;
  adminId?: string | null;
  createdBy?: string | null;
  /** Chosen beforehand when the link it replaces must name it. */
  id?: Types.ObjectId;
  now: Date;
};

/** The plain token is returned once and never stored. */
export async function createLink(link: NewLink): Promise<{ doc: AccountLinkDoc; token: string }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(link.now.getTime() + LINK_LIFETIME_MS[link.purpose]);
  const account = await readAccount(link.adminId ?? link.createdBy);
  const created = await AccountLinkModel.create({
    _id: link.id ?? new mongoose.Types.ObjectId(),
    purpose: link.purpose,
    token_hash: hashLinkToken(token),
    email: link.email,
    name: link.name ?? "",
    role: link.role ?? null,
    admin_id: link.adminId ?? null,
    created_by: link.createdBy ?? null,
    account_stamp: account ? credentialStamp(account) : null,
    created_at: link.now,
    expires_at: expiresAt,
    purge_at: new Date(expiresAt.getTime() + KEPT_AFTER_END_MS),
  });
  return { doc: created.toObject(), token };
}

const open = { used_at: null, withdrawn_at: null };

/**
 * Used once: the update matches only while the link is unused, not ended and not expired, so of racing claims (two
 * tabs, two instances) exactly one gets modifiedCount 1. Not findOneAndUpdate, which the embedded engine does not
 * make atomic (decision 0009).
 */
export async function claimLink(doc: AccountLinkDoc, now: Date): Promise<boolean> {
  const { modifiedCount } = await AccountLinkModel.updateOne(
    { _id: doc._id, token_hash: doc.token_hash, ...open, expires_at: { $gt: now } },
    { $set: { used_at: now } },
  );
  return modifiedCount === 1;
}

/** Gives a claim back when what it was for failed unexpectedly (the database), so that the link still works. */
export async function releaseLink(doc: AccountLinkDoc, usedAt: Date): Promise<void> {
  await AccountLinkModel.updateOne({ _id: doc._id, used_at: usedAt }, { $set: { used_at: null } });
}

/** Ends the still open links `filter` matches: withdrawn, or replaced by the link `replacedBy`. How many ended. */
export async function endLinks(
  filter: { purpose: AccountLinkPurpose } & Record<string, unknown>,
  { now, replacedBy = null }: { now: Date; replacedBy?: Types.ObjectId | null },
): Promise<number> {
  const { modifiedCount } = await AccountLinkModel.updateMany(
    { ...filter, ...open },
    { $set: { withdrawn_at: now, replaced_by: replacedBy } },
  );
  return modifiedCount;
}

/** Ends the open links an admin's email and password vouched for (their reset links, the invitations they sent). */
export async function endAccountLinks(adminId: string, now: Date): Promise<void> {
  await endLinks({ purpose: "reset", admin_id: adminId }, { now });
  await endLinks({ purpose: "invitation", created_by: adminId }, { now });
}

/** How a link reaches its person: the mail port, and SITE_URL for the link. */
export type Delivery = { mail: Mail; siteUrl: string };

/** What the mail carries: SITE_URL, the page's path and the token. */
export function linkUrl(siteUrl: string, path: "/invitation" | "/reset-password", token: string): string {
  return `${siteUrl.replace(/\/+$/, "")}${path}/${token}`;
}

/** Clean-up only (real MongoDB's TTL index does the same); every read judges expiry itself. */
export async function sweepEndedLinks(now = new Date()): Promise<number> {
  const { deletedCount } = await AccountLinkModel.deleteMany({ purge_at: { $lte: now } });
  return deletedCount;
}
