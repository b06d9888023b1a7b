import { isLeadTab, OWNER_FILTERS, type LeadTab, type OwnerFilter } from "~/domain/leads";

// The inbox's filters as its address carries them (docs/behaviour.md#leads), read the same by the inbox and its CSV
// export; safe for the browser.

export const INBOX = "/dashboard/messages";
export const INBOX_EXPORT = "/dashboard/messages/export";

const DAY = /^\d{4}-\d{2}-\d{2}$/;
export function dayOf(value: string | null): Date | undefined {
  if (!value || !DAY.test(value)) return undefined;
  const day = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(day.getTime()) ? undefined : day;
}

export function readFilters(params: URLSearchParams) {
  const tab = params.get("tab");
  const owner = params.get("owner");
  return {
    tab: isLeadTab(tab) ? tab : ("all" as LeadTab),
    owner: OWNER_FILTERS.includes(owner as OwnerFilter) ? (owner as OwnerFilter) : ("anyone" as OwnerFilter),
    q: (params.get("q") ?? "").trim().slice(0, 200),
    from: dayOf(params.get("from")) ? params.get("from")! : "",
    to: dayOf(params.get("to")) ? params.get("to")! : "",
  };
}
export type Filters = ReturnType<typeof readFilters>;

/** The inbox's address (or its export's) with these filters (defaults left out) and a page or tab of its own. */
export function inboxHref(filters: Filters, changes: Partial<Filters> & { page?: number } = {}, path = INBOX): string {
  const { page, ...rest } = changes;
  const all = { ...filters, ...rest };
  const params = new URLSearchParams();
  if (all.tab !== "all") params.set("tab", all.tab);
  if (all.owner !== "anyone") params.set("owner", all.owner);
  for (const key of ["q", "from", "to"] as const) if (all[key]) params.set(key, all[key]);
  if (page && page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}
