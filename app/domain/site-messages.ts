/**
 * The words the public pages' own scripts show, part of `messages` (`app/domain/messages.ts`), kept in their own
 * module so that the scripts a visitor loads carry these and not every message of the dashboard and the API (about
 * 8 KB compressed; decision 0045).
 */
export const siteMessages = {
  previewBanner: "Preview: unpublished drafts are shown. Only you see this.",
  draftBanner: "Draft: only admins see this",
  caseStudyLoadFailed: "Failed to load case study",
  forbiddenTitle: "Not allowed",
} as const;
