import { ContactMessageModel, type ContactMessageDoc } from "~/models/contact-message.server";
import { LeadNoteModel, type LeadNoteDoc } from "~/models/lead-note.server";
import { LeadReplyModel, type LeadReplyDoc } from "~/models/lead-reply.server";
import { AdminModel } from "~/models/admin.server";
import { recordEvent, type AdminOrigin, type Origin } from "./audit-log.server";
import { isObjectId, ok, refused, type Result } from "./shared";
import { isLeadStatus, LEAD_TABS, type LeadStatus, type LeadTab, type OwnerFilter } from "./leads";
import { paginate, type Page } from "./paginate";
import { messages } from "./messages";
import { leadReplyMail } from "./notifications";
import type { Mail } from "./ports";
import { CONTACT_FIELD_NAMES, type ContactFieldValues, type ContactMessageInput } from "./contact-schemas";
import type { LeadSource } from "./lead-source";
import { isSpamReason, SPAM_KEEP_DAYS, type SpamReason } from "./spam";
import type { WebhookLead } from "./webhook-events";
import { fireWebhookEvent } from "./webhooks.server";

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
  /** The rule that filed it as spam; null for a lead a person moved there, or out of it. */
  spam_reason: SpamReason | null;
  /** The optional fields the visitor filled in; empty when none was turned on or filled. */
  fields: ContactFieldValues;
  created_at: string;
  updated_at: string;
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
    spam_reason: isSpamReason(doc.spam_reason) ? doc.spam_reason : null,
    fields: filledFields(doc.fields ?? {}),
    created_at: doc.created_at.toISOString(),
    updated_at: (doc.updated_at ?? doc.created_at).toISOString(),
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

/**
 * A mail problem never fails or delays the visitor's message (docs/operations.md#email-notifications). Spam is stored
 * and never mailed; its email stays owed until a person says it is not spam (docs/behaviour.md#spam).
 */
export async function createContactMessage(
  input: ContactMessageInput & ContactFieldValues,
  mail: Pick<Mail, "newMessage">,
  source: LeadSource | null = null,
  spam: SpamReason | null = null,
): Promise<ContactMessage> {
  const { name, email, message } = input;
  const fields = filledFields(input);
  const doc = await ContactMessageModel.create({
    name,
    email,
    message,
    source,
    ...(Object.keys(fields).length ? { fields } : {}),
    ...(spam ? { status: "spam", spam_reason: spam, notify_pending: true, webhook_pending: true } : {}),
  });
  const created = toContactMessage(doc);
  if (!spam) {
    await mail.newMessage(created.id);
    await fireWebhookEvent("lead.created", { lead: webhookLead(created) });
  }
  return created;
}

