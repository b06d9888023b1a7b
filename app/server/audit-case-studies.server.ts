import type { AuditAction } from "~/domain/audit-log.server";
import type { ScheduledChange } from "~/domain/case-studies.server";
import type { Industry } from "~/domain/industries.server";
import type { Admin, CaseStudy } from "~/domain/types";
import { audit } from "./audit.server";
import { auditIndustryChange } from "./industries.server";

// docs/behaviour.md#audit-log: what a case study's write is recorded as, from the dashboard, the API or the schedule.

const target = ({ id, title }: Pick<CaseStudy, "id" | "title">) => ({ type: "case-study", id, label: title });

/** One entry per save: the change of state it made when it made one, else an update. */
function caseStudySaveAction(before: CaseStudy | null | undefined, after: CaseStudy): AuditAction {
  if (!before) return "case-study.created";
  if (before.status !== after.status) return after.status === "published" ? "case-study.published" : "case-study.unpublished";
  const scheduled = (time: "publish_at" | "unpublish_at") => after[time] !== null && after[time] !== before[time];
  return scheduled("publish_at") || scheduled("unpublish_at") ? "case-study.scheduled" : "case-study.updated";
}

const stateOf = ({ status, publish_at, unpublish_at }: CaseStudy) => ({
  status,
  ...(publish_at ? { publish_at } : {}),
  ...(unpublish_at ? { unpublish_at } : {}),
});

/**
 * `before`: the entry before an update (null for a creation). `industryAdded`: the industry the save added to the list,
 * recorded as one added on the Industries screen is.
 */
export async function auditCaseStudySave(
  request: Request,
  admin: Admin,
  before: CaseStudy | null | undefined,
  after: CaseStudy,
  industryAdded?: Industry,
) {
  if (industryAdded) await auditIndustryChange(request, admin, industryAdded, { change: "added" });
  await audit(request, caseStudySaveAction(before, after), { actor: admin, target: target(after), details: stateOf(after) });
}

export async function auditCaseStudyRestore(request: Request, admin: Admin, restored: CaseStudy, version: number) {
  await audit(request, "case-study.restored", { actor: admin, target: target(restored), details: { version, ...stateOf(restored) } });
}

export async function auditCaseStudyDelete(request: Request, admin: Admin, removed: CaseStudy) {
  await audit(request, "case-study.deleted", { actor: admin, target: target(removed) });
}

/** The schedule's own changes: no admin acted; `scheduled_by` is who set the time. */
export async function auditScheduledChanges(changes: readonly ScheduledChange[]) {
  for (const { change, study, scheduledBy } of changes) {
    await audit(null, change === "published" ? "case-study.published" : "case-study.unpublished", {
      actor: null,
      target: target(study),
      details: { by: "schedule", ...(scheduledBy ? { scheduled_by: `${scheduledBy.name} <${scheduledBy.email}>` } : {}) },
    });
  }
}
