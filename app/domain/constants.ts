/** The product's business constants (docs/behaviour.md#constants). */
export const SESSION_LIFETIME_MS = 4 * 60 * 60 * 1000;
export const PUBLIC_CASE_STUDIES_PAGE_SIZE = 4;
export const OUTCOMES_PER_CASE_STUDY = 3;
export const REDIRECT_DELAY_MS = 2_000;
export const PASSWORD_MIN_LENGTH = 8;
/** bcrypt ignores every byte past the 72nd, so longer passwords are refused rather than truncated. */
export const PASSWORD_MAX_BYTES = 72;
export const BCRYPT_COST = 12;

/** Analytics: contact messages per day over this many days. */
export const ANALYTICS_MESSAGE_DAYS = 30;
/** Analytics: contact messages per week (ISO weeks, Monday 00:00 UTC) over this many weeks, the current one included. */
export const ANALYTICS_MESSAGE_WEEKS = 8;

/** Longest alt text of a case study's image (docs/behaviour.md#validation); the form's maxLength too. */
export const IMAGE_ALT_MAX_LENGTH = 200;

/** Longest accepted contact-form fields; shared by the schema and the form's maxLength (no zod in the browser). */
export const CONTACT_LIMITS = { name: 100, email: 254, message: 5_000 } as const;

/** At most this many extra addresses get an email for every new message, besides the contact email. */
export const MAX_NOTIFICATION_EMAILS = 10;