/** A lead as webhook events carry it (docs/api.md#webhook-events). */
function webhookLead(lead: ContactMessage): WebhookLead {
  return {
    id: lead.id,
    name: lead.name,
    email: lead.email,
    message: lead.message,
    status: lead.status,
    owner_id: lead.owner_id,
    service: lead.source?.service ?? null,
    created_at: lead.created_at,
  };
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

/** Spam is never counted: it reaches no one until a person says it is not spam. */
export function countUnread(): Promise<number> {
  return ContactMessageModel.countDocuments({ read: false, status: { $ne: "spam" } });
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
  await Promise.all([LeadNoteModel.deleteMany({ lead_id: doc._id }), LeadReplyModel.deleteMany({ lead_id: doc._id })]);
  const message = toContactMessage(doc);
  await recordEvent(origin, "message.deleted", { target: { type: "message", id: message.id, label: `Message from ${message.name}` } });
  return message;
}

// Every contact message is a lead (docs/behaviour.md#leads).

export type LeadFilter = {
  tab: LeadTab;
  /** One status instead of the tab's. */
  status?: LeadStatus;
  /** Whose leads, or one admin's (by id). */
  owner: OwnerFilter | { admin: string };
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
function statusQuery({ tab, status }: Pick<LeadFilter, "tab" | "status">): Record<string, unknown> {
  const statuses: (string | null)[] = status ? [status] : [...LEAD_TABS[tab]];
  if (statuses.includes("new")) statuses.push(null);
  return { status: { $in: statuses } };
}

function restQuery({ owner, adminId, q, from, to }: LeadFilter): Record<string, unknown> {
  const query: Record<string, unknown> = {};
  if (owner === "mine") query.owner_id = isObjectId(adminId) ? adminId : null;
  if (owner === "nobody") query.owner_id = null;
  if (typeof owner === "object") query.owner_id = isObjectId(owner.admin) ? owner.admin : null;
  if (from || to) query.created_at = { ...(from ? { $gte: from } : {}), ...(to ? { $lt: new Date(to.getTime() + DAY_MS) } : {}) };
  const words = q?.trim();
  if (words) {
    // A substring search scans the leads the other conditions leave; real MongoDB at scale would want a text index.
    const pattern = new RegExp(escapeRegExp(words.slice(0, 200)), "i");
    query.$or = [{ name: pattern }, { email: pattern }, { message: pattern }];
  }
  return query;
}

const leadQuery = (filter: LeadFilter) => ({ ...restQuery(filter), ...statusQuery(filter) });

export function listLeads(filter: LeadFilter, { page, perPage }: { page?: number; perPage: number }): Promise<ContactMessagePage> {
  const query = leadQuery(filter);
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
  const counts = await Promise.all(tabs.map((tab) => ContactMessageModel.countDocuments({ ...rest, ...statusQuery({ tab }) })));
  return Object.fromEntries(tabs.map((tab, i) => [tab, counts[i]!])) as Record<LeadTab, number>;
}

/** `owner`: an admin's id, or null for nobody; absent, unchanged. */
export type LeadChange = { status?: LeadStatus; owner?: string | null };

type LeadReply = {
  id: string;
  at: string;
  subject: string;
  body: string;
  state: LeadReplyDoc["state"];
  /** Why it failed, or why its last attempt did while it is still queued. */
  failure: string | null;
  sent_at: string | null;
  by: string;
};

/** An owner change's `from` and `to`: a name, or null for nobody. */
type LeadEntry =
  | { kind: "status"; at: string; status: LeadStatus; by: string }
  | { kind: "owner"; at: string; from: string | null; to: string | null; by: string }
  | { kind: "note"; at: string; id: string; text: string; by: string }
  | ({ kind: "reply" } & LeadReply);

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
  mail?: Mail,
): Promise<Result<ContactMessage, "not-found" | "unknown-owner">> {
  if (!isObjectId(id)) return refused("not-found");
  let ownerName: string | null = null;
  let ownerShortName: string | null = null;
  if (change.owner) {
    const owner = isObjectId(change.owner) ? await AdminModel.findById(change.owner).lean() : null;
    if (!owner) return refused("unknown-owner");
    ownerName = `${owner.name} <${owner.email}>`;
    ownerShortName = owner.name;
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
    const condition: Record<string, unknown> = { _id: doc._id, revision: revision === 0 ? { $in: [0, null] } : revision };
    if (statusChanged) {
      set.status = change.status;
      set.status_changes = [
        ...(doc.status_changes ?? []),
        { status: change.status, at, by_id: origin.actor.id, by_name: origin.actor.name },
      ];
      if (before === "new" && !doc.first_response_at) {
        set.first_response_at = at;
        // A reply does not raise the revision: its own time must not be overwritten by this later one.
        condition.first_response_at = null;
      }
      if (before === "spam") set.spam_reason = null;
    }
    if (ownerChanged) {
      set.owner_id = change.owner;
      set.owner_changes = [
        ...(doc.owner_changes ?? []),
        {
          from_id: ownerBefore,
          from_name: ownerBefore ? await ownerNameOf(ownerBefore, doc) : null,
          to_id: change.owner,
          to_name: ownerShortName,
          at,
          by_id: origin.actor.id,
          by_name: origin.actor.name,
        },
      ];
    }
    const claimed = await ContactMessageModel.updateOne(condition, { $set: set });
    if (claimed.modifiedCount !== 1) continue;
    if (statusChanged)
      await recordEvent(origin, "lead.status-changed", { target: leadTarget(doc), details: { from: before, to: change.status } });
    if (ownerChanged)
      await recordEvent(origin, "lead.owner-changed", { target: leadTarget(doc), details: { from: ownerBefore, to: ownerName } });
    if (statusChanged && before === "spam" && mail) await sendOwedMail(doc._id.toString(), mail);
    const after = await ContactMessageModel.findById(id).lean();
    if (!after) return refused("not-found");
    const lead = toContactMessage(after);
    // Out of spam for the first time, the lead is new to the tools webhooks reach.
    const announced = statusChanged && before === "spam" && (await fireOwedLeadCreated(lead));
    if (!announced) {
      const changed = [...(statusChanged ? ["status" as const] : []), ...(ownerChanged ? ["owner" as const] : [])];
      await fireWebhookEvent("lead.updated", { lead: webhookLead(lead), changed });
    }
    return ok(lead);
  }
  throw new Error(`The lead ${id} kept changing under ${CHANGE_ATTEMPTS} attempts to change it`);
}

/** The owner's name now, or as the lead's history last named them; null for an admin no longer found. */
async function ownerNameOf(id: string, doc: Pick<ContactMessageDoc, "owner_changes">): Promise<string | null> {
  const admin = isObjectId(id) ? await AdminModel.findById(id).lean() : null;
  return admin?.name ?? doc.owner_changes?.findLast((entry) => entry.to_id?.toString() === id)?.to_name ?? null;
}

/**
 * The new-message email of a lead filed as spam, once a person moved it out: the conditional update lets one of racing
 * clicks or instances send it, and a lead moved back and forth is mailed once.
 */
async function sendOwedMail(id: string, mail: Mail): Promise<void> {
  const claimed = await ContactMessageModel.updateOne({ _id: id, notify_pending: true }, { $set: { notify_pending: false } });
  if (claimed.modifiedCount === 1) await mail.newMessage(id);
}

/**
 * lead.created of a lead filed as spam, once a person moved it out: once, as its owed email (sendOwedMail). A lead
 * stored before webhooks existed has no flag stored: it never announced itself, so it owes it too.
 */
async function fireOwedLeadCreated(lead: ContactMessage): Promise<boolean> {
  const claimed = await ContactMessageModel.updateOne(
    { _id: lead.id, webhook_pending: { $ne: false } },
    { $set: { webhook_pending: false } },
  );
  if (claimed.modifiedCount !== 1) return false;
  await fireWebhookEvent("lead.created", { lead: webhookLead(lead) });
  return true;
}

/** The same change to each of several leads (the inbox's bulk form); answers how many were changed. */
export async function changeLeads(
  ids: string[],
  change: LeadChange,
  origin: AdminOrigin,
  mail?: Mail,
): Promise<Result<number, "unknown-owner">> {
  let changed = 0;
  for (const id of [...new Set(ids)].slice(0, 100)) {
    const result = await changeLead(id, change, origin, mail);
    if (!result.ok && result.reason === "unknown-owner") return refused("unknown-owner");
    if (result.ok) changed++;
  }
  return ok(changed);
}

export type LeadNote = { id: string; text: string; author: { id: string | null; name: string }; created_at: string };

const toLeadNote = (note: LeadNoteDoc): LeadNote => ({
  id: note._id.toString(),
  text: note.text,
  author: { id: note.author_id ? note.author_id.toString() : null, name: note.author_name },
  created_at: note.created_at.toISOString(),
});

export async function addLeadNote(id: string, text: string, origin: AdminOrigin): Promise<Result<LeadNote, "not-found">> {
  if (!isObjectId(id)) return refused("not-found");
  const doc = await ContactMessageModel.findById(id).lean();
  if (!doc) return refused("not-found");
  const note = await LeadNoteModel.create({ lead_id: doc._id, author_id: origin.actor.id, author_name: origin.actor.name, text });
  await recordEvent(origin, "lead.note-added", { target: leadTarget(doc), details: { note: note._id.toString() } });
  return ok(toLeadNote(note));
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
  const [owner, notes, replies] = await Promise.all([
    doc.owner_id ? AdminModel.findById(doc.owner_id).lean() : null,
    LeadNoteModel.find({ lead_id: doc._id }).sort({ created_at: 1, _id: 1 }).lean(),
    LeadReplyModel.find({ lead_id: doc._id }).sort({ created_at: 1, _id: 1 }).lean(),
  ]);
  const changes: LeadEntry[] = (doc.status_changes ?? []).map((change) => ({
    kind: "status",
    at: change.at.toISOString(),
    status: isLeadStatus(change.status) ? change.status : "new",
    by: change.by_name,
  }));
  const ownerChanges: LeadEntry[] = (doc.owner_changes ?? []).map((change) => ({
    kind: "owner",
    at: change.at.toISOString(),
    from: change.from_id ? (change.from_name ?? messages.leadFormerOwner) : null,
    to: change.to_id ? (change.to_name ?? messages.leadFormerOwner) : null,
    by: change.by_name,
  }));
  const history = [
    ...changes,
    ...ownerChanges,
    ...notes.map(noteEntry),
    ...replies.map((reply): LeadEntry => ({ kind: "reply", ...toLeadReply(reply) })),
  ].sort((a, b) => a.at.localeCompare(b.at));
  return { ...toContactMessage(doc), owner: owner ? { id: owner._id.toString(), name: owner.name } : null, history };
}

// A lead whole, as the API and the export give it (app/domain/lead-json.ts): its owner, notes and replies read for a
// page of leads at once, one query each.

export type LeadRecord = ContactMessage & {
  owner: { id: string; name: string; email: string } | null;
  notes: LeadNote[];
  replies: LeadReplyRecord[];
};

function byLead<Doc extends { lead_id: { toString(): string } }, Item>(docs: Doc[], to: (doc: Doc) => Item): Map<string, Item[]> {
  const grouped = new Map<string, Item[]>();
  for (const doc of docs) {
    const key = doc.lead_id.toString();
    grouped.set(key, [...(grouped.get(key) ?? []), to(doc)]);
  }
  return grouped;
}

async function withOwnersNotesAndReplies(leads: ContactMessage[]): Promise<LeadRecord[]> {
  if (leads.length === 0) return [];
  const ownerIds = [...new Set(leads.flatMap((lead) => (lead.owner_id ? [lead.owner_id] : [])))];
  const leadIds = leads.map((lead) => lead.id);
  const [owners, notes, replies] = await Promise.all([
    ownerIds.length ? AdminModel.find({ _id: { $in: ownerIds } }).lean() : [],
    LeadNoteModel.find({ lead_id: { $in: leadIds } })
      .sort({ created_at: 1, _id: 1 })
      .lean(),
    LeadReplyModel.find({ lead_id: { $in: leadIds } })
      .sort({ created_at: 1, _id: 1 })
      .lean(),
  ]);
  const ownerById = new Map(
    owners.map((owner) => [owner._id.toString(), { id: owner._id.toString(), name: owner.name, email: owner.email }]),
  );
  const notesByLead = byLead(notes, toLeadNote);
  const repliesByLead = byLead(replies, toLeadReplyRecord);
  return leads.map((lead) => ({
    ...lead,
    // An owner deleted since is nobody.
    owner: (lead.owner_id && ownerById.get(lead.owner_id)) || null,
    notes: notesByLead.get(lead.id) ?? [],
    replies: repliesByLead.get(lead.id) ?? [],
  }));
}

export async function listLeadRecords(filter: LeadFilter, paging: { page: number; perPage: number }): Promise<Page<LeadRecord>> {
  const page = await listLeads(filter, paging);
  return { ...page, items: await withOwnersNotesAndReplies(page.items) };
}

/** Reading through the API does not mark a lead read: only opening it on the dashboard does. */
export async function getLeadRecord(id: string): Promise<LeadRecord | null> {
  const lead = await getContactMessage(id);
  return lead ? ((await withOwnersNotesAndReplies([lead]))[0] ?? null) : null;
}

/**
 * The leads of a filter, newest first, `size` at a time and at most `max` in all: each batch continues after the last
 * lead of the one before (created_at, then _id), so a lead written or deleted meanwhile shifts nothing.
 */
export async function* leadRecordBatches(filter: LeadFilter, { size, max }: { size: number; max: number }): AsyncGenerator<LeadRecord[]> {
  const query = leadQuery(filter);
  let after: { created_at: Date; _id: ContactMessageDoc["_id"] } | null = null;
  for (let left = max; left > 0;) {
    const page: Record<string, unknown> = after
      ? { $and: [query, { $or: [{ created_at: { $lt: after.created_at } }, { created_at: after.created_at, _id: { $lt: after._id } }] }] }
      : query;
    const docs = await ContactMessageModel.find(page).sort({ created_at: -1, _id: -1 }).limit(Math.min(size, left)).lean();
    if (docs.length === 0) return;
    const last = docs.at(-1)!;
    after = { created_at: last.created_at, _id: last._id };
    left -= docs.length;
    yield await withOwnersNotesAndReplies(docs.map(toContactMessage));
    if (docs.length < size) return;
  }
}

export const countLeads = (filter: LeadFilter) => ContactMessageModel.countDocuments(leadQuery(filter));
const toLeadReply = (reply: LeadReplyDoc): LeadReply => ({
  id: reply._id.toString(),
  at: reply.created_at.toISOString(),
  subject: reply.subject,
  body: reply.body,
  state: reply.state,
  failure: reply.failure,
  sent_at: reply.sent_at ? reply.sent_at.toISOString() : null,
  by: reply.author_name,
});

/** A reply as the API gives it: its author by id (null once that admin is deleted) and name as then. */
export type LeadReplyRecord = Omit<LeadReply, "at" | "by"> & { author: { id: string | null; name: string }; created_at: string };

const toLeadReplyRecord = (reply: LeadReplyDoc): LeadReplyRecord => {
  const { at, by, ...rest } = toLeadReply(reply);
  return { ...rest, author: { id: reply.author_id ? reply.author_id.toString() : null, name: by }, created_at: at };
};

export type LeadReplyInput = { subject: string; body: string };

/**
 * Queues a reply to the lead, from MAIL_FROM with Reply-To the admin's address, kept on the lead as queued; the outbox
 * settles it (settleLeadReply). The first reply sets first_response_at, once: the update holds only while it is unset.
 */
export async function replyToLead(
  id: string,
  input: LeadReplyInput,
  origin: AdminOrigin,
  mail: Pick<Mail, "enabled" | "reply">,
): Promise<Result<LeadReplyRecord, "not-found" | "mail-off" | "not-queued">> {
  if (!isObjectId(id)) return refused("not-found");
  if (!mail.enabled()) return refused("mail-off");
  const doc = await ContactMessageModel.findById(id).lean();
  if (!doc) return refused("not-found");
  const composed = leadReplyMail(input);
  const reply = await LeadReplyModel.create({
    lead_id: doc._id,
    author_id: origin.actor.id,
    author_name: origin.actor.name,
    author_email: origin.actor.email,
    to: doc.email,
    subject: composed.subject,
    body: composed.text,
  });
  const queued = await mail.reply({ ...composed, to: doc.email, replyTo: origin.actor.email, replyId: reply._id.toString() });
  if (!queued) {
    // Nothing will send it: the form keeps the text instead of the lead keeping a reply that never goes.
    await LeadReplyModel.deleteOne({ _id: reply._id });
    return refused("not-queued");
  }
  await ContactMessageModel.updateOne({ _id: doc._id, first_response_at: null }, { $set: { first_response_at: reply.created_at } });
  await recordEvent(origin, "lead.replied", { target: leadTarget(doc), details: { reply: reply._id.toString(), to: doc.email } });
  return ok(toLeadReplyRecord(reply));
}

export type ReplyOutcome = { state: "sent"; at: Date } | { state: "failed"; reason: string } | { state: "queued"; reason: string };

/** What the outbox reports of a reply's mail: sent, given up, or an attempt that failed and will be retried. */
export async function settleLeadReply(replyId: string, outcome: ReplyOutcome): Promise<void> {
  if (!isObjectId(replyId)) return;
  if (outcome.state === "sent")
    await LeadReplyModel.updateOne({ _id: replyId }, { $set: { state: "sent", sent_at: outcome.at, failure: null } });
  else
    await LeadReplyModel.updateOne(
      { _id: replyId, state: "queued" },
      { $set: { state: outcome.state, failure: outcome.reason.slice(0, 500) } },
    );
}

// Speed to lead (docs/behaviour.md#leads): each answered from an index (status and created_at, or created_at).

/** The leads still new after `waitHours`, and when the oldest of them came. */
export async function waitingLeads(now: Date, waitHours: number): Promise<{ count: number; oldest: string | null }> {
  const query = { ...statusQuery({ tab: "new" }), created_at: { $lt: new Date(now.getTime() - waitHours * 3_600_000) } };
  const [count, oldest] = await Promise.all([
    ContactMessageModel.countDocuments(query),
    ContactMessageModel.findOne(query).sort({ created_at: 1, _id: 1 }).lean(),
  ]);
  return { count, oldest: oldest ? oldest.created_at.toISOString() : null };
}

/** The median time from a lead to its first response, over the leads of the last 30 days answered; null when none was. */
export async function medianFirstResponseMs(now: Date): Promise<number | null> {
  const since = new Date(now.getTime() - 30 * DAY_MS);
  const leads = await ContactMessageModel.find({ created_at: { $gte: since, $lte: now }, first_response_at: { $ne: null } })
    .select({ created_at: 1, first_response_at: 1 })
    .lean();
  const waits = leads
    .map((lead) => (lead.first_response_at ? lead.first_response_at.getTime() - lead.created_at.getTime() : NaN))
    .filter((wait) => Number.isFinite(wait) && wait >= 0)
    .sort((a, b) => a - b);
  if (waits.length === 0) return null;
  const middle = Math.floor(waits.length / 2);
  return waits.length % 2 ? waits[middle]! : (waits[middle - 1]! + waits[middle]!) / 2;
}
/**
 * Spam older than SPAM_KEEP_DAYS, with its notes and replies; served by the { status, created_at } index. A lead moved out of spam
 * between the read and the delete is kept, since the delete asks for spam again.
 */
export async function sweepOldSpam(now = new Date()): Promise<number> {
  const old = { status: "spam", created_at: { $lt: new Date(now.getTime() - SPAM_KEEP_DAYS * DAY_MS) } };
  const ids = (await ContactMessageModel.find(old, { _id: 1 }).limit(SWEEP_BATCH).lean()).map((doc) => doc._id);
  if (ids.length === 0) return 0;
  const { deletedCount } = await ContactMessageModel.deleteMany({ ...old, _id: { $in: ids } });
  const kept = new Set((await ContactMessageModel.find({ _id: { $in: ids } }, { _id: 1 }).lean()).map((doc) => doc._id.toString()));
  const removed = { lead_id: { $in: ids.filter((id) => !kept.has(id.toString())) } };
  await Promise.all([LeadNoteModel.deleteMany(removed), LeadReplyModel.deleteMany(removed)]);
  return deletedCount;
}

// A sweep every 5 minutes; a batch keeps each short on the embedded engine, whose deletes slow with size.
const SWEEP_BATCH = 500;
