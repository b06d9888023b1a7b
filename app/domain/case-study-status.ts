// No zod, no server imports: the dashboard's form imports the options into the browser.

export const CASE_STUDY_STATUSES = ["draft", "published"] as const;
export type CaseStudyStatus = (typeof CASE_STUDY_STATUSES)[number];

export const DEFAULT_CASE_STUDY_STATUS: CaseStudyStatus = "published";

export const caseStudyStatusLabels: Record<CaseStudyStatus, string> = { draft: "Draft", published: "Published" };

export const caseStudyStatusOptions: readonly { value: CaseStudyStatus; label: string }[] = [
  { value: "published", label: caseStudyStatusLabels.published },
  { value: "draft", label: caseStudyStatusLabels.draft },
];

export function isCaseStudyStatus(value: unknown): value is CaseStudyStatus {
  return typeof value === "string" && (CASE_STUDY_STATUSES as readonly string[]).includes(value);
}
