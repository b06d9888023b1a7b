import { z } from "zod";
import { AUTO_REPLY_LIMITS, CONTACT_FIELD_LIMITS, CONTACT_LIMITS, MAX_NOTIFICATION_EMAILS } from "./constants";
import { messages } from "./messages";
import { dialableWhatsAppNumber } from "./phone";
import { requiredText } from "./field-rules";
import { LEAD_WAIT_HOURS } from "./leads";
import { isTimeZone } from "./time-zone";

// Apart from schemas.ts so that libphonenumber-js reaches only the settings page's bundle, not the public forms'.

/** Laid out for saving, or refused when no one could dial it (docs/decisions/0015-phone-numbers-any-country.md). */
const settingsInput = z.object({
  whatsappNumber: z
    .string({ invalid_type_error: messages.whatsappNumberRequired })
    .refine((value) => /\d/.test(value), messages.whatsappNumberRequired)
    .transform((value, ctx) => {
      const number = dialableWhatsAppNumber(value);
      if (number === undefined) ctx.addIssue({ code: z.ZodIssueCode.custom, message: messages.whatsappNumberUndialable });
      return number ?? z.NEVER;
    }),
  contactEmail: requiredText(messages.contactEmailSettingRequired).pipe(z.string().toLowerCase().email(messages.invalidEmail)),
});

/** Separated by commas, semicolons, spaces or line breaks (or a list); lowercased, each once; blank is none. */
const anEmail = z.string().email().max(CONTACT_LIMITS.email);
export const notificationEmailsInput = z
  .union([z.string(), z.array(z.string())], { errorMap: () => ({ message: messages.notificationEmailsUnreadable }) })
  .optional()
  .transform((value) => (Array.isArray(value) ? value : [value ?? ""]).flatMap((item) => item.split(/[\s,;]+/)).filter(Boolean))
  .superRefine((addresses, ctx) => {
    for (const address of addresses) {
      if (!anEmail.safeParse(address).success)
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: messages.notificationEmailInvalid(address.slice(0, 60)) });
    }
  })
  .transform((addresses) => [...new Set(addresses.map((address) => address.toLowerCase()))])
  .refine((addresses) => addresses.length <= MAX_NOTIFICATION_EMAILS, messages.notificationEmailsTooMany(MAX_NOTIFICATION_EMAILS));

/** A checkbox after a hidden "false" (several values: the last counts); absent (an older form) keeps the setting. */
const checkboxInput = (invalid: string) =>
  z.preprocess(
    (value) => {
      const last = Array.isArray(value) ? value.at(-1) : value;
      return last === "on" || last === "true" ? true : last === "false" || last === "" ? false : last;
    },
    z.boolean({ invalid_type_error: invalid }).optional(),
  );

/** One range a line, blank lines dropped, each once; absent (an older form) keeps the stored ones. */
const budgetRangesInput = z
  .string()
  .optional()
  .transform((value) =>
    value === undefined
      ? undefined
      : [
          ...new Set(
            value
              .split(/\r?\n/)
              .map((line) => line.trim())
              .filter(Boolean),
          ),
        ],
  )
  .refine(
    (ranges) => !ranges || ranges.length <= CONTACT_FIELD_LIMITS.budgetRanges,
    messages.budgetRangesTooMany(CONTACT_FIELD_LIMITS.budgetRanges),
  )
  .refine(
    (ranges) => !ranges || ranges.every((range) => range.length <= CONTACT_FIELD_LIMITS.budgetRange),
    messages.budgetRangeTooLong(CONTACT_FIELD_LIMITS.budgetRange),
  );

/** Checked whole, so a refusal of either part saves neither; absent addresses stay undefined, so they are kept. */
export const settingsFormInput = settingsInput
  .extend({
    notificationEmails: notificationEmailsInput.optional(),
    requireTwoFactor: checkboxInput(messages.requireTwoFactorInvalid),
    recordPagesViewed: checkboxInput(messages.recordPagesViewedInvalid),
    // The contact form's optional fields (docs/behaviour.md#optional-contact-fields).
    askCompany: checkboxInput(messages.contactFieldSettingInvalid),
    askBudget: checkboxInput(messages.contactFieldSettingInvalid),
    budgetRanges: budgetRangesInput,
    askTimeline: checkboxInput(messages.contactFieldSettingInvalid),
    askPhone: checkboxInput(messages.contactFieldSettingInvalid),
    // Absent (an older form, or left blank) keeps the setting.
    leadWaitHours: z.coerce
      .number({ invalid_type_error: messages.leadWaitHoursInvalid(LEAD_WAIT_HOURS.min, LEAD_WAIT_HOURS.max) })
      .int(messages.leadWaitHoursInvalid(LEAD_WAIT_HOURS.min, LEAD_WAIT_HOURS.max))
      .min(LEAD_WAIT_HOURS.min, messages.leadWaitHoursInvalid(LEAD_WAIT_HOURS.min, LEAD_WAIT_HOURS.max))
      .max(LEAD_WAIT_HOURS.max, messages.leadWaitHoursInvalid(LEAD_WAIT_HOURS.min, LEAD_WAIT_HOURS.max))
      .optional(),
    // docs/behaviour.md#time-zone: an IANA name the runtime knows, or UTC. Absent (an older form) keeps the setting.
    timeZone: z.string({ invalid_type_error: messages.timeZoneInvalid }).refine(isTimeZone, messages.timeZoneInvalid).optional(),
    // docs/behaviour.md#autoresponder. Turned on, both are required; off, absent keeps the stored ones.
    autoReply: checkboxInput(messages.autoReplySettingInvalid),
    autoReplySubject: z
      .string()
      .optional()
      .transform((value) => value?.replace(/\s+/g, " ").trim())
      .refine((value) => !value || value.length <= AUTO_REPLY_LIMITS.subject, messages.autoReplySubjectTooLong(AUTO_REPLY_LIMITS.subject)),
    autoReplyText: z
      .string()
      .optional()
      .transform((value) => value?.replace(/\r\n?/g, "\n").trim())
      .refine((value) => !value || value.length <= AUTO_REPLY_LIMITS.text, messages.autoReplyTextTooLong(AUTO_REPLY_LIMITS.text)),
  })
  .refine((input) => !input.autoReply || Boolean(input.autoReplySubject), {
    message: messages.autoReplySubjectRequired,
    path: ["autoReplySubject"],
  })
  .refine((input) => !input.autoReply || Boolean(input.autoReplyText), {
    message: messages.autoReplyTextRequired,
    path: ["autoReplyText"],
  })
  .refine((input) => !input.askBudget || input.budgetRanges === undefined || input.budgetRanges.length > 0, {
    message: messages.budgetRangesRequired,
    path: ["budgetRanges"],
  });
export type SettingsFormInput = z.infer<typeof settingsFormInput>;
