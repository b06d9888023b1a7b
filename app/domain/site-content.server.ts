import { defaultSiteContent } from "~/domain/content-defaults";
import { fireWebhookEvent } from "./webhooks.server";
import { ContentStampModel, SiteContentModel, type SiteContentDoc } from "~/models/site-content.server";
import { recordEvent, type Origin } from "./audit-log.server";
import {
  CONTENT_PARTS,
  contentPartLabels,
  storedContentSchemas,
  type ContentPart,
  type PartContent,
  type SiteContent,
} from "./content-schemas";
import { releaseImages } from "./image-references.server";
import type { ImageStorage } from "./ports";
import { ok, refused, type Result } from "./shared";
import { contentSubject, getVersion, recordVersion, uploadUrlsIn, type VersionSummary } from "./versions.server";

// The site's words and pictures as data (docs/decisions/0020-site-content-as-data.md): a published state that
// visitors see and an optional draft per part; each save is a version (versions.server.ts).

const STAMP_ID = "site";
/** How long an instance trusts its copy before asking whether anything was published: a publish elsewhere shows within it. */
export const CONTENT_FRESH_MS = 500;

let cached: { stamp: number; content: SiteContent; checkedAt: number } | null = null;
let reading: Promise<SiteContent> | null = null;

/** How long a request waits for the stamp before the copy in hand serves it (the read goes on and refreshes the copy). */
const STAMP_PATIENCE_MS = 250;

/**
 * What visitors see: at most one small read a CONTENT_FRESH_MS, and the whole content only after a publish. A
 * database slow to answer, or away, does not hold a page that has a copy: the copy serves it meanwhile.
 */
export function getPublishedContent(): Promise<SiteContent> {
  if (cached && Date.now() - cached.checkedAt < CONTENT_FRESH_MS) return Promise.resolve(cached.content);
  reading ??= readPublished().finally(() => {
    reading = null;
  });
  if (!cached) return reading;
  const inHand = cached.content;
  return Promise.race([reading.catch(() => inHand), new Promise<SiteContent>((resolve) => setTimeout(resolve, STAMP_PATIENCE_MS, inHand))]);
}

async function readPublished(): Promise<SiteContent> {
  const checkedAt = Date.now();
  const stamp = (await ContentStampModel.findById(STAMP_ID).lean())?.n ?? 0;
  if (cached && cached.stamp === stamp) {
    cached.checkedAt = checkedAt;
    return cached.content;
  }
  const docs = await SiteContentModel.find({}, { published: 1 }).lean();
  const content = assemble(docs, (doc) => doc.published);
  cached = { stamp, content, checkedAt };
  return content;
}

/** The site as it will look once every draft is published: for an admin's preview, never cached. */
export async function getContentWithDrafts(): Promise<SiteContent> {
  const docs = await SiteContentModel.find({}, { published: 1, draft: 1 }).lean();
  return assemble(docs, (doc) => doc.draft ?? doc.published);
}

type StoredStates = { _id: string; published?: unknown; draft?: unknown };

function assemble(docs: StoredStates[], pick: (doc: StoredStates) => unknown) {
  const content = defaultSiteContent();
  const stored = new Map(docs.map((doc) => [doc._id, doc]));
  for (const part of CONTENT_PARTS) {
    const doc = stored.get(part);
    if (doc) Object.assign(content, { [part]: readPart(part, pick(doc)) ?? content[part] });
  }
  return content;
}

/** Stored content passed its schema when saved; a part that no longer does (an older shape) reads as the default. */
function readPart<P extends ContentPart>(part: P, value: unknown): PartContent<P> | null {
  if (value === null || value === undefined) return null;
  const parsed = storedContentSchemas[part].safeParse(value);
  if (parsed.success) return parsed.data as PartContent<P>;
  console.warn(`The stored ${part} content does not match its schema; showing the default instead.`);
  return null;
}

export type ContentState<P extends ContentPart = ContentPart> = {
  part: P;
  published: PartContent<P>;
  draft: PartContent<P> | null;
  publishedAt: string | null;
  draftAt: string | null;
  updatedBy: string | null;
};

export type ContentSummary = Pick<ContentState, "publishedAt" | "draftAt" | "updatedBy">;

/** Each part's dates and last editor, in one read (the contents stay in the database). */
export async function listContentStates(): Promise<Record<ContentPart, ContentSummary>> {
  const docs = await SiteContentModel.find({}, { published_at: 1, draft_at: 1, updated_by: 1 }).lean();
  const stored = new Map(docs.map((doc) => [doc._id, doc]));
  return Object.fromEntries(
    CONTENT_PARTS.map((part) => {
      const doc = stored.get(part);
      return [
        part,
        {
          publishedAt: doc?.published_at?.toISOString() ?? null,
          draftAt: doc?.draft_at?.toISOString() ?? null,
          updatedBy: doc?.updated_by ?? null,
        },
      ];
    }),
  ) as Record<ContentPart, ContentSummary>;
}

export async function getContentPart<P extends ContentPart>(part: P): Promise<ContentState<P>> {
  const doc = await SiteContentModel.findById(part).lean();
  return toState(part, doc);
}

function toState<P extends ContentPart>(part: P, doc: SiteContentDoc | null): ContentState<P> {
  return {
    part,
    published: readPart(part, doc?.published) ?? defaultSiteContent()[part],
    draft: readPart(part, doc?.draft),
    ...toDates(doc),
  };
}

const toDates = (doc: SiteContentDoc | null): ContentSummary => ({
  publishedAt: doc?.published_at?.toISOString() ?? null,
  draftAt: doc?.draft_at?.toISOString() ?? null,
  updatedBy: doc?.updated_by ?? null,
});

