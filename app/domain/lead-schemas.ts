import { requiredText } from "./field-rules";
import { LEAD_NOTE_MAX, LEAD_REPLY_MAX, LEAD_REPLY_SUBJECT_MAX, LEAD_STATUSES } from "./leads";
import { messages } from "./messages";
import { OBJECT_ID } from "./shared";
import { z } from "./zod-openapi";

// The leads API's input (docs/api.md#leads): the list's filters, a change, a note and a reply. The filters' `.openapi` texts are
// the document's parameters.

const leadStatus = z.enum(LEAD_STATUSES, { errorMap: () => ({ message: messages.apiLeadStatusInvalid }) });

/** A calendar day written YYYY-MM-DD (2026-02-30 is not one). */
function isDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}
const day = z.string().refine(isDay, messages.auditDateInvalid);

/** `owner`: an admin's id, `me` or `none`. */
export const OWNER_ME = "me";
export const OWNER_NONE = "none";

export const leadListFilters = z.object({
  status: leadStatus.optional().openapi({ param: { description: "Only the leads of this status; without it, every lead but spam." } }),
  owner: z
    .string()
    .refine((value) => value === OWNER_ME || value === OWNER_NONE || OBJECT_ID.test(value), messages.apiLeadOwnerFilterInvalid)
    .optional()
    .openapi({ param: { description: "Only the leads of this admin (their id), `me` (the caller's) or `none` (nobody's)." } }),
  q: z
    .string()
    .optional()
    .openapi({
      param: {
        description: "Only the leads whose name, email or message holds these words (case-insensitive, taken literally; 200 characters).",
      },
    }),
  from: day.optional().openapi({ param: { description: "Only the leads received from this day on (YYYY-MM-DD, UTC)." } }),
  to: day
    .optional()
    .openapi({ param: { description: "Only the leads received up to this day, included (YYYY-MM-DD, UTC; not before `from`)." } }),
});

type Read = { ok: true; value: z.infer<typeof leadListFilters> } | { ok: false; errors: Record<string, string[]> };

/** The filters of an address (the first of each name; a blank one is none). */
export function readLeadListFilters(params: URLSearchParams): Read {
  const given = Object.fromEntries(
    Object.keys(leadListFilters.shape).flatMap((name) => {
      const value = params.get(name)?.trim();
      return value ? [[name, value]] : [];
    }),
  );
  const parsed = leadListFilters.safeParse(given);
  const errors: Record<string, string[]> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) (errors[String(issue.path[0] ?? "")] ??= []).push(issue.message);
  else if (parsed.data.from && parsed.data.to && parsed.data.from > parsed.data.to) errors.to = [messages.auditRangeInvalid];
  return parsed.success && !Object.keys(errors).length ? { ok: true, value: parsed.data } : { ok: false, errors };
}

/** PATCH /api/leads/{id}: a status, an owner (an admin's id, or null for nobody; empty in a form), or both. */
export const leadChanges = z
  .object({
    status: leadStatus.optional().openapi({ description: "The new status; the first move out of `new` sets first_response_at." }),
    owner_id: z
      .preprocess(
        (value) => (value === "" ? null : value),
        z.string({ invalid_type_error: messages.leadOwnerUnknown }).regex(OBJECT_ID, messages.leadOwnerUnknown).nullable().optional(),
      )
      .openapi({ description: "The new owner: an admin's id, or null for nobody (in a form, empty)." }),
  })
  .refine((input) => input.status !== undefined || input.owner_id !== undefined, messages.apiLeadChangesEmpty);

export const leadNoteInput = z.object({
  text: requiredText(messages.leadNoteRequired)
    .max(LEAD_NOTE_MAX, messages.leadNoteTooLong(LEAD_NOTE_MAX))
    .openapi({ description: "The note (trimmed)." }),
});

/** POST /api/leads/{id}/replies: the lead page's form, whose subject is prefilled; left out or blank, it is that one. */
export const leadReplyInput = z.object({
  subject: z
    .preprocess(
      (value) => (typeof value === "string" && !value.trim() ? undefined : value),
      z
        .string({ invalid_type_error: messages.leadReplySubjectRequired })
        .trim()
        .max(LEAD_REPLY_SUBJECT_MAX, messages.leadReplySubjectTooLong(LEAD_REPLY_SUBJECT_MAX))
        .optional(),
    )
    .openapi({ description: 'The subject (trimmed); left out or blank, the lead page\'s: "Re: your message to <studio name>".' }),
  body: requiredText(messages.leadReplyRequired)
    .max(LEAD_REPLY_MAX, messages.leadReplyTooLong(LEAD_REPLY_MAX))
    .openapi({ description: "The text (trimmed), mailed as written; the lead page's draft quotes the lead's message, this does not." }),
});
