import { ContactMessageModel, type ContactMessageDoc } from "~/models/contact-message.server";
import { recordEvent, type Origin } from "./audit-log.server";
import { isObjectId } from "./shared";
import { paginate, type Page } from "./paginate";
import type { Mail } from "./ports";
import type { ContactMessageInput } from "./contact-schemas";
import type { LeadSource } from "./lead-source";

export type ContactMessage = {
  id: string;
  name: string;
  email: string;
  message: string;
  read: boolean;
  source: LeadSource | null;
  created_at: string;
};

export type ContactMessagePage = Page<ContactMessage>;

function toContactMessage(doc: ContactMessageDoc): ContactMessage {
  return {
    id: doc._id.toString(),
    name: doc.name,
    email: doc.email,
    message: doc.message,
    read: Boolean(doc.read),
    source: doc.source ?? null,
    created_at: doc.created_at.toISOString(),
  };
}

/** A mail problem never fails or delays the visitor's message (docs/operations.md#email-notifications). */
export async function createContactMessage(
  input: ContactMessageInput,
  mail: Mail,
  source: LeadSource | null = null,
): Promise<ContactMessage> {
  const doc = await ContactMessageModel.create({ ...input, source });
  await mail.newMessage(doc._id.toString());
  return toContactMessage(doc);
}

export function listContactMessages({ page, perPage }: { page?: number; perPage: number }): Promise<ContactMessagePage> {
  return paginate({
    page,
    perPage,
    count: () => ContactMessageModel.countDocuments(),
    fetch: async ({ skip, limit }) =>
      (await ContactMessageModel.find().sort({ created_at: -1, _id: -1 }).skip(skip).limit(limit).lean()).map(toContactMessage),
  });
}

export async function getContactMessage(id: string): Promise<ContactMessage | null> {
  if (!isObjectId(id)) return null;
  const doc = await ContactMessageModel.findById(id).lean();
  return doc ? toContactMessage(doc) : null;
}

export function countUnread(): Promise<number> {
  return ContactMessageModel.countDocuments({ read: false });
}

export async function markRead(id: string, read = true): Promise<ContactMessage | null> {
  if (!isObjectId(id)) return null;
  const doc = await ContactMessageModel.findOneAndUpdate({ _id: id }, { $set: { read } }, { returnDocument: "after" }).lean();
  return doc ? toContactMessage(doc) : null;
}

/** The message as it was; null when there was none. The embedded engine lacks findOneAndDelete. */
export async function deleteMessage(id: string, origin: Origin): Promise<ContactMessage | null> {
  if (!isObjectId(id)) return null;
  const doc = await ContactMessageModel.findById(id).lean();
  if (!doc) return null;
  const result = await ContactMessageModel.deleteOne({ _id: doc._id });
  if (result.deletedCount !== 1) return null;
  const message = toContactMessage(doc);
  await recordEvent(origin, "message.deleted", { target: { type: "message", id: message.id, label: `Message from ${message.name}` } });
  return message;
}
