import { CaseStudyModel } from "~/models/case-study.server";
import { ContactMessageModel, type ContactMessageDoc } from "~/models/contact-message.server";
import { listServiceOptions } from "./case-studies.server";
import { LEAD_FIGURE_DAYS } from "./constants";
import { isLeadStatus, LEAD_STATUSES, type LeadStatus } from "./leads";
import { chatsStartedPerService, type ChatsPerService } from "./whatsapp-chats.server";

// The pipeline's figures (docs/behaviour.md#lead-figures): every query bounded by dates and answered from an index.

const DAY_MS = 86_400_000;

type Kind = "utm" | "referrer" | "direct" | "none";
type Count = { name: string; label: string; count: number };
type Viewed = { caseStudies: Count[]; services: Count[] };

export type PipelineFigures = {
  /** Leads received this UTC month, by their status now (spam included). */
  perStatusThisMonth: Record<LeadStatus, number>;
  /** Leads moved to won this UTC quarter (and won still). */
  wonThisQuarter: number;
  monthStart: string;
  quarterStart: string;
};

export type SourceFigures = {
  from: string;
  to: string;
  perSource: (Count & { kind: Kind })[];
  perService: Count[];
  chatsPerService: Count[];
  /** The case studies and services in the pages viewed before the window's leads, and before those now won. */
  viewedBefore: { leads: Viewed; won: Viewed };
};

const startOfMonth = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
const startOfQuarter = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (now.getUTCMonth() % 3), 1));
const statusOf = (status: unknown): LeadStatus => (isLeadStatus(status) ? status : "new");

export async function pipelineFigures(now = new Date()): Promise<PipelineFigures> {
  const monthStart = startOfMonth(now);
  const quarterStart = startOfQuarter(now);
  // Each count from the { status, created_at } index; "new" covers the leads stored before statuses.
  const counts = await Promise.all(
    LEAD_STATUSES.map((status) =>
      ContactMessageModel.countDocuments({
        status: status === "new" ? { $in: ["new", null] } : status,
        created_at: { $gte: monthStart, $lte: now },
      }),
    ),
  );
  // Won leads whose history has a change in the quarter (the { status, status_changes.at } index), kept when their
  // last move to won is in it.
  const won = await ContactMessageModel.find({ status: "won", "status_changes.at": { $gte: quarterStart, $lte: now } }).lean();
  const wonThisQuarter = won.filter((lead) => {
    const at = lead.status_changes?.findLast((change) => change.status === "won")?.at;
    return at !== undefined && at >= quarterStart && at <= now;
  }).length;
  return {
    perStatusThisMonth: Object.fromEntries(LEAD_STATUSES.map((status, i) => [status, counts[i]!])) as Record<LeadStatus, number>,
    wonThisQuarter,
    monthStart: monthStart.toISOString(),
    quarterStart: quarterStart.toISOString(),
  };
}

/** Where a lead came from: its utm_source, else its referrer's host, else direct; a lead with no visit recorded is "none". */
function sourceOf(source: ContactMessageDoc["source"]): { name: string; kind: Kind } {
  const utm = source?.utm?.source;
  if (utm) return { name: utm, kind: "utm" };
  if (source?.referrer) return { name: source.referrer, kind: "referrer" };
  if (source?.landing_page) return { name: "direct", kind: "direct" };
  return { name: "none", kind: "none" };
}

const CASE_STUDY_PATH = /^\/case-studies\/([a-z0-9-]{1,100})$/;

/** The case studies a lead viewed (each once), from its pages and its topic. */
function caseStudiesViewed(source: ContactMessageDoc["source"]): string[] {
  const slugs = (source?.pages ?? []).flatMap((page) => CASE_STUDY_PATH.exec(page.path)?.[1] ?? []);
  return [...new Set([...slugs, ...(source?.case_study ? [source.case_study] : [])])];
}