/** Who writes (the version's author), from where (the audit log's entry), and where images go. */
export type ContentWrite = { origin: Origin; images: ImageStorage };
export type ContentSaved<P extends ContentPart> = { state: ContentState<P>; version: VersionSummary };

// docs/behaviour.md#audit-log: the site content's saves, publishes, restores and discards, from the dashboard or the API.
const auditTarget = (part: ContentPart) => ({ type: "content", id: part, label: contentPartLabels[part] });

async function recordSave(origin: Origin, part: ContentPart, saved: ContentSaved<ContentPart>): Promise<void> {
  await recordEvent(origin, saved.version.state === "published" ? "content.published" : "content.saved", {
    target: auditTarget(part),
    details: { version: saved.version.n },
  });
  if (saved.version.state === "published") await fireWebhookEvent("content.published", { part, version: saved.version.n });
}

/** Saves checked content as the part's draft, or publishes it (dropping any draft). */
export async function saveContentPart<P extends ContentPart>(
  part: P,
  data: PartContent<P>,
  { publish, ...write }: ContentWrite & { publish: boolean },
): Promise<ContentSaved<P>> {
  const saved = await write_(part, data, { ...write, publish, action: publish ? "publish" : "draft" });
  await recordSave(write.origin, part, saved);
  return saved;
}

export async function publishContentDraft<P extends ContentPart>(
  part: P,
  write: ContentWrite,
): Promise<Result<ContentSaved<P>, "no-draft">> {
  const { draft } = await getContentPart(part);
  if (!draft) return refused("no-draft");
  const saved = await write_(part, draft, { ...write, publish: true, action: "publish" });
  await recordSave(write.origin, part, saved);
  return ok(saved);
}

/** Recorded only when there was a draft: discarding is idempotent. */
export async function discardContentDraft<P extends ContentPart>(part: P, { origin, images }: ContentWrite): Promise<ContentState<P>> {
  const before = await SiteContentModel.findById(part).lean();
  if (!before?.draft) return toState(part, before);
  const published = before.published ?? null;
  const doc = await SiteContentModel.findByIdAndUpdate(
    part,
    { $set: { draft: null, draft_at: null, images: uploadUrlsIn(published) } },
    { returnDocument: "after" },
  ).lean();
  await releaseImages(before.images ?? [], images);
  await recordEvent(origin, "content.discarded", { target: auditTarget(part) });
  return toState(part, doc);
}

/** Brings back version `n` as a new version: a draft, or published. */
export async function restoreContentVersion<P extends ContentPart>(
  part: P,
  n: number,
  { publish, ...write }: ContentWrite & { publish: boolean },
): Promise<Result<ContentSaved<P>, "version-not-found" | "version-outdated">> {
  const version = await getVersion(contentSubject(part), n);
  if (!version) return refused("version-not-found");
  const data = readPart(part, version.data);
  if (!data) return refused("version-outdated");
  const saved = await write_(part, data, { ...write, publish, action: "restore", restoredFrom: n });
  await recordEvent(write.origin, "content.restored", {
    target: auditTarget(part),
    details: { version: saved.version.n, restored_from: n, published: saved.version.state === "published" },
  });
  if (saved.version.state === "published") await fireWebhookEvent("content.published", { part, version: saved.version.n });
  return ok(saved);
}

async function write_<P extends ContentPart>(
  part: P,
  data: PartContent<P>,
  {
    publish,
    origin: { actor: author },
    images,
    action,
    restoredFrom = null,
  }: ContentWrite & { publish: boolean; action: "draft" | "publish" | "restore" | "seed"; restoredFrom?: number | null },
): Promise<ContentSaved<P>> {
  const now = new Date();
  const before = await SiteContentModel.findById(part).lean();
  const published = publish ? data : (before?.published ?? defaultSiteContent()[part]);
  const draft = publish ? null : data;
  const doc = await SiteContentModel.findByIdAndUpdate(
    part,
    {
      $set: {
        published,
        draft,
        images: uploadUrlsIn([published, draft]),
        draft_at: publish ? null : now,
        ...(publish ? { published_at: now } : {}),
        updated_by: author ? author.name || author.email : null,
      },
    },
    { upsert: true, returnDocument: "after", setDefaultsOnInsert: true },
  ).lean();
  const { version, prunedImages } = await recordVersion(contentSubject(part), data, {
    state: publish ? "published" : "draft",
    action,
    author,
    restoredFrom,
  });
  if (publish) await announcePublish();
  await releaseImages([...(before?.images ?? []), ...prunedImages], images);
  // Built from the checked content: only a published state kept beside a new draft is read back.
  const state: ContentState<P> = {
    ...toDates(doc),
    part,
    published: publish ? data : (readPart(part, published) ?? defaultSiteContent()[part]),
    draft: publish ? null : data,
  };
  return { state, version };
}

/** Every instance sees the new stamp within CONTENT_FRESH_MS; this one at once. */
async function announcePublish(): Promise<void> {
  await ContentStampModel.updateOne({ _id: STAMP_ID }, { $inc: { n: 1 } }, { upsert: true });
  cached = null;
}

/** Stores the demo content for the parts never stored; idempotent. */
export async function seedSiteContent(now = new Date()): Promise<number> {
  const defaults = defaultSiteContent(now);
  const existing = new Set((await SiteContentModel.find({}, { _id: 1 }).lean()).map((doc) => doc._id));
  const missing = CONTENT_PARTS.filter((part) => !existing.has(part));
  for (const part of missing) {
    await SiteContentModel.create({ _id: part, published: defaults[part], draft: null, images: [], published_at: now });
    await recordVersion(contentSubject(part), defaults[part], { state: "published", action: "seed", author: null });
  }
  if (missing.length) await announcePublish();
  return missing.length;
}
