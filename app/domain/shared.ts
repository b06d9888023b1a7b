// What every layer and the browser share: rules that need no database, no zod and no server module.

// A write's answer (decision 0010): its value, or a reason code that the edge turns into a message and a status.

export type Result<T, Reason extends string> = { ok: true; value: T } | { ok: false; reason: Reason };

export const ok = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });

export const refused = <Reason extends string>(reason: Reason): { ok: false; reason: Reason } => ({ ok: false, reason });

export const OBJECT_ID_SOURCE = "[0-9a-f]{24}";
export const OBJECT_ID = new RegExp(`^${OBJECT_ID_SOURCE}$`, "i");

/** Whether a string is an ObjectId; anything else is "not found", never a query. */
export function isObjectId(id: string): boolean {
  return OBJECT_ID.test(id);
}

// A case study's address (docs/behaviour.md#addresses): the editor checks with the same rules as the save.

export const SLUG_MAX_LENGTH = 80;

/** What a title with no letter or digit left after cleaning (only emoji, say) is called. */
export const FALLBACK_SLUG = "case-study";

// Letters NFKD does not take apart into a base letter and a mark.
const FOLDED: Record<string, string> = {
  ß: "ss",
  æ: "ae",
  œ: "oe",
  ø: "o",
  đ: "d",
  ð: "d",
  ł: "l",
  þ: "th",
  ı: "i",
  ħ: "h",
};

/** Lowercase ASCII words joined by single hyphens, accents folded ("Café Ünïon" → "cafe-union"), "&" read as "and"; no length limit. */
export function slugWords(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[ßæœøđðłþıħ]/g, (letter) => FOLDED[letter]!)
    .replace(/&/g, " and ")
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** At most `max` characters, cut after a whole word when the cut would fall inside one (a single long word is cut where it must). */
export function cutAtWord(slug: string, max = SLUG_MAX_LENGTH): string {
  if (slug.length <= max) return slug;
  const cut = slug.slice(0, max + 1);
  const lastHyphen = cut.lastIndexOf("-");
  return (lastHyphen > 0 ? cut.slice(0, lastHyphen) : slug.slice(0, max)).replace(/-+$/, "");
}

/** The address a title gives: its words, at most 80 characters, cut at a word. Empty when no letter or digit is left. */
export function slugFromTitle(title: string): string {
  return cutAtWord(slugWords(title));
}

/** A slug must never read as an id: `/case-studies/{24 hex}` is the id route, which answers 301. */
export const looksLikeId = (slug: string) => isObjectId(slug);

/** The n-th candidate for a base that is taken: base, base-2, base-3…, each at most 80 characters and never an id's shape. */
export function slugCandidate(base: string, n: number): string {
  if (n <= 1 && !looksLikeId(base)) return base;
  const suffix = `-${Math.max(n, 2)}`;
  return `${cutAtWord(base, SLUG_MAX_LENGTH - suffix.length)}${suffix}`;
}

// The portfolio's services, industries and featured order (docs/behaviour.md#services-and-industries).

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
