import { diffFields, getVersion, listVersions, previousVersion, type FieldChange } from "~/domain/versions.server";

// The loaders of the history screens (docs/behaviour.md#history): a subject's versions, and one version's changes.

const VERSIONS_PER_PAGE = 20;

/** The dashboard's 404, in its frame (each history route's ErrorBoundary shows it). */
export function notFound(): never {
  throw new Response("Not Found", { status: 404, statusText: "Not Found" });
}

export function versionNumber(param: string | undefined): number {
  if (!param || !/^[1-9]\d{0,8}$/.test(param)) notFound();
  return Number(param);
}

export function historyPage(request: Request, subject: string) {
  const page = Number(new URL(request.url).searchParams.get("page") ?? 1);
  return listVersions(subject, { page, perPage: VERSIONS_PER_PAGE });
}

/** Version `n` and what it changed against the kept version before it (against nothing for the oldest kept). */
export async function versionWithChanges(subject: string, n: number) {
  const version = await getVersion(subject, n);
  if (!version) notFound();
  const previous = await previousVersion(subject, n);
  const { data, ...summary } = version;
  return { version: summary, previous: previous?.n ?? null, changes: leafChanges(previous ? previous.data : emptyLike(data), data) };
}

const isComposite = (value: unknown) => typeof value === "object" && value !== null;
const emptyLike = (value: unknown) => (Array.isArray(value) ? [] : {});

/** Field by field down to single values: a list item or an image added or removed shows as its fields. */
function leafChanges(before: unknown, after: unknown, path = ""): FieldChange[] {
  return diffFields(before, after, path).flatMap((change) => {
    const [was, is] = [change.before, change.after];
    if (isComposite(was) && (is === undefined || is === null)) return leafChanges(was, emptyLike(was), change.path);
    if (isComposite(is) && (was === undefined || was === null)) return leafChanges(emptyLike(is), is, change.path);
    return [change];
  });
}
