import { z } from "zod";
import { CASE_STUDY_STATUSES } from "./case-study-status";
import {
  CONTACT_LIMITS,
  IMAGE_ALT_MAX_LENGTH,
  MAX_NOTIFICATION_EMAILS,
  OUTCOMES_PER_CASE_STUDY,
  PASSWORD_MAX_BYTES,
  PASSWORD_MIN_LENGTH,
} from "./constants";
import { messages } from "./messages";

/**
 * One zod schema per input, shared by the form actions, the API and the scripts.
 * Safe for the browser: no server imports.
 */

/**
 * A required text field: anything but a non-empty string after trimming fails with `message`. Limits chain on
 * it (`.max(n, ...)`); a check that would also fail for an empty value (an email's format) goes in a `.pipe()`,
 * so a blank field gets one message, not two.
 */
const requiredText = (message: string) =>
  z.string({ required_error: message, invalid_type_error: message }).trim().min(1, message);

const utf8Length = (value: string) => new TextEncoder().encode(value).length;

export const loginInput = z.object({
  email: requiredText(messages.loginMissingFields).toLowerCase(),
  password: z
    .string({ required_error: messages.loginMissingFields, invalid_type_error: messages.loginMissingFields })
    .min(1, messages.loginMissingFields),
});
export type LoginInput = z.infer<typeof loginInput>;

export const passwordRule = z
  .string()
  .min(PASSWORD_MIN_LENGTH, messages.passwordTooShort)
  .refine((value) => utf8Length(value) <= PASSWORD_MAX_BYTES, messages.passwordTooLong);

export const adminInput = z.object({
  name: requiredText(messages.fillInAllFields).max(100, "The name must be at most 100 characters long"),
  email: requiredText(messages.fillInAllFields).pipe(
    z.string().toLowerCase().email(messages.invalidEmail).max(254, messages.invalidEmail),
  ),
  password: z
    .string({ required_error: messages.fillInAllFields, invalid_type_error: messages.fillInAllFields })
    .min(1, messages.fillInAllFields)
    .pipe(passwordRule),
});
export type AdminInput = z.infer<typeof adminInput>;

/** Editing an admin: the same rules, but a blank password keeps the current one. */
export const adminUpdateInput = adminInput.extend({
  password: z
    .string({ invalid_type_error: messages.fillInAllFields })
    .optional()
    .transform((value) => value || undefined)
    .pipe(passwordRule.optional()),
});
export type AdminUpdateInput = z.infer<typeof adminUpdateInput>;

/** Limits of a contact message: name, email and message, all required (docs/behaviour.md#contact-form). */

export const contactMessageInput = z.object({
  name: requiredText(messages.contactNameRequired).max(CONTACT_LIMITS.name, messages.contactNameTooLong),
  email: requiredText(messages.contactEmailRequired).pipe(
    z.string().email(messages.invalidEmail).max(CONTACT_LIMITS.email, messages.invalidEmail),
  ),
  message: requiredText(messages.contactMessageRequired).max(CONTACT_LIMITS.message, messages.contactMessageTooLong),
});
export type ContactMessageInput = z.infer<typeof contactMessageInput>;

/** Field errors in the API's shape `{ field: [messages] }`, and the first message overall. */
export function fieldErrors(error: z.ZodError): { message: string; errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join(".") || "form";
    (errors[field] ??= []).includes(issue.message) || errors[field].push(issue.message);
  }
  return { message: error.issues[0]?.message ?? "The given data was invalid.", errors };
}

/** The case study's required text fields, named in lowercase words in their messages (docs/behaviour.md#validation). */
export const caseStudyRequiredFields = {
  title: "title",
  client: "client",
  industry: "industry",
  project_insight: "project insight",
} as const;

export const outcomeInput = z.object({
  label: z.string({ invalid_type_error: messages.fillInOutcomes }).trim().default(""),
  value: z.string({ invalid_type_error: messages.fillInOutcomes }).trim().default(""),
});

/** One technology's name (after trimming), and how many a case study may list. */
export const technologyName = z.string().max(60);
export const MAX_TECHNOLOGIES = 30;

/** Technologies arrive as one comma-separated string (the form) or as a list (the API): split and trimmed. */
const technologiesInput = z
  .union([z.string(), z.array(z.string())], { invalid_type_error: "Technologies must be text" })
  .default([])
  .transform((value) =>
    (Array.isArray(value) ? value : [value])
      .flatMap((item) => item.split(","))
      .map((item) => item.trim())
      .filter(Boolean),
  );

/**
 * The status, optional: absent (or empty) keeps the current one on update and means published on create
 * (so the API's existing clients, which never send one, keep creating published entries).
 */
