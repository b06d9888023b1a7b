import type { LeadRecord } from "./contact-messages.server";
import { LEAD_REPLY_STATES, LEAD_STATUSES } from "./leads";
import { UTM_FIELDS } from "./lead-source";
import { objectIdText } from "./shapes";
import { z } from "./zod-openapi";

// A lead as the API answers it and the CSV export flattens it (docs/api.md#leads): one mapping, so a field the lead
// gains is added here once.

const at = z.string().datetime();
const text = z.string().nullable();

const author = z
  .object({ id: objectIdText.nullable().openapi({ description: "null once that admin is deleted." }), name: z.string() })
  .strict();

export const leadNoteShape = z
  .object({
    id: objectIdText,
    text: z.string(),
    author: author.openapi({ description: "The admin who wrote it, named as then." }),
    created_at: at,
  })
  .strict();

export const leadReplyShape = z
  .object({
    id: objectIdText,
    subject: z.string(),
    body: z.string().openapi({ description: "The text as mailed." }),
    state: z.enum(LEAD_REPLY_STATES).openapi({ description: "queued until the outbox sends it (sent) or gives up (failed)." }),
    failure: text.openapi({ description: "Why it failed, or, while queued, why its last attempt did; null otherwise." }),
    author: author.openapi({ description: "The admin who wrote it (the mail's Reply-To), named as then." }),
    created_at: at,
    sent_at: at.nullable().openapi({ description: "When the mail server took it; null until then." }),
  })
  .strict();

const utmShape = z
  .object(Object.fromEntries(UTM_FIELDS.map((field) => [field, text])) as Record<(typeof UTM_FIELDS)[number], typeof text>)
  .strict();

export const leadShape = z
  .object({
    id: objectIdText,
    name: z.string(),
    email: z.string(),
    message: z.string(),
    status: z.enum(LEAD_STATUSES),
    owner: z
      .object({ id: objectIdText, name: z.string(), email: z.string() })
      .strict()
      .nullable()
      .openapi({ description: "The admin handling it; null for nobody." }),
    notes: z.array(leadNoteShape).openapi({ description: "Oldest first." }),
    replies: z.array(leadReplyShape).openapi({ description: "The replies to the lead from the dashboard or the API, oldest first." }),
    source: z
      .object({
        landing_page: text.openapi({ description: "The first page of the visit (a path of the site); null when not recorded." }),
        referrer: text.openapi({ description: "The referring site's host; null when none." }),
        utm: utmShape.openapi({ description: "The first page's utm_* values; null when absent." }),
        pages: z
          .array(z.object({ path: z.string(), at }).strict())
          .openapi({ description: "The last pages of the site the visitor opened before writing, oldest first." }),
        service: text.openapi({ description: "The service the visitor wrote about; null when none." }),
        case_study: text.openapi({ description: "The case study the visitor wrote from; null when none." }),
      })
      .strict()
      .openapi({ description: "What brought the lead (docs/behaviour.md#attribution)." }),
    fields: z
      .object({ company: z.string(), budget: z.string(), timeline: z.string(), phone: z.string() })
      .partial()
      .strict()
      .openapi({ description: "The contact form's optional fields the studio turned on, as the visitor filled them." }),
    spam_reason: text.openapi({ description: "Which rule filed it as spam; null otherwise." }),
    first_response_at: at.nullable().openapi({ description: "The first move out of `new` by an admin (or first reply); null until then." }),
    created_at: at,
    updated_at: at,
    read: z.boolean(),
  })
  .strict();

export type LeadJson = z.infer<typeof leadShape>;
export type LeadNoteJson = z.infer<typeof leadNoteShape>;

export function toLeadJson(lead: LeadRecord): LeadJson {
  const source = lead.source;
  return {
    id: lead.id,
    name: lead.name,
    email: lead.email,
    message: lead.message,
    status: lead.status,
    owner: lead.owner,
    notes: lead.notes,
    replies: lead.replies,
    source: {
      landing_page: source?.landing_page ?? null,
      referrer: source?.referrer ?? null,
      utm: Object.fromEntries(UTM_FIELDS.map((field) => [field, source?.utm[field] ?? null])) as LeadJson["source"]["utm"],
      pages: source?.pages ?? [],
      service: source?.service ?? null,
      case_study: source?.case_study ?? null,
    },
    fields: lead.fields,
    spam_reason: lead.spam_reason,
    first_response_at: lead.first_response_at,
    created_at: lead.created_at,
    updated_at: lead.updated_at,
    read: lead.read,
  };
}