function tally(keys: Iterable<string>, into = new Map<string, number>()): Map<string, number> {
  for (const key of keys) into.set(key, (into.get(key) ?? 0) + 1);
  return into;
}

const ranked = (counts: Map<string, number>, label: (name: string) => string): Count[] =>
  [...counts]
    .map(([name, count]) => ({ name, label: label(name), count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));

/**
 * Leads of the last LEAD_FIGURE_DAYS days (spam left out) by source and service, chats started per service, and the
 * case studies and services in the pages viewed before them: one read of the window's leads (the created_at index)
 * and one of the case studies they name.
 */
export async function sourceFigures(now = new Date()): Promise<SourceFigures> {
  const since = new Date(now.getTime() - LEAD_FIGURE_DAYS * DAY_MS);
  const [docs, services, chats] = await Promise.all([
    ContactMessageModel.find({ created_at: { $gte: since, $lte: now } })
      .select({ status: 1, source: 1 })
      .lean(),
    listServiceOptions(),
    chatsStartedPerService({ from: since, to: now }),
  ]);
  const leads = docs.filter((doc) => statusOf(doc.status) !== "spam");
  const viewedSlugs = [...new Set(leads.flatMap((lead) => caseStudiesViewed(lead.source)))];
  const studies = viewedSlugs.length
    ? await CaseStudyModel.find({ slug: { $in: viewedSlugs } })
        .select({ slug: 1, title: 1, services: 1 })
        .lean()
    : [];
  const study = new Map(studies.map((doc) => [doc.slug ?? "", doc]));
  const serviceTitle = (slug: string) => services.find((service) => service.slug === slug)?.title ?? slug;

  const perSource = new Map<string, { name: string; kind: Kind; count: number }>();
  for (const lead of leads) {
    const { name, kind } = sourceOf(lead.source);
    const key = `${kind}:${name}`;
    perSource.set(key, { name, kind, count: (perSource.get(key)?.count ?? 0) + 1 });
  }

  const viewed = (some: typeof leads): Viewed => {
    const caseStudies = new Map<string, number>();
    const servicesSeen = new Map<string, number>();
    for (const lead of some) {
      const slugs = caseStudiesViewed(lead.source);
      tally(slugs, caseStudies);
      // A service counts once a lead: its topic's, and those of the case studies viewed.
      const fromStudies = slugs.flatMap((slug) => study.get(slug)?.services ?? []);
      tally(new Set([...(lead.source?.service ? [lead.source.service] : []), ...fromStudies]), servicesSeen);
    }
    return {
      caseStudies: ranked(caseStudies, (slug) => study.get(slug)?.title ?? slug),
      services: ranked(servicesSeen, serviceTitle),
    };
  };

  return {
    from: since.toISOString(),
    to: now.toISOString(),
    perSource: [...perSource.values()]
      .map((entry) => ({ ...entry, label: entry.name }))
      .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)),
    perService: ranked(tally(leads.flatMap((lead) => (lead.source?.service ? [lead.source.service] : []))), serviceTitle),
    chatsPerService: chatsLabelled(chats, serviceTitle),
    viewedBefore: { leads: viewed(leads), won: viewed(leads.filter((lead) => statusOf(lead.status) === "won")) },
  };
}

const chatsLabelled = (chats: ChatsPerService, title: (slug: string) => string): Count[] =>
  chats.map(({ service, chats: count }) => ({ name: service, label: title(service), count }));

const FRESH_MS = 60_000;
let cached: { at: number; figures: Promise<SourceFigures> } | null = null;

/** sourceFigures, kept a minute on this instance: the window's leads are read at most once a minute per instance. */
export function recentSourceFigures(): Promise<SourceFigures> {
  if (cached && Date.now() - cached.at < FRESH_MS) return cached.figures;
  const figures = sourceFigures();
  cached = { at: Date.now(), figures };
  // A failed read is not kept.
  figures.catch(() => {
    if (cached?.figures === figures) cached = null;
  });
  return figures;
}
