import { messages } from "~/domain/messages";
import { listVersionsWithData, type Version, type VersionSummary } from "~/domain/versions.server";
import { requireDb } from "../db.server";
import { DEFAULT_PER_PAGE, MAX_PER_PAGE, positiveInt } from "./paging.server";
import { ApiError } from "./responses.server";

// A subject's versions as the API gives them (docs/api.md#history): snake_case like the rest of the API.

/** A version without its data, as lists of a part's versions give it. */
export const versionSummaryJson = (version: VersionSummary) => ({
  n: version.n,
  state: version.state,
  action: version.action,
  restored_from: version.restoredFrom,
  author: version.author,
  created_at: version.createdAt,
});

export function versionJson<T>(version: Version<T>) {
  return { ...versionSummaryJson(version), data: version.data };
}

/** Newest first: all of them without ?page= and ?per_page= (at most VERSIONS_KEPT), else one page; past the end, none. */
export async function pagedVersions<T>(url: URL, subject: string): Promise<{ items: Version<T>[]; total: number; headers: Headers }> {
  const page = positiveInt(url.searchParams.get("page"));
  const perPage = positiveInt(url.searchParams.get("per_page"));
  const errors: Record<string, string[]> = {};
  if (page === null) errors.page = [messages.apiPageInvalid];
  if (perPage === null || (perPage !== undefined && perPage > MAX_PER_PAGE)) errors.per_page = [messages.apiPerPageInvalid(MAX_PER_PAGE)];
  const problems = Object.values(errors).flat();
  if (problems.length) throw new ApiError(422, problems[0]!, errors);

  await requireDb();
  const wanted = page ?? 1;
  const size = page === undefined && perPage === undefined ? MAX_PER_PAGE : (perPage ?? DEFAULT_PER_PAGE);
  const result = await listVersionsWithData<T>(subject, { page: wanted, perPage: size });
  return {
    items: result.page === wanted ? result.items : [],
    total: result.total,
    headers: new Headers({ "X-Total-Count": String(result.total) }),
  };
}

/** A version number in a path: anything but a whole number from 1 names no version. */
export function versionParam(value: string | undefined): number | null {
  return value && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : null;
}
