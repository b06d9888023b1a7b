import {
  countCaseStudies,
  listCaseStudies,
  type CaseStudyAudience,
  type CaseStudyFilter,
  type CaseStudyPage,
  listServiceOptions,
} from "~/domain/case-studies.server";
import { listIndustries } from "~/domain/industries.server";
import { caseStudyFilterOf, resolvePortfolioFilter } from "~/domain/portfolio.server";
import { isCaseStudyStatus, type CaseStudyStatus } from "~/domain/case-study-status";
import { messages } from "~/domain/messages";
import { requireDb } from "../db.server";
import { ApiError } from "./responses.server";

export const MAX_PER_PAGE = 100;
export const DEFAULT_PER_PAGE = 15;

export function positiveInt(value: string | null): number | null | undefined {
  if (value === null || value.trim() === "") return undefined;
  return /^\d+$/.test(value.trim()) && Number(value) >= 1 ? Number(value) : null;
}

function statusFilter(value: string | null): CaseStudyStatus | undefined | null {
  const wanted = value?.trim();
  if (!wanted) return undefined;
  return isCaseStudyStatus(wanted) ? wanted : null;
}

/** `?page=&per_page=`, each left out or a whole number from 1 (per_page at most MAX_PER_PAGE); 422 otherwise. */
export function readPaging(url: URL): { page?: number; perPage?: number } {
  const { page, perPage, errors } = pagingOf(url);
  const problems = Object.values(errors).flat();
  if (problems.length) throw new ApiError(422, problems[0]!, errors);
  return { page, perPage };
}

function pagingOf(url: URL) {
  const page = positiveInt(url.searchParams.get("page"));
  const perPage = positiveInt(url.searchParams.get("per_page"));
  const errors: Record<string, string[]> = {};
  if (page === null) errors.page = [messages.apiPageInvalid];
  if (perPage === null || (perPage !== undefined && perPage > MAX_PER_PAGE)) errors.per_page = [messages.apiPerPageInvalid(MAX_PER_PAGE)];
  return { page: page ?? undefined, perPage: perPage ?? undefined, errors };
}

export async function pagedCaseStudies(
  url: URL,
  { audience }: { audience: CaseStudyAudience["audience"] },
): Promise<{ items: CaseStudyPage["items"]; total: number; headers: Headers }> {
  const { page, perPage, errors } = pagingOf(url);
  const status = audience === "admin" ? statusFilter(url.searchParams.get("status")) : undefined;
  if (status === null) errors.status = [messages.apiStatusFilterInvalid];
  const problems = Object.values(errors).flat();
  if (problems.length) throw new ApiError(422, problems[0]!, errors);

  await requireDb();
  const who: CaseStudyAudience = audience === "public" ? { audience } : { audience, status: status ?? undefined };
  const filter = await filterOf(url);
  // A service or industry the site does not have (or no longer has) selects nothing.
  if (filter === null) return { items: [], total: 0, headers: new Headers({ "X-Total-Count": "0" }) };
  let items: CaseStudyPage["items"];
  let total: number;
  if (page === undefined && perPage === undefined) {
    const all = await listCaseStudies({ page: 1, perPage: Math.max(1, await countCaseStudies(who, filter)), filter, ...who });
    ({ items, total } = all);
  } else {
    const wanted = page ?? 1;
    const result = await listCaseStudies({ page: wanted, perPage: perPage ?? DEFAULT_PER_PAGE, filter, ...who });
    total = result.total;
    // listCaseStudies clamps a page past the end to the last one; the API answers it empty instead.
    items = result.page === wanted ? result.items : [];
  }
  return { items, total, headers: new Headers({ "X-Total-Count": String(total) }) };
}

/** `?service=` (a service's slug) and `?industry=` (an industry's slug, or its name in any case); null when one matches nothing. */
async function filterOf(url: URL): Promise<CaseStudyFilter | null> {
  const wanted = { service: url.searchParams.get("service")?.trim() || null, industry: url.searchParams.get("industry")?.trim() || null };
  if (!wanted.service && !wanted.industry) return {};
  const [services, industries] = await Promise.all([wanted.service ? listServiceOptions() : [], wanted.industry ? listIndustries() : []]);
  const resolved = resolvePortfolioFilter(wanted, services, industries);
  return resolved.unknown.length ? null : caseStudyFilterOf(resolved);
}
