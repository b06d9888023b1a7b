import { industrySlug, looksLikeId, SLUG_MAX_LENGTH, slugWords } from "./shared";
import { CASE_STUDY_STATUSES } from "./case-study-status";
import { caseStudyStoryFields, caseStudyStoryUploads } from "./case-study-story-schemas";
import {
  CONTACT_LIMITS,
  IMAGE_ALT_MAX_LENGTH,
  INDUSTRY_NAME_MAX_LENGTH,
  MAX_CASE_STUDY_SERVICES,
  MAX_INDUSTRIES,
  OUTCOMES_PER_CASE_STUDY,
  PASSWORD_MAX_BYTES,
  PASSWORD_MIN_LENGTH,
  SCHEDULE_INTERVAL_MS,
} from "./constants";
import { EMAIL_PATTERN, requiredText } from "./field-rules";
import { messages } from "./messages";
import { DEFAULT_ROLE, ROLES } from "./permissions";
import { DEFAULT_TIME_ZONE, wallTimeToDate } from "./time-zone";
import { MAX_BYTES_KEYWORD, z } from "./zod-openapi";

// Shared by the form actions, the API and the scripts; safe for the browser: no server imports. zod-to-openapi describes
// a `.pipe()` or a transform by its input side, so what the output side checks is stated with `.openapi()` beside it.

const utf8Length = (value: string) => new TextEncoder().encode(value).length;

/** A two-factor code as typed: 6 digits from the app, or a recovery code (docs/behaviour.md#two-factor-sign-in). */
const typedCode = z.string({ invalid_type_error: messages.twoFactorCodeInvalid }).trim().max(64, messages.twoFactorCodeInvalid);

