import type { LeadJson } from "./lead-json";

// The CSV export's columns (docs/behaviour.md#leads): one row per lead, its pages and notes flattened into one cell
// each. Cells are text; app/domain/csv.ts quotes and escapes them. `replies` is the number sent: a lead answered or
// not, summed by a spreadsheet as a number; "sent/total" would be read as a date by Excel ("1/2" is 2 January).

export const LEAD_CSV_COLUMNS = [
  "id",
  "created_at",
  "name",
  "email",
  "message",
  "status",
  "owner_name",
  "owner_email",
  "first_response_at",
  "read",
  "landing_page",
  "referrer",
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
  "pages",
  "notes",
  "service",
  "case_study",
  "spam_reason",
  "company",
  "budget",
  "timeline",
  "phone",
  "replies",
] as const;

export function leadCsvCells(lead: LeadJson): string[] {
  const { source, fields } = lead;
  return [
    lead.id,
    lead.created_at,
    lead.name,
    lead.email,
    lead.message,
    lead.status,
    lead.owner?.name ?? "",
    lead.owner?.email ?? "",
    lead.first_response_at ?? "",
    String(lead.read),
    source.landing_page ?? "",
    source.referrer ?? "",
    source.utm.source ?? "",
    source.utm.medium ?? "",
    source.utm.campaign ?? "",
    source.utm.term ?? "",
    source.utm.content ?? "",
    source.pages.map((page) => `${page.path}@${page.at}`).join("; "),
    lead.notes.map((note) => `${note.created_at} ${note.author.name}: ${note.text}`).join(" | "),
    source.service ?? "",
    source.case_study ?? "",
    lead.spam_reason ?? "",
    fields.company ?? "",
    fields.budget ?? "",
    fields.timeline ?? "",
    fields.phone ?? "",
    String(lead.replies.filter((reply) => reply.state === "sent").length),
  ];
}

export const leadsCsvFileName = (now: Date) => `leads-${now.toISOString().slice(0, 10)}.csv`;
