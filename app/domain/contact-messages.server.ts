import { ContactMessageModel, type ContactMessageDoc } from "~/models/contact-message.server";
import { LeadNoteModel, type LeadNoteDoc } from "~/models/lead-note.server";
import { AdminModel } from "~/models/admin.server";
import { recordEvent, type AdminOrigin, type Origin } from "./audit-log.server";
import { isObjectId, ok, refused, type Result } from "./shared";
import { isLeadStatus, LEAD_TABS, type LeadStatus, type LeadTab, type OwnerFilter } from "./leads";
import { paginate, type Page } from "./paginate";
import type { Mail } from "./ports";
import { CONTACT_FIELD_NAMES, type ContactFieldValues, type ContactMessageInput } from "./contact-schemas";
import type { LeadSource } from "./lead-source";

export type ContactMessage = {
  id: string;
  name: string;
  email: string;
  message: string;
  read: boolean;
  status: LeadStatus;
  owner_id: string | null;
  first_response_at: string | null;
  source: LeadSource | null;
  /** The optional fields the visitor filled in; empty when none was turned on or filled. */
  fields: ContactFieldValues;
  created_at: string;
};

export type ContactMessagePage = Page<ContactMessage>;

/** A message stored before leads had a status is a new lead. */
const statusOf = (doc: Pick<ContactMessageDoc, "status">): LeadStatus => (isLeadStatus(doc.status) ? doc.status : "new");

function toContactMessage(doc: ContactMessageDoc): ContactMessage {
  return {
    id: doc._id.toString(),
    name: doc.name,
    email: doc.email,
    message: doc.message,
    read: Boolean(doc.read),
    status: statusOf(doc),
    owner_id: doc.owner_id ? doc.owner_id.toString() : null,
    first_response_at: doc.first_response_at ? doc.first_response_at.toISOString() : null,
    source: doc.source ? { ...doc.source, utm: doc.source.utm ?? {}, pages: doc.source.pages ?? [] } : null,
    fields: filledFields(doc.fields ?? {}),
    created_at: doc.created_at.toISOString(),
  };
}

function filledFields(values: Partial<Record<string, unknown>>): ContactFieldValues {
  const filled: ContactFieldValues = {};
  for (const name of CONTACT_FIELD_NAMES) {
    const value = values[name];
    if (typeof value === "string" && value) filled[name] = value;
  }
  return filled;
}

/** A mail problem never fails or delays the visitor's message (docs/operations.md#email-notifications). */
export async function createContactMessage(
  input: ContactMessageInput & ContactFieldValues,
  mail: Mail,
  source: LeadSource | null = null,
): Promise<ContactMessage> {
  const { name, email, message } = input;
  const fields = filledFields(input);
  const doc = await ContactMessageModel.create({
    name,
    email,
    message,
    source,
    ...(Object.keys(fields).length ? { fields } : {}),
  });
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
  await LeadNoteModel.deleteMany({ lead_id: doc._id });
  const message = toContactMessage(doc);
  await recordEvent(origin, "message.deleted", { target: { type: "message", id: message.id, label: `Message from ${message.name}` } });
  return message;
}

// Every contact message is a lead (docs/behaviour.md#leads).