export const loginInput = z.object({
  email: requiredText(messages.loginMissingFields).toLowerCase().openapi({ description: "Compared in lowercase." }),
  password: z
    .string({ required_error: messages.loginMissingFields, invalid_type_error: messages.loginMissingFields })
    .min(1, messages.loginMissingFields),
  // The API's one-request sign-in; the form asks for the code in a second step.
  code: typedCode
    .optional()
    .transform((code) => code || undefined)
    .openapi({
      description:
        "For an admin with two-factor sign-in on: the 6-digit code the authenticator app shows, or one of the admin's recovery codes (spaces and dashes are ignored). Each is accepted once.",
    }),
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

/** JSON Schema counts characters (code points): the byte limit is a maxLength every allowed password meets, plus the bytes. */
const passwordDocs = { minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_BYTES, [MAX_BYTES_KEYWORD]: PASSWORD_MAX_BYTES };

/** An account's email, lowercased; a blank one gets `blank` only. */
const accountEmail = (blank: string) =>
  requiredText(blank)
    .pipe(z.string().toLowerCase().regex(EMAIL_PATTERN, messages.invalidEmail).max(CONTACT_LIMITS.email, messages.invalidEmail))
    .openapi({ format: "email", pattern: EMAIL_PATTERN.source, maxLength: CONTACT_LIMITS.email });

const accountPassword = (blank: string) =>
  z.string({ required_error: blank, invalid_type_error: blank }).min(1, blank).pipe(passwordRule).openapi(passwordDocs);

export const adminInput = z.object({
  name: requiredText(messages.fillInAllFields).max(100, "The name must be at most 100 characters long"),
  email: accountEmail(messages.fillInAllFields).openapi({ description: "Stored in lowercase; must not belong to another admin." }),
  password: accountPassword(messages.fillInAllFields).openapi({
    description: `At least ${PASSWORD_MIN_LENGTH} characters and at most ${PASSWORD_MAX_BYTES} bytes.`,
  }),
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

/** A role as a form or the API sends it: absent or empty is the default (an Admin), anything unknown is refused. */
const roleField = z
  .enum(ROLES, { errorMap: () => ({ message: messages.roleInvalid }) })
  .optional()
  .or(z.literal("").transform(() => undefined))
  .transform((role) => role ?? DEFAULT_ROLE)
  .openapi({ type: "string", enum: [...ROLES], default: DEFAULT_ROLE, description: "What the admin may do (docs/security.md#roles)." });

/** The API's new admin: the Add Admin form's fields and an optional role; the form itself always makes an Admin. */
export const adminApiInput = adminInput.extend({ role: roleField });

/** An invitation: the Add Admin form's name and email, with their rules, no password (the invitee chooses it), and a role. */
export const invitationInput = adminInput.pick({ name: true }).extend({
  email: adminInput.shape.email.openapi({ description: "Stored in lowercase; must belong to no admin and to no pending invitation." }),
  role: roleField,
});

/** A role change (the Users screen, `PATCH /api/admins/{id}`). */
export const roleChangeInput = z.object({
  role: z.enum(ROLES, { errorMap: () => ({ message: messages.roleInvalid }) }).openapi({ description: "The admin's new role." }),
});
export type InvitationInput = z.infer<typeof invitationInput>;

/** The one field of an invitation's and a password reset's page. */
export const newPasswordInput = z.object({ password: accountPassword(messages.passwordRequired) });

export const passwordResetRequestInput = z.object({ email: accountEmail(messages.emailRequired) });

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

/** What a case study holds that publishing needs, in the spec's order; `image_url` empty: no image yet. */
export type PublishableCaseStudy = {
  title: string;
  client: string;
  industry: string;
  project_insight: string;
  outcomes: ReadonlyArray<{ label: string; value: string }>;
  image_url: string;
};

/**
 * docs/behaviour.md#drafts: a draft needs only its title; going public (published, or a publish time set) needs every
 * field the spec requires. Each missing field with the spec's message, in its order. The one rule for both doors:
 * the schemas check what is sent, the domain the entry as it would be stored.
 */
export function missingForPublishing(study: PublishableCaseStudy): { field: string; message: string }[] {
  const outcomesFilled =
    study.outcomes.length === OUTCOMES_PER_CASE_STUDY && study.outcomes.every((outcome) => outcome.label.trim() && outcome.value.trim());
  return [
    ...(["title", "client", "industry", "project_insight"] as const).filter((field) => !study[field].trim()),
    ...(outcomesFilled ? [] : ["outcomes"]),
    ...(study.image_url ? [] : ["image"]),
  ].map((field) => ({ field, message: publishingMessage(field) }));
}

/** The message for a field publishing needs (a refusal names the field). */
export function publishingMessage(field: string): string {
  if (field === "outcomes") return messages.fillInOutcomes;
  if (field === "image") return messages.imageRequired;
  return messages.fillInField(caseStudyRequiredFields[field as keyof typeof caseStudyRequiredFields] ?? field);
}

/** A field publishing needs and a draft may leave empty: absent is empty. */
const draftText = (field: keyof typeof caseStudyRequiredFields, max: number, tooLong: string) =>
  z
    .string({ invalid_type_error: messages.fillInField(caseStudyRequiredFields[field]) })
    .trim()
    .max(max, tooLong)
    .default("")
    .openapi({ description: `Required unless \`status\` is draft: '${messages.fillInField(caseStudyRequiredFields[field])}'.` });

// A missing label or value counts as empty, which publishing refuses: both are required then.
export const outcomeInput = z
  .object({
    label: z.string({ invalid_type_error: messages.fillInOutcomes }).trim().default("").openapi({ minLength: 1 }),
    value: z.string({ invalid_type_error: messages.fillInOutcomes }).trim().default("").openapi({ minLength: 1 }),
  })
  .openapi({ required: ["label", "value"] });

const TECHNOLOGY_NAME_MAX_LENGTH = 60;
export const technologyName = z.string().max(TECHNOLOGY_NAME_MAX_LENGTH);
const MAX_TECHNOLOGIES = 30;

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
 * A publish or unpublish time: ISO 8601 with a zone (the API), or a time without one, read in `zone`: the studio's
 * for the editor's `datetime-local` fields (docs/behaviour.md#time-zone), UTC for the API. Empty or null clears it;
 * absent keeps it on update. Only a future time is taken.
 */
const scheduleTimeIn = (zone: string) =>
  z
    .union([z.string(), z.null()], { errorMap: () => ({ message: messages.scheduleTimeInvalid }) })
    .optional()
    .transform((value, context) => {
      if (value === undefined) return undefined;
      const text = value?.trim() ?? "";
      if (!text) return null;
      const time = WALL_TIME.test(text) ? wallTimeToDate(text, zone) : ZONED_TIME.test(text) ? new Date(text) : null;
      if (!time || Number.isNaN(time.getTime())) {
        context.addIssue({ code: z.ZodIssueCode.custom, message: messages.scheduleTimeInvalid });
        return z.NEVER;
      }
      if (time.getTime() <= Date.now()) {
        context.addIssue({ code: z.ZodIssueCode.custom, message: messages.scheduleTimePast });
        return z.NEVER;
      }
      return time;
    })
    .openapi({ anyOf: [{ type: "string", format: "date-time" }, { type: "string", enum: [""] }, { type: "null" }] });

const scheduleTimeInput = scheduleTimeIn(DEFAULT_TIME_ZONE);

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
/**
 * Service slugs: a list, or one field per slug (a form's checkboxes, with an empty field so that none checked still
 * clears them). Absent keeps them on update. The document states the list (one string is a form's way).
 */
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
  )
  .openapi({ type: "array", items: { type: "string" }, maxItems: MAX_CASE_STUDY_SERVICES });

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

/** A website: http(s), in any case, with no user name or password, and a dot in the host. */
const WEB_URL_PATTERN = /^[Hh][Tt][Tt][Pp][Ss]?:\/\/[^/?#@]*\./;

function isWebUrl(value: string): boolean {
  if (!WEB_URL_PATTERN.test(value)) return false;
  try {
    return new URL(value).hostname.includes(".");
  } catch {
    return false;
  }
}

export const caseStudyInput = z.object({
  // Absent reads as empty, so a refused title does not stop the other fields' checks (publishing's among them).
  title: z.preprocess(
    (value) => value ?? "",
    requiredText(messages.fillInField(caseStudyRequiredFields.title)).max(200, "The title must be at most 200 characters long"),
  ),
  client: draftText("client", 200, "The client must be at most 200 characters long"),
  // The industries list's name rules, since a new name joins it (docs/behaviour.md#services-and-industries); a blank one gets one message.
  industry: draftText("industry", INDUSTRY_NAME_MAX_LENGTH, messages.industryNameTooLong(INDUSTRY_NAME_MAX_LENGTH))
    .refine((name) => name === "" || industrySlug(name) !== "", messages.industryNameInvalid)
    .openapi({
      description: `Any name, as the original API took it: a listed industry (GET /api/industries) in any case, or with the same slug, is stored in the list's spelling; another name joins the list, last, when the case study is saved. At least one letter or digit; a list of ${MAX_INDUSTRIES} takes no new name (422). Required unless \`status\` is draft.`,
    }),
  project_insight: draftText("project_insight", 5000, "The project insight must be at most 5000 characters long"),
  technologies: technologiesInput
    .pipe(z.array(technologyName).max(MAX_TECHNOLOGIES, `List at most ${MAX_TECHNOLOGIES} technologies`))
    .openapi({
      anyOf: [
        { type: "string" },
        { type: "array", items: { type: "string", maxLength: TECHNOLOGY_NAME_MAX_LENGTH }, maxItems: MAX_TECHNOLOGIES },
      ],
      description: "A list, or one comma-separated string; blanks are dropped.",
    }),
  // A draft keeps its rows as typed, blanks included; publishing needs all of them filled.
  outcomes: z
    .array(outcomeInput, { invalid_type_error: messages.fillInOutcomes })
    .max(OUTCOMES_PER_CASE_STUDY, messages.fillInOutcomes)
    .default([])
    .openapi({
      description: `Exactly ${OUTCOMES_PER_CASE_STUDY}, each with a label and a value (a draft may have fewer, or blanks: '${messages.fillInOutcomes}' when publishing).`,
    }),
  website_url: z
    .string({ invalid_type_error: messages.invalidWebsiteUrl })
    .trim()
    .optional()
    .nullable()
    .transform((value) => value || null)
    .refine((value) => value === null || isWebUrl(value), messages.invalidWebsiteUrl)
    .openapi({
      anyOf: [{ type: "string", format: "uri", pattern: WEB_URL_PATTERN.source }, { type: "string", enum: [""] }, { type: "null" }],
      description: "An http(s) address; empty or null for none.",
    }),
  // null is taken as left out, which alone is no change: the document offers the statuses only.
  status: caseStudyStatusInput.openapi({
    type: "string",
    enum: [...CASE_STUDY_STATUSES],
    description: "`draft` (seen by admins only) or `published`. Left out: published when creating, unchanged when updating.",
  }),
  image_alt: imageAltInput.openapi({
    description: `The image's alt text (trimmed, at most ${IMAGE_ALT_MAX_LENGTH} characters); empty or null for none (pages then use the title). Left out: none when creating, unchanged when updating.`,
  }),
  publish_at: scheduleTimeInput.openapi({
    description: `When a draft goes live (ISO 8601 with a zone; a time without one is UTC), within ${SCHEDULE_INTERVAL_MS / 1000} s of it; must be in the future. Empty or null: none. Left out: unchanged, except that publishing now drops a pending one. With \`status\` published: 422 '${messages.publishAtNeedsDraft}'.`,
  }),
  unpublish_at: scheduleTimeInput.openapi({
    description: `When the entry goes back to draft, within ${SCHEDULE_INTERVAL_MS / 1000} s of it; in the future, and after publish_at when both are set (else 422 '${messages.unpublishBeforePublish}'). Empty or null: none. Left out: unchanged.`,
  }),
  slug: caseStudySlugInput.openapi({
    description: `The web address, /case-studies/{slug}: cleaned like a title (lowercase ASCII words and hyphens, accents folded), at most ${SLUG_MAX_LENGTH} characters, never 24 hexadecimal characters (an id's shape). Another entry's current or former slug is 422 '${messages.caseStudySlugTaken}'. Empty or null: made from the title (with -2, -3… when taken). Left out: made from the title when creating, unchanged when updating. The old slug of a changed one answers 301 to the new.`,
  }),
  services: servicesInput.openapi({
    description: `Slugs of the site's services (the services content part), at most ${MAX_CASE_STUDY_SERVICES}; an unknown one is 422. An empty list clears them; left out: none when creating, unchanged when updating. A service later removed from the content stays listed here but no longer matches the filters.`,
  }),
  featured: featuredInput.openapi({
    description:
      "Shown first on the home page's latest work, in featured_order. Left out: not featured when creating, unchanged when updating.",
  }),
  featured_order: featuredOrderInput.openapi({
    description:
      "The place among featured entries, lowest first (ties: newest first). Left out or null when featuring: after the others (or the place it had). Cleared when featured is false.",
  }),
  ...caseStudyStoryFields,
});
export type CaseStudyInput = z.infer<typeof caseStudyInput>;

export const technologyFieldName = /^technologies\[\d*\]$/;
export const serviceFieldName = /^services\[\d*\]$/;

const isFile = (value: unknown): value is File => typeof File !== "undefined" && value instanceof File;

/** An uploaded image: browsers send an empty file part when none was chosen, which is no image. */
const imageFile = (schema: z.ZodTypeAny) => z.preprocess((value) => (isFile(value) && value.size > 0 ? value : undefined), schema);

const optionalImage = imageFile(z.custom<File>(isFile).optional()) as z.ZodType<File | undefined, z.ZodTypeDef, unknown>;

type SentCaseStudy = Omit<PublishableCaseStudy, "image_url"> & { status?: string; publish_at?: Date | null; image?: File };

/**
 * What is sent to go public is checked as the spec says, each missing field at its place. `creating`: an absent status
 * is published and the image is the only one; on an update the domain checks what the sent fields leave out.
 */
const publishingNeedsAll =
  ({ creating }: { creating: boolean }) =>
  (sent: SentCaseStudy, ctx: z.RefinementCtx) => {
    const goesPublic = sent.status === "published" || (creating && sent.status === undefined) || sent.publish_at instanceof Date;
    if (!goesPublic) return;
    for (const { field, message } of missingForPublishing({ ...sent, image_url: sent.image || !creating ? "sent" : "" }))
      if (field !== "title") ctx.addIssue({ code: "custom", path: [field], message });
  };

const caseStudyWithUploads = caseStudyInput.extend({ image: optionalImage, ...caseStudyStoryUploads });

/** A new entry: a draft needs a title only; published, the spec's fields and an image. */
export const caseStudyCreateInput = caseStudyWithUploads.superRefine(publishingNeedsAll({ creating: true }));

export const caseStudyUpdateInput = caseStudyWithUploads.superRefine(publishingNeedsAll({ creating: false }));

/** The editor's schemas: its `datetime-local` schedule fields are wall times in the studio's `zone`. */
export function caseStudyFormSchemas(zone: string) {
  const zoned = caseStudyWithUploads.extend({ publish_at: scheduleTimeIn(zone), unpublish_at: scheduleTimeIn(zone) });
  return {
    create: zoned.superRefine(publishingNeedsAll({ creating: true })),
    update: zoned.superRefine(publishingNeedsAll({ creating: false })),
  };
}

/** Only the fields sent are checked and changed, with the same rules; an empty change is refused rather than answered as a save. */
export const caseStudyPatchInput = caseStudyInput
  .partial()
  .extend({ image: optionalImage, ...caseStudyStoryUploads })
  .refine((input) => Object.values(input).some((value) => value !== undefined), messages.caseStudyPatchEmpty);
export type CaseStudyChanges = Partial<CaseStudyInput>;
