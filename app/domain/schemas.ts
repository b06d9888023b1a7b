import { z } from "zod";
import { industrySlug, looksLikeId, SLUG_MAX_LENGTH, slugWords } from "./shared";
import { CASE_STUDY_STATUSES } from "./case-study-status";
import { caseStudyStoryFields, caseStudyStoryUploads } from "./case-study-story-schemas";
import {
  CONTACT_LIMITS,
  IMAGE_ALT_MAX_LENGTH,
  INDUSTRY_NAME_MAX_LENGTH,
  MAX_CASE_STUDY_SERVICES,
  OUTCOMES_PER_CASE_STUDY,
  PASSWORD_MAX_BYTES,
  PASSWORD_MIN_LENGTH,
} from "./constants";
import { messages } from "./messages";

// Shared by the form actions, the API and the scripts; safe for the browser: no server imports.

/** A check that would also fail on a blank value (an email's format) goes in a `.pipe()`, so a blank field gets one message, not two. */
export const requiredText = (message: string) => z.string({ required_error: message, invalid_type_error: message }).trim().min(1, message);

const utf8Length = (value: string) => new TextEncoder().encode(value).length;

/** zod's own email rule (3.25), written out with both cases instead of a flag, so the OpenAPI document can state it as a pattern. */
export const EMAIL_PATTERN = /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** A two-factor code as typed: 6 digits from the app, or a recovery code (docs/behaviour.md#two-factor-sign-in). */
const typedCode = z.string({ invalid_type_error: messages.twoFactorCodeInvalid }).trim().max(64, messages.twoFactorCodeInvalid);

export const loginInput = z.object({
  email: requiredText(messages.loginMissingFields).toLowerCase(),
  password: z
    .string({ required_error: messages.loginMissingFields, invalid_type_error: messages.loginMissingFields })
    .min(1, messages.loginMissingFields),
  // The API's one-request sign-in; the form asks for the code in a second step.
  code: typedCode.optional().transform((code) => code || undefined),
});
export type LoginInput = z.infer<typeof loginInput>;

/** The code step of the sign-in form, and the account's two-factor forms. */
export const twoFactorCodeInput = z.object({
  code: z
    .string({ required_error: messages.twoFactorCodeMissing, invalid_type_error: messages.twoFactorCodeInvalid })
    .trim()
    .min(1, messages.twoFactorCodeMissing)
    .max(64, messages.twoFactorCodeInvalid),
});

/** Turning two-factor sign-in off lowers the account's protection: the password is asked again, with a code. */
export const twoFactorOffInput = twoFactorCodeInput.extend({
  password: z
    .string({ required_error: messages.currentPasswordMissing, invalid_type_error: messages.currentPasswordMissing })
    .min(1, messages.currentPasswordMissing),
});

const passwordRule = z
  .string()
  .min(PASSWORD_MIN_LENGTH, messages.passwordTooShort)
  .refine((value) => utf8Length(value) <= PASSWORD_MAX_BYTES, messages.passwordTooLong);

export const adminInput = z.object({
  name: requiredText(messages.fillInAllFields).max(100, "The name must be at most 100 characters long"),
  email: requiredText(messages.fillInAllFields).pipe(
    z.string().toLowerCase().regex(EMAIL_PATTERN, messages.invalidEmail).max(254, messages.invalidEmail),
  ),
  password: z
    .string({ required_error: messages.fillInAllFields, invalid_type_error: messages.fillInAllFields })
    .min(1, messages.fillInAllFields)
    .pipe(passwordRule),
});
export type AdminInput = z.infer<typeof adminInput>;

export const adminUpdateInput = adminInput.extend({
  password: z
    .string({ invalid_type_error: messages.fillInAllFields })
    .optional()
    .transform((value) => value || undefined)
    .pipe(passwordRule.optional()),
});
export type AdminUpdateInput = z.infer<typeof adminUpdateInput>;

/** An invitation: the Add Admin form's name and email, with their rules, and no password (the invitee chooses it). */
export const invitationInput = adminInput.pick({ name: true, email: true });
export type InvitationInput = z.infer<typeof invitationInput>;

/** The one field of an invitation's and a password reset's page. */
export const newPasswordInput = z.object({
  password: z
    .string({ required_error: messages.passwordRequired, invalid_type_error: messages.passwordRequired })
    .min(1, messages.passwordRequired)
    .pipe(passwordRule),
});

export const passwordResetRequestInput = z.object({
  email: requiredText(messages.emailRequired).pipe(
    z.string().toLowerCase().regex(EMAIL_PATTERN, messages.invalidEmail).max(254, messages.invalidEmail),
  ),
});

export const contactMessageInput = z.object({
  name: requiredText(messages.contactNameRequired).max(CONTACT_LIMITS.name, messages.contactNameTooLong),
  email: requiredText(messages.contactEmailRequired).pipe(
    z.string().email(messages.invalidEmail).max(CONTACT_LIMITS.email, messages.invalidEmail),
  ),
  message: requiredText(messages.contactMessageRequired).max(CONTACT_LIMITS.message, messages.contactMessageTooLong),
});
export type ContactMessageInput = z.infer<typeof contactMessageInput>;

export function fieldErrors(error: z.ZodError): { message: string; errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join(".") || "form";
    const list = (errors[field] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return { message: error.issues[0]?.message ?? "The given data was invalid.", errors };
}

const caseStudyRequiredFields = {
  title: "title",
  client: "client",
  industry: "industry",
  project_insight: "project insight",
} as const;

export const outcomeInput = z.object({
  label: z.string({ invalid_type_error: messages.fillInOutcomes }).trim().default(""),
  value: z.string({ invalid_type_error: messages.fillInOutcomes }).trim().default(""),
});

export const technologyName = z.string().max(60);
export const MAX_TECHNOLOGIES = 30;

const technologiesInput = z
  .union([z.string(), z.array(z.string())], { errorMap: () => ({ message: "Technologies must be text" }) })
  .default([])
  .transform((value) =>
    (Array.isArray(value) ? value : [value])
      .flatMap((item) => item.split(","))
      .map((item) => item.trim())
      .filter(Boolean),
  );

/** Absent (or empty) keeps the current status on update and means published on create, as the API's existing clients expect. */
const caseStudyStatusInput = z.preprocess(
  (value) => (value === "" || value === null ? undefined : value),
  z.enum(CASE_STUDY_STATUSES, { errorMap: () => ({ message: messages.caseStudyStatusInvalid }) }).optional(),
);

/** Empty or null means none; absent keeps the current alt text on update, as an API client unaware of the field expects. */
const imageAltInput = z
  .string({ invalid_type_error: messages.imageAltInvalid })
  .trim()
  .max(IMAGE_ALT_MAX_LENGTH, messages.imageAltTooLong(IMAGE_ALT_MAX_LENGTH))
  .nullable()
  .optional()
  .transform((value) => (value === undefined ? undefined : value || null));

const WALL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;
const ZONED_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * A publish or unpublish time: ISO 8601 with a zone (the API), or a form's `datetime-local` value, which the
 * dashboard states is UTC. Empty or null clears it; absent keeps it on update. Only a future time is taken.
 */
const scheduleTimeInput = z
  .union([z.string(), z.null()], { errorMap: () => ({ message: messages.scheduleTimeInvalid }) })
  .optional()
  .transform((value, context) => {
    if (value === undefined) return undefined;
    const text = value?.trim() ?? "";
    if (!text) return null;
    const time = WALL_TIME.test(text) ? new Date(`${text}Z`) : ZONED_TIME.test(text) ? new Date(text) : null;
    if (!time || Number.isNaN(time.getTime())) {
      context.addIssue({ code: z.ZodIssueCode.custom, message: messages.scheduleTimeInvalid });
      return z.NEVER;
    }
    if (time.getTime() <= Date.now()) {
      context.addIssue({ code: z.ZodIssueCode.custom, message: messages.scheduleTimePast });
      return z.NEVER;
    }
    return time;
  });

/**
 * The web address: what is typed is cleaned like a title (lowercase ASCII words and hyphens); empty or null means
 * "made from the title"; absent keeps the current one on update. Whether another entry has it is the domain's check.
 */
const caseStudySlugInput = z
  .string({ invalid_type_error: messages.caseStudySlugInvalid })
  .nullable()
  .optional()
  .transform((value, ctx) => {
    if (value === undefined) return undefined;
    if (value === null || !value.trim()) return null;
    const slug = slugWords(value);
    const problem = !slug
      ? messages.caseStudySlugEmpty
      : slug.length > SLUG_MAX_LENGTH
        ? messages.caseStudySlugTooLong(SLUG_MAX_LENGTH)
        : looksLikeId(slug)
          ? messages.caseStudySlugLooksLikeId
          : null;
    if (!problem) return slug;
    ctx.addIssue({ code: "custom", message: problem });
    return z.NEVER;
  });
/** Service slugs: a list, or one field per slug (a form's checkboxes, with an empty field so that none checked still clears them). Absent keeps them on update. */
const servicesInput = z
  .union([z.string(), z.array(z.string())], { errorMap: () => ({ message: messages.caseStudyServicesInvalid }) })
  .optional()
  .transform((value) =>
    value === undefined ? undefined : [...new Set((Array.isArray(value) ? value : [value]).map((slug) => slug.trim()).filter(Boolean))],
  )
  .pipe(
    z
      .array(z.string().max(60, messages.caseStudyServicesInvalid))
      .max(MAX_CASE_STUDY_SERVICES, messages.caseStudyServicesTooMany)
      .optional(),
  );

/** true/false, or a form's "on"; several values (a hidden "false" before the checkbox) count as the last one. Absent keeps it on update. */
const featuredInput = z.preprocess(
  (value) => {
    const last = Array.isArray(value) ? value.at(-1) : value;
    if (last === "true" || last === "on" || last === "1") return true;
    if (last === "false" || last === "0" || last === "" || last === null) return false;
    return last;
  },
  z.boolean({ invalid_type_error: messages.caseStudyFeaturedInvalid }).optional(),
);

/** The place among featured entries, lowest first; empty or null puts a newly featured entry last. */
const featuredOrderInput = z.preprocess(
  (value) => (value === "" || value === null ? null : typeof value === "string" && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value),
  z
    .number({ invalid_type_error: messages.caseStudyFeaturedOrderInvalid })
    .int(messages.caseStudyFeaturedOrderInvalid)
    .min(1, messages.caseStudyFeaturedOrderInvalid)
    .max(10_000, messages.caseStudyFeaturedOrderInvalid)
    .nullable()
    .optional(),
);

export const caseStudyInput = z.object({
  title: requiredText(messages.fillInField(caseStudyRequiredFields.title)).max(200, "The title must be at most 200 characters long"),
  client: requiredText(messages.fillInField(caseStudyRequiredFields.client)).max(200, "The client must be at most 200 characters long"),
  // The industries list's name rules, since a new name joins it (docs/behaviour.md#services-and-industries); a blank one gets one message.
  industry: requiredText(messages.fillInField(caseStudyRequiredFields.industry))
    .max(INDUSTRY_NAME_MAX_LENGTH, messages.industryNameTooLong(INDUSTRY_NAME_MAX_LENGTH))
    .refine((name) => name === "" || industrySlug(name) !== "", messages.industryNameInvalid),
  project_insight: requiredText(messages.fillInField(caseStudyRequiredFields.project_insight)).max(
    5000,
    "The project insight must be at most 5000 characters long",
  ),
  technologies: technologiesInput.pipe(z.array(technologyName).max(MAX_TECHNOLOGIES, `List at most ${MAX_TECHNOLOGIES} technologies`)),
  outcomes: z
    .array(outcomeInput, { invalid_type_error: messages.fillInOutcomes, required_error: messages.fillInOutcomes })
    .min(OUTCOMES_PER_CASE_STUDY, messages.fillInOutcomes)
    .max(OUTCOMES_PER_CASE_STUDY, messages.fillInOutcomes)
    .refine((outcomes) => outcomes.every((outcome) => outcome.label && outcome.value), messages.fillInOutcomes),
  website_url: z
    .string({ invalid_type_error: messages.invalidWebsiteUrl })
    .trim()
    .optional()
    .nullable()
    .transform((value) => value || null)
    .refine((value) => value === null || isWebUrl(value), messages.invalidWebsiteUrl),
  status: caseStudyStatusInput,
  image_alt: imageAltInput,
  publish_at: scheduleTimeInput,
  unpublish_at: scheduleTimeInput,
  slug: caseStudySlugInput,
  services: servicesInput,
  featured: featuredInput,
  featured_order: featuredOrderInput,
  ...caseStudyStoryFields,
});
export type CaseStudyInput = z.infer<typeof caseStudyInput>;

function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.includes(".");
  } catch {
    return false;
  }
}

