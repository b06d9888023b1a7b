// Rules of the portfolio's services, industries and featured order that need no database; safe for the browser.

/** An industry's address from its name: lowercase letters and digits joined by hyphens ("Food & Beverage" → "food-and-beverage"). */
export function industrySlug(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** Names are compared without regard to case or surrounding spaces. */
export const industryKey = (name: string) => name.trim().toLocaleLowerCase("en");

export type MoveDirection = "up" | "down";

/** The ids in their new order after moving `id` one place; null when it cannot move (unknown, or already at that end). */
export function moveInOrder<T>(ids: readonly T[], id: T, direction: MoveDirection): T[] | null {
  const from = ids.indexOf(id);
  const to = direction === "up" ? from - 1 : from + 1;
  if (from < 0 || to < 0 || to >= ids.length) return null;
  const moved = [...ids];
  [moved[from], moved[to]] = [moved[to]!, moved[from]!];
  return moved;
}

/** What the public list is narrowed to: a service's slug and an industry's slug, each optional. */
export type PortfolioFilter = { service?: string | null; industry?: string | null };

/** The public list's address: the filters, then the page (left out on page 1), so each view has one address. */
export function portfolioHref({ service, industry }: PortfolioFilter, page = 1): string {
  const query = new URLSearchParams();
  if (service) query.set("service", service);
  if (industry) query.set("industry", industry);
  if (page > 1) query.set("page", String(page));
  const search = query.toString();
  return search ? `/case-studies?${search}` : "/case-studies";
}

/**
 * The home page's work: the featured entries in their order, then the newest others, `count` in all. `featured` is in
 * order already; `newest` newest first and may repeat featured ones.
 */
export function homeWork<T extends { id: string }>(featured: readonly T[], newest: readonly T[], count: number): T[] {
  const shown = featured.slice(0, count);
  const ids = new Set(shown.map((entry) => entry.id));
  for (const entry of newest) {
    if (shown.length >= count) break;
    if (!ids.has(entry.id)) shown.push(entry);
  }
  return shown;
}

/** What the case study editor offers: the site's services as checkboxes, the industries as suggestions. */
export type CaseStudyChoices = { services: { slug: string; title: string }[]; industries: { name: string; slug: string }[] };
