import { z } from "zod";
import { AdminModel } from "~/models/admin.server";
import { CaseStudyModel } from "~/models/case-study.server";
import { ContactMessageModel } from "~/models/contact-message.server";
import { IndustryModel } from "~/models/industry.server";
import { AUDIT_ACTIONS, isAuditAction, type AuditAction, type AuditEvent, type AuditFilter } from "./audit-log.server";
import { isObjectId } from "./shared";
import { messages } from "./messages";

// docs/behaviour.md#audit-log: the filters of the dashboard's audit log and of GET /api/audit-log, one schema for both.

/** `?actor=none`: the entries no admin made (failed sign-ins, the schedule, the command line). */
export const NO_ADMIN = "none";

export const AUDIT_ACTION_OPTIONS = Object.entries(AUDIT_ACTIONS).map(([value, label]) => ({ value: value as AuditAction, label }));

const DAY_MS = 86_400_000;

const blankIsAbsent = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
const text = (message: string) => z.string({ invalid_type_error: message }).trim();

/** A calendar day written YYYY-MM-DD (2026-02-30 is not one). */
function isDay(value: string | undefined): value is string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

const day = text(messages.auditDateInvalid).refine(isDay, messages.auditDateInvalid);

const auditLogQuery = z
  .object({
    actor: z.preprocess(
      blankIsAbsent,
      text(messages.auditActorInvalid)
        .refine((value) => value === NO_ADMIN || isObjectId(value), messages.auditActorInvalid)
        .optional(),
    ),
    action: z.preprocess(blankIsAbsent, text(messages.auditActionInvalid).refine(isAuditAction, messages.auditActionInvalid).optional()),
    from: z.preprocess(blankIsAbsent, day.optional()),
    to: z.preprocess(blankIsAbsent, day.optional()),
  })
  .superRefine(({ from, to }, ctx) => {
    if (isDay(from) && isDay(to) && from > to) ctx.addIssue({ code: "custom", path: ["to"], message: messages.auditRangeInvalid });
  });

export type AuditLogQuery = z.infer<typeof auditLogQuery>;

type Read = { ok: true; value: AuditLogQuery } | { ok: false; errors: Record<string, string[]> };

/** The filters of an address (the first of each name; a blank one is none). */
export function readAuditLogQuery(params: URLSearchParams): Read {
  const given = Object.fromEntries(["actor", "action", "from", "to"].map((name) => [name, params.get(name) ?? undefined]));
  const parsed = auditLogQuery.safeParse(given);
  if (parsed.success) return { ok: true, value: parsed.data };
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) (errors[String(issue.path[0] ?? "")] ??= []).push(issue.message);
  return { ok: false, errors };
}

/** Dates are whole days in UTC, both ends included. */
export function auditFilterOf({ actor, action, from, to }: AuditLogQuery): AuditFilter {
  return {
    actorId: actor,
    action: action as AuditAction | undefined,
    from: from ? new Date(`${from}T00:00:00Z`) : undefined,
    to: to ? new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS) : undefined,
  };
}

/** Which of the entries' case studies, admins and industries still exist, as "type:id": one query per kind on the page. */
export async function existingTargets(events: readonly AuditEvent[]): Promise<Set<string>> {
  const idsOf = (type: string) => [
    ...new Set(events.flatMap((event) => (event.target?.type === type && isObjectId(event.target.id) ? [event.target.id] : []))),
  ];
  const existing = async (type: string, find: (ids: string[]) => Promise<unknown[]>) => {
    const ids = idsOf(type);
    return ids.length ? (await find(ids)).map((id) => `${type}:${String(id)}`) : [];
  };
  const found = await Promise.all([
    existing("case-study", (ids) => CaseStudyModel.distinct("_id", { _id: { $in: ids } })),
    existing("admin", (ids) => AdminModel.distinct("_id", { _id: { $in: ids } })),
    existing("industry", (ids) => IndustryModel.distinct("_id", { _id: { $in: ids } })),
    existing("message", (ids) => ContactMessageModel.distinct("_id", { _id: { $in: ids } })),
  ]);
  return new Set(found.flat());
}