export type LeadFilter = {
  tab: LeadTab;
  owner: OwnerFilter;
  /** Who "mine" means. */
  adminId: string;
  q?: string;
  /** From the start of `from` to the end of `to`, both UTC days. */
  from?: Date;
  to?: Date;
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const DAY_MS = 86_400_000;

/** "new" also matches a missing status ({ $in: [..., null] }), which real MongoDB answers from the status index. */
function statusQuery(tab: LeadTab): Record<string, unknown> {
  const statuses: (string | null)[] = [...LEAD_TABS[tab]];
  if (statuses.includes("new")) statuses.push(null);
  return { status: { $in: statuses } };
}

function restQuery({ owner, adminId, q, from, to }: LeadFilter): Record<string, unknown> {
  const query: Record<string, unknown> = {};
  if (owner === "mine") query.owner_id = isObjectId(adminId) ? adminId : null;
  if (owner === "nobody") query.owner_id = null;
  if (from || to) query.created_at = { ...(from ? { $gte: from } : {}), ...(to ? { $lt: new Date(to.getTime() + DAY_MS) } : {}) };
  const words = q?.trim();
  if (words) {
    // A substring search scans the leads the other conditions leave; real MongoDB at scale would want a text index.
    const pattern = new RegExp(escapeRegExp(words.slice(0, 200)), "i");
    query.$or = [{ name: pattern }, { email: pattern }, { message: pattern }];
  }
  return query;
}

export function listLeads(filter: LeadFilter, { page, perPage }: { page?: number; perPage: number }): Promise<ContactMessagePage> {
  const query = { ...restQuery(filter), ...statusQuery(filter.tab) };
  return paginate({
    page,
    perPage,
    count: () => ContactMessageModel.countDocuments(query),
    fetch: async ({ skip, limit }) =>
      (await ContactMessageModel.find(query).sort({ created_at: -1, _id: -1 }).skip(skip).limit(limit).lean()).map(toContactMessage),
  });
}

/** Each tab's count under the same owner, dates and search. */
export async function countLeadTabs(filter: LeadFilter): Promise<Record<LeadTab, number>> {
  const rest = restQuery(filter);
  const tabs = Object.keys(LEAD_TABS) as LeadTab[];
  const counts = await Promise.all(tabs.map((tab) => ContactMessageModel.countDocuments({ ...rest, ...statusQuery(tab) })));
  return Object.fromEntries(tabs.map((tab, i) => [tab, counts[i]!])) as Record<LeadTab, number>;
}

/** `owner`: an admin's id, or null for nobody; absent, unchanged. */
export type LeadChange = { status?: LeadStatus; owner?: string | null };

type LeadEntry =
  { kind: "status"; at: string; status: LeadStatus; by: string } | { kind: "note"; at: string; id: string; text: string; by: string };

const CHANGE_ATTEMPTS = 10;

export type LeadDetail = ContactMessage & { owner: { id: string; name: string } | null; history: LeadEntry[] };

const leadTarget = (doc: Pick<ContactMessageDoc, "_id" | "name">) => ({
  type: "message",
  id: doc._id.toString(),
  label: `Message from ${doc.name}`,
});

/**
 * Applies a change conditioned on the lead's revision, so two admins' changes never overwrite each other's history;
 * a lost race reads again and retries after a short random pause. The first move out of "new" sets first_response_at, once.
 */
export async function changeLead(
  id: string,
  change: LeadChange,
  origin: AdminOrigin,
): Promise<Result<ContactMessage, "not-found" | "unknown-owner">> {
  if (!isObjectId(id)) return refused("not-found");
  let ownerName: string | null = null;
  if (change.owner) {
    const owner = isObjectId(change.owner) ? await AdminModel.findById(change.owner).lean() : null;
    if (!owner) return refused("unknown-owner");
    ownerName = `${owner.name} <${owner.email}>`;
  }
  for (let attempt = 0; attempt < CHANGE_ATTEMPTS; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
    const doc = await ContactMessageModel.findById(id).lean();
    if (!doc) return refused("not-found");
    const before = statusOf(doc);
    const ownerBefore = doc.owner_id ? doc.owner_id.toString() : null;
    const statusChanged = change.status !== undefined && change.status !== before;
    const ownerChanged = change.owner !== undefined && change.owner !== ownerBefore;
    if (!statusChanged && !ownerChanged) return ok(toContactMessage(doc));
    const at = new Date();
    const revision = doc.revision ?? 0;
    const set: Record<string, unknown> = { revision: revision + 1 };
    if (statusChanged) {
      set.status = change.status;
      set.status_changes = [
        ...(doc.status_changes ?? []),
        { status: change.status, at, by_id: origin.actor.id, by_name: origin.actor.name },
      ];
      if (before === "new" && !doc.first_response_at) set.first_response_at = at;
    }
    if (ownerChanged) set.owner_id = change.owner;
    const claimed = await ContactMessageModel.updateOne(
      { _id: doc._id, revision: revision === 0 ? { $in: [0, null] } : revision },
      { $set: set },
    );
    if (claimed.modifiedCount !== 1) continue;
    if (statusChanged)
      await recordEvent(origin, "lead.status-changed", { target: leadTarget(doc), details: { from: before, to: change.status } });
    if (ownerChanged)
      await recordEvent(origin, "lead.owner-changed", { target: leadTarget(doc), details: { from: ownerBefore, to: ownerName } });
    const after = await ContactMessageModel.findById(id).lean();
    return after ? ok(toContactMessage(after)) : refused("not-found");
  }
  throw new Error(`The lead ${id} kept changing under ${CHANGE_ATTEMPTS} attempts to change it`);
}

/** The same change to each of several leads (the inbox's bulk form); answers how many were changed. */
export async function changeLeads(ids: string[], change: LeadChange, origin: AdminOrigin): Promise<Result<number, "unknown-owner">> {
  let changed = 0;
  for (const id of [...new Set(ids)].slice(0, 100)) {
    const result = await changeLead(id, change, origin);
    if (!result.ok && result.reason === "unknown-owner") return refused("unknown-owner");
    if (result.ok) changed++;
  }
  return ok(changed);
}

export async function addLeadNote(id: string, text: string, origin: AdminOrigin): Promise<Result<{ id: string }, "not-found">> {
  if (!isObjectId(id)) return refused("not-found");
  const doc = await ContactMessageModel.findById(id).lean();
  if (!doc) return refused("not-found");
  const note = await LeadNoteModel.create({ lead_id: doc._id, author_id: origin.actor.id, author_name: origin.actor.name, text });
  await recordEvent(origin, "lead.note-added", { target: leadTarget(doc), details: { note: note._id.toString() } });
  return ok({ id: note._id.toString() });
}

const noteEntry = (note: LeadNoteDoc): LeadEntry => ({
  kind: "note",
  at: note.created_at.toISOString(),
  id: note._id.toString(),
  text: note.text,
  by: note.author_name,
});

/** The lead with its owner, and its status changes and notes in time order; opening it marks it read. */
export async function openLead(id: string): Promise<LeadDetail | null> {
  if (!isObjectId(id)) return null;
  const doc = await ContactMessageModel.findOneAndUpdate({ _id: id }, { $set: { read: true } }, { returnDocument: "after" }).lean();
  if (!doc) return null;
  const [owner, notes] = await Promise.all([
    doc.owner_id ? AdminModel.findById(doc.owner_id).lean() : null,
    LeadNoteModel.find({ lead_id: doc._id }).sort({ created_at: 1, _id: 1 }).lean(),
  ]);
  const changes: LeadEntry[] = (doc.status_changes ?? []).map((change) => ({
    kind: "status",
    at: change.at.toISOString(),
    status: isLeadStatus(change.status) ? change.status : "new",
    by: change.by_name,
  }));
  const history = [...changes, ...notes.map(noteEntry)].sort((a, b) => a.at.localeCompare(b.at));
  return { ...toContactMessage(doc), owner: owner ? { id: owner._id.toString(), name: owner.name } : null, history };
}
