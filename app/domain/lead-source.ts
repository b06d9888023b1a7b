/**
 * What brought a lead (docs/behaviour.md#attribution, decision 0048): the visit's first page, the referrer's host, the
 * first page's utm_* fields and the last pages of this site the visitor opened. Pure: the cookie that carries it is the
 * server's (app/server/attribution.server.ts). Everything here came from a visitor and is shown as text only.
 */

export const UTM_FIELDS = ["source", "medium", "campaign", "term", "content"] as const;
type UtmField = (typeof UTM_FIELDS)[number];
export type Utm = Partial<Record<UtmField, string>>;
type PageView = { path: string; at: string };
/** `landing_page` is null for a message sent without a visit's cookie that still names its service or case study. */
export type LeadSource = {
  landing_page: string | null;
  referrer: string | null;
  utm: Utm;
  pages: PageView[];
  /** A service of the catalogue (its slug) and a published case study (its slug), when the message was written about them. */
  service?: string;
  case_study?: string;
};

/** What a message is about: checked against the catalogue and the published case studies before it is attached. */
export type LeadTopic = { service?: { slug: string; title: string }; case_study?: { slug: string; title: string } };

export const PAGES_KEPT = 20;
const PATH_MAX = 200;
const UTM_MAX = 100;
const HOST_MAX = 253;

/** A visit as it travels in the cookie: short keys, times in seconds, so twenty pages fit in a small cookie. */
export type Visit = { l: string; r: string | null; u: Utm; p: [string, number][] };

/** A path of this site without its query: what a page view keeps. Null for anything that is not a plain path. */
export function pagePath(pathname: string): string | null {
  if (!pathname.startsWith("/") || pathname.startsWith("//")) return null;
  return pathname.length > PATH_MAX ? null : pathname;
}

/** The referrer's host only, and only another site's: a move inside this site is no referrer. */
export function referrerHost(referrer: string | null, ownHost: string): string | null {
  if (!referrer) return null;
  try {
    const { protocol, hostname } = new URL(referrer);
    if (!["http:", "https:"].includes(protocol) || hostname === ownHost) return null;
    return hostname.slice(0, HOST_MAX);
  } catch {
    return null;
  }
}

export function utmOf(search: URLSearchParams): Utm {
  const utm: Utm = {};
  for (const field of UTM_FIELDS) {
    const value = search.get(`utm_${field}`)?.trim();
    if (value) utm[field] = value.slice(0, UTM_MAX);
  }
  return utm;
}

/** A visit begun at `url` (its path is `path`: a data request's address is not the page's). */
export function startVisit(url: URL, path: string, referrer: string | null, now: Date): Visit {
  return { l: path, r: referrerHost(referrer, url.hostname), u: utmOf(url.searchParams), p: [[path, seconds(now)]] };
}

/** Adds a page view, keeping the last PAGES_KEPT; a page opened again right after itself (a reload) is one view. */
export function addPageView(visit: Visit, path: string, now: Date): Visit {
  const last = visit.p.at(-1);
  if (last?.[0] === path) return visit;
  return { ...visit, p: [...visit.p, [path, seconds(now)] as [string, number]].slice(-PAGES_KEPT) };
}

/** Drops the oldest page views until the visit fits in `maxBytes` once written as JSON. */
export function capVisit(visit: Visit, maxBytes: number): Visit {
  let capped = visit;
  while (capped.p.length > 1 && new TextEncoder().encode(JSON.stringify(capped)).length > maxBytes)
    capped = { ...capped, p: capped.p.slice(1) };
  return capped;
}

/** A cookie's value checked field by field: anything else is no visit. */
export function parseVisit(value: unknown): Visit | null {
  if (typeof value !== "object" || value === null) return null;
  const { l, r, u, p } = value as Record<string, unknown>;
  if (typeof l !== "string" || !pagePath(l)) return null;
  if (r !== null && typeof r !== "string") return null;
  if (typeof u !== "object" || u === null || !Array.isArray(p)) return null;
  const utm: Utm = {};
  for (const field of UTM_FIELDS) {
    const entry = (u as Record<string, unknown>)[field];
    if (typeof entry === "string" && entry) utm[field] = entry.slice(0, UTM_MAX);
  }
  const pages = p
    .filter(
      (view): view is [string, number] =>
        Array.isArray(view) && typeof view[0] === "string" && !!pagePath(view[0]) && Number.isFinite(view[1]),
    )
    .slice(-PAGES_KEPT);
  return { l, r: r === null ? null : r.slice(0, HOST_MAX), u: utm, p: pages };
}

export function leadSourceOf(visit: Visit): LeadSource {
  return {
    landing_page: visit.l,
    referrer: visit.r,
    utm: visit.u,
    pages: visit.p.map(([path, at]) => ({ path, at: new Date(at * 1000).toISOString() })),
  };
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** The source with what the message is about; a message with no visit but a topic keeps the topic alone. */
export function withTopic(source: LeadSource | null, topic: LeadTopic): LeadSource | null {
  if (!topic.service && !topic.case_study) return source;
  const base = source ?? { landing_page: null, referrer: null, utm: {}, pages: [] };
  return {
    ...base,
    ...(topic.service ? { service: topic.service.slug } : {}),
    ...(topic.case_study ? { case_study: topic.case_study.slug } : {}),
  };
}

/** The line the form shows: "About: Website Development (case study: Harbor App)". */
export function topicLine(topic: LeadTopic): string | null {
  const { service, case_study: study } = topic;
  if (service && study) return `About: ${service.title} (case study: ${study.title})`;
  if (service) return `About: ${service.title}`;
  return study ? `About: the case study ${study.title}` : null;
}

/** The contact page's address for a topic: how a link reaches the form without JavaScript. */
export function contactHref(topic: LeadTopic): string {
  const search = new URLSearchParams();
  if (topic.service) search.set("service", topic.service.slug);
  if (topic.case_study) search.set("case_study", topic.case_study.slug);
  const query = search.toString();
  return query ? `/contact?${query}` : "/contact";
}
