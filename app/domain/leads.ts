// docs/behaviour.md#leads. What the inbox and the lead page share with the browser.
export const LEAD_STATUSES = ["new", "contacted", "qualified", "proposal", "won", "lost", "spam"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const isLeadStatus = (value: unknown): value is LeadStatus => LEAD_STATUSES.includes(value as LeadStatus);

/** The inbox's tabs: "all" is every lead but spam. */
export const LEAD_TABS = {
  all: ["new", "contacted", "qualified", "proposal", "won", "lost"],
  new: ["new"],
  open: ["contacted", "qualified", "proposal"],
  won: ["won"],
  lost: ["lost"],
  spam: ["spam"],
} as const satisfies Record<string, readonly LeadStatus[]>;
export type LeadTab = keyof typeof LEAD_TABS;
export const isLeadTab = (value: unknown): value is LeadTab => typeof value === "string" && Object.hasOwn(LEAD_TABS, value);

/** Whose leads: "mine" is the signed-in admin's, "nobody" those without an owner, or an admin's id. */
export type OwnerFilter = "anyone" | "mine" | "nobody";
export const OWNER_FILTERS: readonly OwnerFilter[] = ["anyone", "mine", "nobody"];

export const LEAD_NOTE_MAX = 5_000;

/** The CSV export's rows at most (the newest); read LEAD_EXPORT_BATCH at a time. */
export const LEAD_EXPORT_MAX = 10_000;
export const LEAD_EXPORT_BATCH = 500;
export const LEAD_REPLY_SUBJECT_MAX = 200;
export const LEAD_REPLY_MAX = 20_000;
/** As the model keeps them (app/models/lead-reply.server.ts). */
export const LEAD_REPLY_STATES = ["queued", "sent", "failed"] as const;

/** Speed to lead: how long a lead may stay new before the inbox and the overview mark it (Settings). */
export const LEAD_WAIT_HOURS = { default: 24, min: 1, max: 720 } as const;
