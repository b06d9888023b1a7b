import mongoose from "mongoose";
import { AccountLinkModel } from "~/models/account-link.server";
import { AdminModel } from "~/models/admin.server";
import { ApiKeyModel } from "~/models/api-key.server";
import { ApiTokenModel } from "~/models/api-token.server";
import { AuditEventModel } from "~/models/audit-event.server";
import { CaptchaNonceModel } from "~/models/captcha-nonce.server";
import { CaseStudyModel } from "~/models/case-study.server";
import { ContactMessageModel } from "~/models/contact-message.server";
import { IndustryModel, OnceMarkModel } from "~/models/industry.server";
import { LeadNoteModel } from "~/models/lead-note.server";
import { LeadReplyModel } from "~/models/lead-reply.server";
import { MailOutboxModel } from "~/models/mail-outbox.server";
import { AutoReplyClaimModel } from "~/models/auto-reply-claim.server";
import { OwnerSeatsModel, RefusalModel } from "~/models/role-guard.server";
import { SessionModel } from "~/models/session.server";
import { SettingModel } from "~/models/setting.server";
import { ContentStampModel, SiteContentModel } from "~/models/site-content.server";
import { VersionModel } from "~/models/version.server";
import { WhatsAppChatModel } from "~/models/whatsapp-chat.server";
import { WebhookDeliveryModel } from "~/models/webhook-delivery.server";
import { WebhookEndpointModel } from "~/models/webhook-endpoint.server";
import { GRIDFS_BUCKET } from "../uploads.server";
import { RATE_LIMIT_COLLECTION } from "../rate-limit.server";

export const ARCHIVE_FORMAT = "studio-archive";
export const ARCHIVE_VERSION = 1;

/** First entry (so a foreign file is told apart at once) and last entry (written once every checksum is known). */
export const HEADER_ENTRY = "studio-archive.json";
export const MANIFEST_ENTRY = "manifest.json";
export const COLLECTION_PREFIX = "collections/";
export const COLLECTION_SUFFIX = ".ejson";
export const IMAGE_PREFIX = "images/";

export type EntrySum = { bytes: number; sha256: string };

export type Manifest = {
  format: typeof ARCHIVE_FORMAT;
  version: number;
  created_at: string;
  collections: Record<string, EntrySum & { count: number }>;
  /** False when the images stayed where they are (a DATA_DIR snapshot with the disk store): loading then leaves the store alone. */
  images_included: boolean;
  images: Record<string, EntrySum>;
  /** The live state this archive does not hold, by collection, with what it is (none in a snapshot). */
  left_out: Record<string, string>;
};

export type Progress = { phase: "export" | "verify" | "load" | "restore"; done: number; total: number };

export class ArchiveError extends Error {
  override name = "ArchiveError";
}

export const damaged = (what: string) => new ArchiveError(`the archive is damaged: ${what}`);

export const MODELS = [
  AccountLinkModel,
  AdminModel,
  ApiKeyModel,
  ApiTokenModel,
  AuditEventModel,
  AutoReplyClaimModel,
  CaptchaNonceModel,
  CaseStudyModel,
  ContactMessageModel,
  IndustryModel,
  LeadNoteModel,
  LeadReplyModel,
  MailOutboxModel,
  OnceMarkModel,
  OwnerSeatsModel,
  RefusalModel,
  SessionModel,
  SettingModel,
  SiteContentModel,
  ContentStampModel,
  VersionModel,
  WhatsAppChatModel,
  WebhookEndpointModel,
  WebhookDeliveryModel,
] as const;

/**
 * State that only means something to the running site, and would be a liability in a copy: an export leaves it out
 * and an import skips and clears it (everyone signs in again, the limits start afresh); only the DATA_DIR snapshot
 * keeps it, so that a restart changes nothing. Unsent mail is here because an account mail carries a one-time link
 * in plain text until sent, and because a restored backup would send again what was waiting when it was made.
 */
export const LIVE_STATE: Record<string, string> = {
  [SessionModel.collection.collectionName]: "signed-in sessions (their ids are what the session cookies carry)",
  [RATE_LIMIT_COLLECTION]: "the sign-in, password reset and contact form limits' counters",
  [CaptchaNonceModel.collection.collectionName]: "the captcha questions already answered",
  [MailOutboxModel.collection.collectionName]: "the mail outbox: mail not yet sent, and a 30 days' record of mail sent",
  [AutoReplyClaimModel.collection.collectionName]: "the autoresponder's marks of the addresses answered today",
  [WebhookDeliveryModel.collection.collectionName]: "webhook deliveries: events not yet delivered, and a week's record of those sent",
};

export const isLiveState = (name: string) => Object.hasOwn(LIVE_STATE, name);

// GridFS files travel as images (through the image store), so an archive loads into either store.
const isCarriedElsewhere = (name: string) => name.startsWith("system.") || name.startsWith(`${GRIDFS_BUCKET}.`);

/** The collections the app writes: the models', the rate limits' and the GridFS image store's. */
export function knownCollections(): string[] {
  return [
    ...MODELS.map((model) => model.collection.collectionName),
    RATE_LIMIT_COLLECTION,
    `${GRIDFS_BUCKET}.files`,
    `${GRIDFS_BUCKET}.chunks`,
  ];
}

/** Every collection of the database; the embedded engine has no listCollections, so the known ones stand in there. */
export async function collectionNames(db: mongoose.mongo.Db): Promise<string[]> {
  let names: string[];
  try {
    names = (await db.listCollections({}, { nameOnly: true }).toArray()).map((info) => info.name);
  } catch {
    names = knownCollections();
  }
  return [...new Set(names)].filter((name) => !isCarriedElsewhere(name)).sort();
}

export async function documentCount(db: mongoose.mongo.Db, names: string[]): Promise<number> {
  const counts = await Promise.all(names.map((name) => db.collection(name).countDocuments()));
  return counts.reduce((sum, count) => sum + count, 0);
}
