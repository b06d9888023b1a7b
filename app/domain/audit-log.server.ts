import { AuditEventModel, type AuditEventDoc } from "~/models/audit-event.server";
import { isObjectId } from "./shared";
import { paginate, type Page } from "./paginate";

// docs/behaviour.md#audit-log. What each action is called on the dashboard's audit log, in the order its filter lists them.
export const AUDIT_ACTIONS = {
  "sign-in": "Signed in",
  "sign-in.failed": "Sign-in failed",
  "sign-in.locked": "Sign-in refused: too many attempts",
  "sign-in.throttled": "Sign-ins refused by a limit (count)",
  "sign-in.code-failed": "Two-factor code refused",
  "sign-out": "Signed out",
  "sign-out.everywhere": "Signed out everywhere",
  "session.ended": "Session ended",
  "token.revoked": "API token revoked",
  "key.created": "API key created",
  "key.revoked": "API key revoked",
  "password.changed": "Password changed",
  "password.reset-requested": "Password reset requested",
  "password.reset": "Password reset",
  "two-factor.enabled": "Two-factor sign-in turned on",
  "two-factor.disabled": "Two-factor sign-in turned off",
  "two-factor.recovery-codes": "Recovery codes made anew",
  "two-factor.recovery-used": "Recovery code used",
  "invitation.sent": "Invitation sent",
  "invitation.resent": "Invitation sent again",
  "invitation.withdrawn": "Invitation withdrawn",
  "invitation.accepted": "Invitation accepted",
  "admin.created": "Admin added",
  "admin.updated": "Admin changed",
  "admin.deleted": "Admin deleted",
  "admin.role-changed": "Role changed",
  "case-study.created": "Case study created",
  "case-study.updated": "Case study changed",
  "case-study.published": "Case study published",
  "case-study.unpublished": "Case study unpublished",
  "case-study.scheduled": "Case study scheduled",
  "case-study.restored": "Case study version restored",
  "case-study.deleted": "Case study deleted",
  "industry.changed": "Industries changed",
  "featured.changed": "Featured work changed",
  "content.saved": "Site content draft saved",
  "content.published": "Site content published",
  "content.restored": "Site content version restored",
  "content.discarded": "Site content draft discarded",
  "settings.updated": "Settings changed",
  "settings.restored": "Settings version restored",
  "message.deleted": "Message deleted",
  "lead.status-changed": "Lead status changed",
  "lead.owner-changed": "Lead owner changed",
  "lead.note-added": "Note added to a lead",
  "lead.replied": "Reply sent to a lead",
  "data.exported": "Data exported",
  "data.imported": "Data imported",
  "webhook.created": "Webhook added",
  "webhook.changed": "Webhook changed",
  "webhook.deleted": "Webhook deleted",
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

export const isAuditAction = (value: string): value is AuditAction => Object.hasOwn(AUDIT_ACTIONS, value);

/** Kept one year, then swept. */
export const AUDIT_RETENTION_MS = 365 * 24 * 3_600_000;

type AuditActor = { id: string; name: string; email: string };

/** Through which door a change came, as the log's details name it. */
export type Door = "form" | "api" | "command line" | "schedule";

/**
 * Who acted (null: a visitor or the server), from where as the server saw it (client-address.server.ts), and through
 * which door: what a domain write takes to record itself, as a version takes its author.
 */
export type Origin = { actor: AuditActor | null; address: string; userAgent: string; door: Door };

/** A write only a signed-in admin makes (an invitation, a deletion that refuses oneself). */
export type AdminOrigin = Origin & { actor: AuditActor };

/** A command-line script or the schedule: no request, so the server is the address. */
export const serverOrigin = (door: "command line" | "schedule"): Origin => ({ actor: null, address: "server", userAgent: "", door });

export const adminTarget = (admin: AuditActor) => ({ type: "admin", id: admin.id, label: `${admin.name} <${admin.email}>` });

/** What a command-line change adds to its entry: the admin it changed (no admin acted) and the door. */
export const fromCommandLine = (origin: Origin, admin: AuditActor) =>
  origin.door === "command line" ? { target: adminTarget(admin), details: { door: origin.door } } : {};

/** Who acted, from where, on what. `address` and `userAgent` are as the server saw them (client-address.server.ts). */
export type AuditRecord = {
  action: AuditAction;
  actor?: AuditActor | null;
  /** The email a sign-in or a reset was for, when no admin is known (or to keep what was typed). */
  email?: string;
  target?: { type: string; id: string; label?: string | null };
  address: string;
  userAgent: string;
  details?: Record<string, unknown>;
  at?: Date;
};

export type AuditEvent = {
  id: string;
  at: string;
  action: AuditAction | string;
  label: string;
  actor: { id: string | null; name: string };
  email: string;
  target: { type: string; id: string; label: string | null } | null;
  address: string;
  user_agent: string;
  details: Record<string, unknown>;
};

const MAX_TEXT = 300;
const clip = (value: string | null | undefined) => (value ?? "").slice(0, MAX_TEXT);

export async function recordAudit(record: AuditRecord): Promise<void> {
  const at = record.at ?? new Date();
  await AuditEventModel.create({
    at,
    action: record.action,
    actor_id: record.actor && isObjectId(record.actor.id) ? record.actor.id : null,
    // An API key has no email: its name alone.
    actor: clip(record.actor ? (record.actor.email ? `${record.actor.name} <${record.actor.email}>` : record.actor.name) : ""),
    email: clip((record.email ?? record.actor?.email ?? "").trim().toLowerCase()),
    target_type: record.target?.type ?? null,
    target_id: record.target ? clip(record.target.id) : null,
    target_label: record.target?.label ? clip(record.target.label) : null,
    address: clip(record.address),
    user_agent: clip(record.userAgent),
    details: record.details ?? {},
    expires_at: new Date(at.getTime() + AUDIT_RETENTION_MS),
  });
}

/**
 * Records what a write did once it did it. A failed write of the log is logged, never turned into the write's failure:
 * the change it describes is made (decision 0028). `entry.actor` names someone else than the origin's (an invitation
 * accepted is by the admin it made).
 */
export async function recordEvent(
  origin: Origin,
  action: AuditAction,
  entry: Omit<AuditRecord, "action" | "address" | "userAgent" | "at"> = {},
): Promise<void> {
  try {
    await recordAudit({ actor: origin.actor, ...entry, action, address: origin.address, userAgent: origin.userAgent });
  } catch (error) {
    console.error(`The audit log could not record ${action}: ${(error as Error).message}`);
  }
}

function toAuditEvent(doc: AuditEventDoc): AuditEvent {
  return {
    id: doc._id.toString(),
    at: doc.at.toISOString(),
    action: doc.action,
    label: isAuditAction(doc.action) ? AUDIT_ACTIONS[doc.action] : doc.action,
    actor: { id: doc.actor_id ? doc.actor_id.toString() : null, name: doc.actor },
    email: doc.email,
    target: doc.target_type ? { type: doc.target_type, id: doc.target_id ?? "", label: doc.target_label } : null,
    address: doc.address,
    user_agent: doc.user_agent,
    details: doc.details ?? {},
  };
}

export type AuditFilter = { actorId?: string; action?: AuditAction; from?: Date; to?: Date };

export async function listAuditEvents(
  filter: AuditFilter,
  { page = 1, perPage }: { page?: number; perPage: number },
): Promise<Page<AuditEvent>> {
  const query: Record<string, unknown> = {};
  if (filter.actorId) query.actor_id = isObjectId(filter.actorId) ? filter.actorId : null;
  if (filter.action) query.action = filter.action;
  if (filter.from || filter.to) query.at = { ...(filter.from ? { $gte: filter.from } : {}), ...(filter.to ? { $lt: filter.to } : {}) };
  return paginate({
    page,
    perPage,
    count: () => AuditEventModel.countDocuments(query),
    fetch: async ({ skip, limit }) =>
      (await AuditEventModel.find(query).sort({ at: -1, _id: -1 }).skip(skip).limit(limit).lean()).map(toAuditEvent),
  });
}

/** The newest `limit` entries, newest first: one read on the log's time index, no count. */
export async function recentAuditEvents(limit: number): Promise<AuditEvent[]> {
  return (await AuditEventModel.find({}).sort({ at: -1, _id: -1 }).limit(limit).lean()).map(toAuditEvent);
}

/**
 * Those the log names as having acted who are admins no longer, as the log last named them, so the "who" filter
 * still finds what a deleted admin did. One distinct read (an index scan on real MongoDB) and one read per former admin.
 */
export async function listFormerActors(currentAdminIds: string[]): Promise<{ id: string; name: string }[]> {
  const current = new Set(currentAdminIds);
  const ids = (await AuditEventModel.distinct("actor_id"))
    .filter((id): id is NonNullable<typeof id> => id != null)
    .map(String)
    .filter((id) => !current.has(id));
  const named = await Promise.all(
    ids.map(async (id) => {
      const latest = await AuditEventModel.findOne({ actor_id: id }).sort({ at: -1 }).select({ actor: 1 }).lean();
      return { id, name: latest?.actor || id };
    }),
  );
  return named.sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * On the embedded engine the log keeps at most this many entries, the newest: each of its writes costs in proportion
 * to the collection's size, past the database's 1 s timeout from about 10 000 entries (decision 0028).
 */
export const EMBEDDED_AUDIT_LIMIT = 5_000;

/** Clean-up of entries past their year (real MongoDB's TTL index does the same); with `keep`, of all but the newest `keep`. */
export async function sweepOldAuditEvents(now = new Date(), { keep }: { keep?: number } = {}): Promise<number> {
  const { deletedCount } = await AuditEventModel.deleteMany({ expires_at: { $lte: now } });
  if (!keep) return deletedCount;
  const [oldestKept] = await AuditEventModel.find({})
    .sort({ at: -1, _id: -1 })
    .skip(keep - 1)
    .limit(1)
    .lean();
  if (!oldestKept) return deletedCount;
  const older = { $or: [{ at: { $lt: oldestKept.at } }, { at: oldestKept.at, _id: { $lt: oldestKept._id } }] };
  const trimmed = await AuditEventModel.deleteMany(older);
  if (trimmed.deletedCount)
    console.warn(`Audit log: the ${trimmed.deletedCount} oldest entries removed, past the embedded engine's ${keep}.`);
  return deletedCount + trimmed.deletedCount;
}
