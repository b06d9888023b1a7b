import { CaseStudyModel, PUBLISHED } from "~/models/case-study.server";
import { recordEvent, type Origin } from "./audit-log.server";
import { homeWork, moveInOrder, type MoveDirection, type PortfolioFilter, ok, refused, type Result } from "./shared";
import { queryFor, toCaseStudy, type CaseStudyAudience, type CaseStudyFilter, type ServiceOption } from "./case-studies.server";
import { findIndustryByName, type Industry } from "./industries.server";
import { paginate, type Page } from "./paginate";
import type { CaseStudy } from "./types";

// docs/behaviour.md#services-and-industries and #featured-work

/** A filter's slugs resolved against the site's services and the industries; `unknown` names what matched nothing. */
type ResolvedPortfolioFilter = {
  service: ServiceOption | null;
  industry: Industry | null;
  unknown: ("service" | "industry")[];
};

/** `industry` may be an industry's slug, or (for API clients) its name in any case. */
export function resolvePortfolioFilter(
  wanted: PortfolioFilter,
  services: readonly ServiceOption[],
  industries: readonly Industry[],
): ResolvedPortfolioFilter {
  const unknown: ResolvedPortfolioFilter["unknown"] = [];
  const serviceSlug = wanted.service?.trim();
  const service = serviceSlug ? (services.find((option) => option.slug === serviceSlug) ?? null) : null;
  if (serviceSlug && !service) unknown.push("service");
  const industryText = wanted.industry?.trim();
  const industry = industryText
    ? (industries.find((option) => option.slug === industryText) ?? findIndustryByName(industries, industryText))
    : null;
  if (industryText && !industry) unknown.push("industry");
  return { service, industry, unknown };
}

export const caseStudyFilterOf = ({ service, industry }: Pick<ResolvedPortfolioFilter, "service" | "industry">): CaseStudyFilter => ({
  ...(service ? { service: service.slug } : {}),
  ...(industry ? { industry: industry.name } : {}),
});

/** Published entries per service slug and per industry name: one grouping query per facet, each within the other facet's choice. */
type PortfolioCounts = { services: Record<string, number>; industries: Record<string, number> };

export async function countPortfolio(filter: CaseStudyFilter = {}): Promise<PortfolioCounts> {
  const [services, industries] = await Promise.all([
    CaseStudyModel.aggregate<{ _id: string; n: number }>([
      { $match: queryFor({ audience: "public" }, { industry: filter.industry }) },
      { $unwind: "$services" },
      { $group: { _id: "$services", n: { $sum: 1 } } },
    ]),
    CaseStudyModel.aggregate<{ _id: string; n: number }>([
      { $match: queryFor({ audience: "public" }, { service: filter.service }) },
      { $group: { _id: "$industry", n: { $sum: 1 } } },
    ]),
  ]);
  const record = (groups: { _id: string; n: number }[]) =>
    Object.fromEntries(groups.filter((group) => typeof group._id === "string").map((group) => [group._id, group.n]));
  return { services: record(services), industries: record(industries) };
}

/** How many published entries the filter selects, read from the facet counts (every entry has one industry). */
function totalOf(counts: PortfolioCounts, filter: CaseStudyFilter): number {
  if (filter.service !== undefined) return counts.services[filter.service] ?? 0;
  if (filter.industry !== undefined) return counts.industries[filter.industry] ?? 0;
  return Object.values(counts.industries).reduce((sum, n) => sum + n, 0);
}

/** The public list narrowed by the filter, newest first; the total comes from the counts, so no query counts again. */
export function listPortfolio({
  page,
  perPage,
  filter,
  counts,
}: {
  page?: number;
  perPage: number;
  filter: CaseStudyFilter;
  counts: PortfolioCounts;
}): Promise<Page<CaseStudy>> {
  const query = queryFor({ audience: "public" }, filter);
  return paginate({
    page,
    perPage,
    count: async () => totalOf(counts, filter),
    fetch: async ({ skip, limit }) =>
      (await CaseStudyModel.find(query).sort({ created_at: -1, _id: -1 }).skip(skip).limit(limit).lean()).map(toCaseStudy),
  });
}

/** Featured entries beyond this are not looked at: the list is a hand-picked few. */
const FEATURED_READ_LIMIT = 100;

/** In their order; an entry featured without an order (a restored version) comes after the ordered ones, newest first. */
export async function listFeatured(who: CaseStudyAudience, limit = FEATURED_READ_LIMIT): Promise<CaseStudy[]> {
  const docs = await CaseStudyModel.find({ ...queryFor(who), featured: true })
    .sort({ featured_order: 1, created_at: -1, _id: -1 })
    .limit(FEATURED_READ_LIMIT)
    .lean();
  const ordered = [
    ...docs.filter((doc) => typeof doc.featured_order === "number"),
    ...docs.filter((doc) => typeof doc.featured_order !== "number"),
  ];
  return ordered.slice(0, limit).map(toCaseStudy);
}

/** The home page's work: the featured published entries in their order, filled with the newest when fewer are featured. */
export async function listHomeWork(count: number): Promise<CaseStudy[]> {
  const [featured, newest] = await Promise.all([
    listFeatured({ audience: "public" }, count),
    // With fewer than `count` featured, every one of them is shown: the newest that fill up are the others, so no
    // more than `count` whole entries are read for them (the embedded engine ignores projections).
    CaseStudyModel.find({ ...PUBLISHED, featured: { $ne: true } })
      .sort({ created_at: -1, _id: -1 })
      .limit(count)
      .lean(),
  ]);
  return homeWork(featured, newest.map(toCaseStudy), count);
}

/** One place up or down among every featured entry (drafts included); the order is numbered 1, 2, 3... again. */
export async function moveFeatured(
  id: string,
  direction: MoveDirection,
  origin: Origin,
): Promise<Result<CaseStudy[], "not-found" | "at-the-end">> {
  const featured = await listFeatured({ audience: "admin" });
  if (!featured.some((study) => study.id === id)) return refused("not-found");
  const order = moveInOrder(
    featured.map((study) => study.id),
    id,
    direction,
  );
  if (!order) return refused("at-the-end");
  await CaseStudyModel.bulkWrite(
    order.map((studyId, index) => ({ updateOne: { filter: { _id: studyId }, update: { $set: { featured_order: index + 1 } } } })),
  );
  const placed = order.map((studyId, index) => ({ ...featured.find((study) => study.id === studyId)!, featured_order: index + 1 }));
  const moved = placed.find((study) => study.id === id)!;
  await recordEvent(origin, "featured.changed", {
    target: { type: "case-study", id: moved.id, label: moved.title },
    details: { direction, position: moved.featured_order },
  });
  return ok(placed);
}
