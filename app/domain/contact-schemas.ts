import { z } from "zod";
import { CONTACT_FIELD_LIMITS, CONTACT_LIMITS } from "./constants";
import { requiredText } from "./field-rules";
import { messages } from "./messages";

/** The contact form's fields, checked the same in the browser and in the action. */
const contactMessageInput = z.object({
  name: requiredText(messages.contactNameRequired).max(CONTACT_LIMITS.name, messages.contactNameTooLong),
  email: requiredText(messages.contactEmailRequired).pipe(
    z.string().email(messages.invalidEmail).max(CONTACT_LIMITS.email, messages.invalidEmail),
  ),
  message: requiredText(messages.contactMessageRequired).max(CONTACT_LIMITS.message, messages.contactMessageTooLong),
});
export type ContactMessageInput = z.infer<typeof contactMessageInput>;

/** The optional fields a studio turns on in Settings (docs/behaviour.md#optional-contact-fields); all off by default. */
export type ContactFields = { company: boolean; budget: boolean; budgetRanges: string[]; timeline: boolean; phone: boolean };
export const NO_CONTACT_FIELDS: ContactFields = { company: false, budget: false, budgetRanges: [], timeline: false, phone: false };
export const CONTACT_FIELD_NAMES = ["company", "budget", "timeline", "phone"] as const;
export type ContactFieldValues = Partial<Record<(typeof CONTACT_FIELD_NAMES)[number], string>>;

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined);

// In the browser: digits with the usual separators, at least 7. The action checks it against libphonenumber's rules
// (app/domain/phone.ts), which the public pages do not load.
const looksLikePhone = (value: string) => /^\+?[\d\s().-]+$/.test(value) && value.replace(/\D/g, "").length >= 7;

/** A field turned off: whatever is sent for it is not kept. */
const dropped = z.unknown().transform((): string | undefined => undefined);

/**
 * The contact form with the fields a studio turned on, each optional for the visitor; fields turned off are dropped.
 * `dialable` lays a phone number out, or refuses it (undefined): the server's check.
 */
export function contactMessageInputWith(fields: ContactFields, dialable?: (raw: string) => string | undefined) {
  const company = optionalText.pipe(z.string().max(CONTACT_FIELD_LIMITS.company, messages.contactCompanyTooLong).optional());
  const budget = optionalText.refine((value) => value === undefined || fields.budgetRanges.includes(value), messages.contactBudgetUnknown);
  const timeline = optionalText.pipe(z.string().max(CONTACT_FIELD_LIMITS.timeline, messages.contactTimelineTooLong).optional());
  const phone = optionalText.transform((value, ctx) => {
    if (value === undefined) return undefined;
    const laidOut = value.length <= CONTACT_FIELD_LIMITS.phone && looksLikePhone(value) ? (dialable ? dialable(value) : value) : undefined;
    if (laidOut === undefined) ctx.addIssue({ code: z.ZodIssueCode.custom, message: messages.contactPhoneInvalid });
    return laidOut ?? z.NEVER;
  });
  return contactMessageInput.extend({
    company: fields.company ? company : dropped,
    budget: fields.budget ? budget : dropped,
    timeline: fields.timeline ? timeline : dropped,
    phone: fields.phone ? phone : dropped,
  });
}
