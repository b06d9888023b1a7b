// What a webhook endpoint can be told (docs/api.md#webhooks); shared by the dashboard's form, the API's schema and the
// domain writes that fire them. Browser-safe: no database here.

export const WEBHOOK_EVENTS = [
  "lead.created",
  "lead.updated",
  "case_study.published",
  "case_study.unpublished",
  "content.published",
  "admin.created",
  "admin.deleted",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** Sent only by "Send test event", to the one endpoint. */
export const WEBHOOK_TEST_EVENT = "webhook.test";

export const isWebhookEvent = (value: unknown): value is WebhookEvent =>
  typeof value === "string" && (WEBHOOK_EVENTS as readonly string[]).includes(value);

export const webhookEventLabels: Record<WebhookEvent, string> = {
  "lead.created": "A new lead (not spam, or moved out of spam)",
  "lead.updated": "A lead's status or owner changed",
  "case_study.published": "A case study was published",
  "case_study.unpublished": "A case study was unpublished",
  "content.published": "Site content was published",
  "admin.created": "An admin was added",
  "admin.deleted": "An admin was deleted",
};

export type WebhookLead = {
  id: string;
  name: string;
  email: string;
  message: string;
  status: string;
  owner_id: string | null;
  service: string | null;
  created_at: string;
};

/** The `data` of each event type; `changed` on lead.updated names what changed. */
export type WebhookEventData = {
  "lead.created": { lead: WebhookLead };
  "lead.updated": { lead: WebhookLead; changed: ("status" | "owner")[] };
  "case_study.published": { case_study: { id: string; title: string; slug: string } };
  "case_study.unpublished": { case_study: { id: string; title: string; slug: string } };
  "content.published": { part: string; version: number };
  "admin.created": { admin: { id: string; name: string; email: string } };
  "admin.deleted": { admin: { id: string; name: string; email: string } };
  "webhook.test": { message: string };
};

const firstLine = (text: string) => {
  const line =
    text
      .split(/\r?\n/)
      .find((candidate) => candidate.trim() !== "")
      ?.trim() ?? "";
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
};

/** The short message a Slack incoming webhook gets instead of the JSON event. */
export function slackText(type: string, data: Record<string, unknown>, siteUrl: string, siteName: string): string {
  const site = siteUrl.replace(/\/+$/, "");
  const lead = data.lead as WebhookLead | undefined;
  const study = data.case_study as { title: string; slug: string } | undefined;
  const admin = data.admin as { name: string; email: string } | undefined;
  const leadLink = (id: string) => `${site}/dashboard/messages/${encodeURIComponent(id)}`;
  switch (type) {
    case "lead.created":
      return lead
        ? [
            `New lead on ${siteName}: ${lead.name} <${lead.email}>${lead.service ? ` about ${lead.service}` : ""}`,
            `> ${firstLine(lead.message)}`,
            leadLink(lead.id),
          ].join("\n")
        : `New lead on ${siteName}`;
    case "lead.updated":
      return lead ? `Lead from ${lead.name} is now ${lead.status}: ${leadLink(lead.id)}` : `A lead changed on ${siteName}`;
    case "case_study.published":
      return study ? `Case study published: ${study.title} ${site}/case-studies/${study.slug}` : "A case study was published";
    case "case_study.unpublished":
      return study ? `Case study unpublished: ${study.title}` : "A case study was unpublished";
    case "content.published":
      return `Site content published on ${siteName}: ${String(data.part)}`;
    case "admin.created":
      return admin ? `Admin added on ${siteName}: ${admin.name} <${admin.email}>` : "An admin was added";
    case "admin.deleted":
      return admin ? `Admin deleted on ${siteName}: ${admin.name} <${admin.email}>` : "An admin was deleted";
    default:
      return `Test event from ${siteName}: webhooks reach this channel.`;
  }
}
