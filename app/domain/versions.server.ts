import { VersionModel, type VersionAction, type VersionDoc } from "~/models/version.server";
import { paginate, type Page } from "./paginate";

// History of everything an admin edits (docs/decisions/0021-history-as-versions.md): every save is a version,
// numbered per subject; a restore is a new version; the oldest go past VERSIONS_KEPT.

export const VERSIONS_KEPT = 50;

export type VersionAuthor = { id: string; name: string; email: string };

export type VersionSummary = {
  n: number;
  state: "draft" | "published";
  action: VersionAction;
  restoredFrom: number | null;
  author: VersionAuthor | null;
  createdAt: string;
};

export type Version<T = unknown> = VersionSummary & { data: T };

export const contentSubject = (part: string) => `content:${part}`;
export const caseStudySubject = (id: string) => `case-study:${id}`;
export const SETTINGS_SUBJECT = "settings";

const UPLOAD = /^\/uploads\//;

/** The upload URLs anywhere in a value, each once. */
export function uploadUrlsIn(value: unknown, found = new Set<string>()): string[] {
  if (typeof value === "string") {
    if (UPLOAD.test(value)) found.add(value);
  } else if (Array.isArray(value)) {
    for (const item of value) uploadUrlsIn(item, found);
  } else if (value && typeof value === "object") {
    for (const item of Object.values(value)) uploadUrlsIn(item, found);
  }
  return [...found];
}

function toSummary(doc: VersionDoc): VersionSummary {
  return {
    n: doc.n,
    state: doc.state,
    action: doc.action,
    restoredFrom: doc.restored_from ?? null,
    author: doc.author ? { id: doc.author.id, name: doc.author.name, email: doc.author.email } : null,
    createdAt: doc.created_at.toISOString(),
  };
}

const toVersion = <T>(doc: VersionDoc): Version<T> => ({ ...toSummary(doc), data: doc.data as T });

const isDuplicateKey = (error: unknown) => (error as { code?: number } | null)?.code === 11000;

/**
 * Keeps `data` as the subject's next version. Two saves at once both land: the second to take a number retries
 * with the next. Returns the upload URLs that only the pruned versions used, for the caller to release.
 */
export async function recordVersion(
  subject: string,
  data: unknown,
  {
    state,
    action,
    author,
    restoredFrom = null,
  }: { state: "draft" | "published"; action: VersionAction; author: VersionAuthor | null; restoredFrom?: number | null },
): Promise<{ version: VersionSummary; prunedImages: string[] }> {
  for (let attempt = 0; ; attempt++) {
    const last = await VersionModel.findOne({ subject }, { n: 1 }).sort({ n: -1 }).lean();
    const n = (last?.n ?? 0) + 1;
    try {
      const [doc] = await VersionModel.create(
        [{ subject, n, data, state, action, author, restored_from: restoredFrom, images: uploadUrlsIn(data) }],
        { ordered: true },
      );
      return { version: toSummary(doc!.toObject()), prunedImages: await prune(subject, n) };
    } catch (error) {
      if (!isDuplicateKey(error) || attempt >= 5) throw error;
    }
  }
}

async function prune(subject: string, newest: number): Promise<string[]> {
  const cutoff = newest - VERSIONS_KEPT;
  if (cutoff < 1) return [];
  const old = await VersionModel.find({ subject, n: { $lte: cutoff } }, { images: 1 }).lean();
  if (old.length === 0) return [];
  await VersionModel.deleteMany({ subject, n: { $lte: cutoff } });
  return [...new Set(old.flatMap((doc) => doc.images ?? []))];
}

export function listVersions(
  subject: string,
  { page, perPage = 20 }: { page?: number; perPage?: number } = {},
): Promise<Page<VersionSummary>> {
  return paginate({
    page,
    perPage,
    count: () => VersionModel.countDocuments({ subject }),
    fetch: async ({ skip, limit }) => (await VersionModel.find({ subject }).sort({ n: -1 }).skip(skip).limit(limit).lean()).map(toSummary),
  });
}

/** As listVersions, each version with what it kept: for the API, which has no other way to read one. */
export function listVersionsWithData<T = unknown>(
  subject: string,
  { page, perPage = 20 }: { page?: number; perPage?: number } = {},
): Promise<Page<Version<T>>> {
  return paginate({
    page,
    perPage,
    count: () => VersionModel.countDocuments({ subject }),
    fetch: async ({ skip, limit }) =>
      (await VersionModel.find({ subject }).sort({ n: -1 }).skip(skip).limit(limit).lean()).map((doc) => toVersion<T>(doc)),
  });
}

export async function getVersion<T = unknown>(subject: string, n: number): Promise<Version<T> | null> {
  if (!Number.isSafeInteger(n) || n < 1) return null;
  const doc = await VersionModel.findOne({ subject, n }).lean();
  return doc ? toVersion<T>(doc) : null;
}

/** The version before `n` that is still kept, to compare with. */
export async function previousVersion<T = unknown>(subject: string, n: number): Promise<Version<T> | null> {
  const doc = await VersionModel.findOne({ subject, n: { $lt: n } })
    .sort({ n: -1 })
    .lean();
  return doc ? toVersion<T>(doc) : null;
}

export async function hasVersions(subject: string): Promise<boolean> {
  return Boolean(await VersionModel.exists({ subject }));
}

export async function removeVersions(subject: string): Promise<string[]> {
  const docs = await VersionModel.find({ subject }, { images: 1 }).lean();
  await VersionModel.deleteMany({ subject });
  return [...new Set(docs.flatMap((doc) => doc.images ?? []))];
}

export type FieldChange = { path: string; before: unknown; after: unknown };

/** A field left out, null or empty reads the same to an admin: going from one to another changed nothing. */
const isNothing = (value: unknown) => value === undefined || value === null || value === "";

/**
 * What changed between two states, field by field: objects are compared key by key, and a list item by item,
 * so a reworded service shows as `items.2.title`; a list that grew or shrank shows its extra items whole.
 */
export function diffFields(before: unknown, after: unknown, path = ""): FieldChange[] {
  if (Object.is(before, after) || (isNothing(before) && isNothing(after))) return [];
  const isRecord = (value: unknown): value is Record<string, unknown> =>
    Boolean(value) && typeof value === "object" && !Array.isArray(value);
  if (Array.isArray(before) && Array.isArray(after)) {
    const changes: FieldChange[] = [];
    for (let index = 0; index < Math.max(before.length, after.length); index++) {
      const itemPath = path ? `${path}.${index}` : String(index);
      if (index >= before.length) changes.push({ path: itemPath, before: undefined, after: after[index] });
      else if (index >= after.length) changes.push({ path: itemPath, before: before[index], after: undefined });
      else changes.push(...diffFields(before[index], after[index], itemPath));
    }
    return changes;
  }
  if (isRecord(before) && isRecord(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((key) => diffFields(before[key], after[key], path ? `${path}.${key}` : key));
  }
  return [{ path: path || "(whole)", before, after }];
}
