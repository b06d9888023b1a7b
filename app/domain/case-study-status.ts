/**
 * A case study's status: a draft is seen only by admins (the dashboard, the authenticated API, and its own
 * page for a signed-in admin); a published one everywhere (docs/behaviour.md#case-studies). Safe for the
 * browser: no zod, no server imports, so the dashboard's form can import the options.
 */

export const CASE_STUDY_STATUSES = ["draft", "published"] as const;
export type CaseStudyStatus = (typeof CASE_STUDY_STATUSES)[number];

/** What an entry created without a status gets (the API's old clients, the demo content). */
export const DEFAULT_CASE_STUDY_STATUS: CaseStudyStatus = "published";

export const caseStudyStatusLabels: Record<CaseStudyStatus, string> = { draft: "Draft", published: "Published" };

/** The form's choice, in the order it shows them: `name="status"`, one of these values. */
export const caseStudyStatusOptions: readonly { value: CaseStudyStatus; label: string }[] = [
  { value: "published", label: caseStudyStatusLabels.published },
  { value: "draft", label: caseStudyStatusLabels.draft },
];

export function isCaseStudyStatus(value: unknown): value is CaseStudyStatus {
  return typeof value === "string" && (CASE_STUDY_STATUSES as readonly string[]).includes(value);
}