export const caseStudyStatusInput = z.preprocess(
  (value) => (value === "" || value === null ? undefined : value),
  z.enum(CASE_STUDY_STATUSES, { errorMap: () => ({ message: messages.caseStudyStatusInvalid }) }).optional(),
);

/**
 * The image's alt text, optional: trimmed, at most IMAGE_ALT_MAX_LENGTH characters; empty or null means none
 * (null in the output), absent (undefined) keeps the current one on update, as an API client that does not
 * know the field would expect.
 */
export const imageAltInput = z
  .string({ invalid_type_error: messages.imageAltInvalid })
  .trim()
  .max(IMAGE_ALT_MAX_LENGTH, messages.imageAltTooLong(IMAGE_ALT_MAX_LENGTH))
  .nullable()
  .optional()
  .transform((value) => (value === undefined ? undefined : value || null));

export const caseStudyInput = z.object({
  title: requiredText(messages.fillInField(caseStudyRequiredFields.title)).max(200, "The title must be at most 200 characters long"),
  client: requiredText(messages.fillInField(caseStudyRequiredFields.client)).max(200, "The client must be at most 200 characters long"),
  industry: requiredText(messages.fillInField(caseStudyRequiredFields.industry)).max(100, "The industry must be at most 100 characters long"),
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

/** The API's multipart names of single technologies: technologies[0], technologies[1]... (or technologies[]). */
export const technologyFieldName = /^technologies\[\d*\]$/;

const isFile = (value: unknown): value is File => typeof File !== "undefined" && value instanceof File;

/** An uploaded image: browsers send an empty file part when none was chosen, which is no image. */
const imageFile = (schema: z.ZodTypeAny) => z.preprocess((value) => (isFile(value) && value.size > 0 ? value : undefined), schema);

/** A new case study with its image, as the dashboard's form and the API submit it. */
export const caseStudyCreateInput = caseStudyInput.extend({
  image: imageFile(z.custom<File>(isFile, { message: messages.imageRequired })) as z.ZodType<File, z.ZodTypeDef, unknown>,
});

/** An edited case study: without an image the current one stays. */
export const caseStudyUpdateInput = caseStudyInput.extend({
  image: imageFile(z.custom<File>(isFile).optional()) as z.ZodType<File | undefined, z.ZodTypeDef, unknown>,
});

/** The dashboard's settings form. The number is only formatted, never refused, unless it has no digits (docs/behaviour.md#validation). */
export const settingsInput = z.object({
  whatsappNumber: z
    .string({ invalid_type_error: messages.whatsappNumberRequired })
    .refine((value) => /\d/.test(value), messages.whatsappNumberRequired),
  contactEmail: requiredText(messages.contactEmailSettingRequired).pipe(z.string().toLowerCase().email(messages.invalidEmail)),
});

/**
 * The extra addresses that get an email for every new message, besides the contact email
 * (docs/operations.md#email-notifications): one text field with addresses separated by commas, semicolons,
 * spaces or line breaks (or a list of them). Each must be a valid address; lowercased, each kept once, at most
 * MAX_NOTIFICATION_EMAILS. Blank (or missing) is none.
 */
const anEmail = z.string().email().max(CONTACT_LIMITS.email);
export const notificationEmailsInput = z
  .union([z.string(), z.array(z.string())], { errorMap: () => ({ message: messages.notificationEmailsUnreadable }) })
  .optional()
  .transform((value) =>
    (Array.isArray(value) ? value : [value ?? ""])
      .flatMap((item) => item.split(/[\s,;]+/))
      .filter(Boolean),
  )
  .superRefine((addresses, ctx) => {
    for (const address of addresses) {
      if (!anEmail.safeParse(address).success) ctx.addIssue({ code: z.ZodIssueCode.custom, message: messages.notificationEmailInvalid(address.slice(0, 60)) });
    }
  })
  .transform((addresses) => [...new Set(addresses.map((address) => address.toLowerCase()))])
  .refine((addresses) => addresses.length <= MAX_NOTIFICATION_EMAILS, messages.notificationEmailsTooMany(MAX_NOTIFICATION_EMAILS));

/**
 * The whole settings form (docs/behaviour.md#settings): the contact number and email the public site shows,
 * and the extra addresses for new messages (errors keyed `notificationEmails`). Checked whole, so a refusal
 * of either part saves neither. Absent addresses stay undefined: a client that does not know the field keeps them.
 */
export const settingsFormInput = settingsInput.extend({ notificationEmails: notificationEmailsInput.optional() });
export type SettingsFormInput = z.infer<typeof settingsFormInput>;

/** Server validation errors, flattened and joined by commas (each message once). */
export function joinErrors(errors: Record<string, string[] | null> | undefined, fallback = ""): string {
  return [...new Set(Object.values(errors ?? {}).flatMap((list) => list ?? []))].join(", ") || fallback;
}
