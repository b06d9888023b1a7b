// docs/behaviour.md#constants
export const SESSION_LIFETIME_MS = 4 * 60 * 60 * 1000;
export const PUBLIC_CASE_STUDIES_PAGE_SIZE = 4;
export const OUTCOMES_PER_CASE_STUDY = 3;
export const REDIRECT_DELAY_MS = 2_000;
export const PASSWORD_MIN_LENGTH = 8;
/** bcrypt ignores every byte past the 72nd, so longer passwords are refused rather than truncated. */
export const PASSWORD_MAX_BYTES = 72;
export const BCRYPT_COST = 12;

/** How long the one-time links work (docs/behaviour.md#invitations, #password-reset). */
export const INVITATION_LINK_LIFETIME_MS = 48 * 60 * 60 * 1000;
export const RESET_LINK_LIFETIME_MS = 60 * 60 * 1000;

export const ANALYTICS_MESSAGE_DAYS = 30;
export const ANALYTICS_MESSAGE_WEEKS = 8;

export const IMAGE_ALT_MAX_LENGTH = 200;

/** The site's services are at most 12 (content-schemas.ts). */
export const MAX_CASE_STUDY_SERVICES = 12;
export const MAX_INDUSTRIES = 100;
export const INDUSTRY_NAME_MAX_LENGTH = 100;
/** How many case studies the home page's latest work shows: the featured ones first, then the newest. */
export const HOME_WORK_COUNT = 3;

// Shared with the form's maxLength: no zod in the browser.
export const CONTACT_LIMITS = { name: 100, email: 254, message: 5_000 } as const;

/** The optional fields' lengths (a phone number's is its layout's); the budget ranges a studio may name, and each one's length. */
export const CONTACT_FIELD_LIMITS = { company: 100, timeline: 100, phone: 30, budgetRanges: 10, budgetRange: 60 } as const;

export const MAX_NOTIFICATION_EMAILS = 10;

/** docs/behaviour.md#lead-figures: the window of the figures by source, service and pages viewed. */
export const LEAD_FIGURE_DAYS = 90;

/** docs/behaviour.md#autoresponder */
export const AUTO_REPLY_LIMITS = { subject: 150, text: 5_000 } as const;

/**
 * docs/behaviour.md#publishing-on-a-schedule: every instance looks for due schedules this often, so a change takes
 * effect within this interval of its time (the issue asks for a minute).
 */
export const SCHEDULE_INTERVAL_MS = 15_000;

/** A case study's story and search-engine fields (docs/behaviour.md#the-story-in-full): characters, images. */
export const CASE_STUDY_STORY_LIMITS = {
  summary: 300,
  section: 10_000,
  seoTitle: 70,
  seoDescription: 160,
  galleryImages: 12,
  caption: 300,
} as const;