export const technologyFieldName = /^technologies\[\d*\]$/;
export const serviceFieldName = /^services\[\d*\]$/;

const isFile = (value: unknown): value is File => typeof File !== "undefined" && value instanceof File;

/** An uploaded image: browsers send an empty file part when none was chosen, which is no image. */
const imageFile = (schema: z.ZodTypeAny) => z.preprocess((value) => (isFile(value) && value.size > 0 ? value : undefined), schema);

export const caseStudyCreateInput = caseStudyInput.extend({
  image: imageFile(z.custom<File>(isFile, { message: messages.imageRequired })) as z.ZodType<File, z.ZodTypeDef, unknown>,
  ...caseStudyStoryUploads,
});

const optionalImage = imageFile(z.custom<File>(isFile).optional()) as z.ZodType<File | undefined, z.ZodTypeDef, unknown>;

export const caseStudyUpdateInput = caseStudyInput.extend({ image: optionalImage, ...caseStudyStoryUploads });

/** Only the fields sent are checked and changed, with the same rules; an empty change is refused rather than answered as a save. */
export const caseStudyPatchInput = caseStudyInput
  .partial()
  .extend({ image: optionalImage, ...caseStudyStoryUploads })
  .refine((input) => Object.values(input).some((value) => value !== undefined), messages.caseStudyPatchEmpty);
export type CaseStudyChanges = Partial<CaseStudyInput>;

export function joinErrors(errors: Record<string, string[] | null> | undefined, fallback = ""): string {
  return [...new Set(Object.values(errors ?? {}).flatMap((list) => list ?? []))].join(", ") || fallback;
}
