import { CaseStudyModel, DRAFTS, PUBLISHED, type CaseStudyDoc } from "~/models/case-study.server";
import { imagesOf, storeStoryImages, type StoryUploads } from "./case-study-images.server";
import { DEFAULT_CASE_STUDY_STATUS, type CaseStudyStatus } from "./case-study-status";
import { isObjectId } from "./ids";
import { releaseImages } from "./image-references.server";
import { paginate, type Page } from "./paginate";
import type { ImageRefusal, ImageStorage } from "./ports";
import { ok, refused, type Result } from "./result";
import type { CaseStudyChanges, CaseStudyInput } from "./schemas";
import type { CaseStudy, PublicCaseStudy } from "./types";
import { caseStudySubject, getVersion, hasVersions, recordVersion, removeVersions, type VersionAuthor } from "./versions.server";

export function toCaseStudy(doc: CaseStudyDoc): CaseStudy {
  const id = doc._id.toString();
  return {
    id,
    slug: doc.slug ?? id,
    title: doc.title,
    client: doc.client,
    industry: doc.industry,
    project_insight: doc.project_insight,
    technologies: [...doc.technologies],
    outcomes: doc.outcomes.map(({ label, value }) => ({ label, value })),
    image_url: doc.image_url,
    image_alt: doc.image_alt || null,
    website_url: doc.website_url ?? null,
    // Stored documents may lack a status: those are published.
    status: doc.status === "draft" ? "draft" : "published",
    summary: doc.summary || null,
    challenge: doc.challenge || null,
    approach: doc.approach || null,
    result: doc.result || null,
    gallery: (doc.gallery ?? []).map(({ url, alt, caption }) => ({ url, alt, caption: caption || null })),
    services: [...(doc.services ?? [])],
    featured: doc.featured === true,
    featured_order: doc.featured === true ? (doc.featured_order ?? null) : null,
    seo_title: doc.seo_title || null,
    seo_description: doc.seo_description || null,
    seo_image_url: doc.seo_image_url || null,
    publish_at: doc.publish_at ? doc.publish_at.toISOString() : null,
    unpublish_at: doc.unpublish_at ? doc.unpublish_at.toISOString() : null,
    created_at: doc.created_at.toISOString(),
  };
}

export function toPublicCaseStudy(study: CaseStudy): PublicCaseStudy {
  const { status: _status, publish_at: _publish, unpublish_at: _unpublish, ...visible } = study;
  return visible;
}

export type CaseStudyAudience = { audience: "public" } | { audience: "admin"; status?: CaseStudyStatus };

function queryFor(who: CaseStudyAudience) {
  if (who.audience === "public" || who.status === "published") return PUBLISHED;
  return who.status === "draft" ? DRAFTS : {};
}

export type CaseStudyPage = Page<CaseStudy>;

/** Newest first; a page past the end is clamped to the last one. */
export function listCaseStudies({ page, perPage, ...who }: { page?: number; perPage: number } & CaseStudyAudience): Promise<CaseStudyPage> {
  const query = queryFor(who);
  return paginate({
    page,
    perPage,
    count: () => CaseStudyModel.countDocuments(query),
    fetch: async ({ skip, limit }) =>
      (await CaseStudyModel.find(query).sort({ created_at: -1, _id: -1 }).skip(skip).limit(limit).lean()).map(toCaseStudy),
  });
}

export function countCaseStudies(who: CaseStudyAudience): Promise<number> {
  return CaseStudyModel.countDocuments(queryFor(who));
}

export async function countCaseStudiesByStatus(): Promise<Record<CaseStudyStatus, number>> {
  const [published, draft] = await Promise.all([CaseStudyModel.countDocuments(PUBLISHED), CaseStudyModel.countDocuments(DRAFTS)]);
  return { published, draft };
}

/** Null for an unknown id or one that is not an ObjectId, and for a draft when `audience` is "public". */
export async function getCaseStudy(
  id: string,
  { audience = "admin" }: { audience?: CaseStudyAudience["audience"] } = {},
): Promise<CaseStudy | null> {
  if (!isObjectId(id)) return null;
  const doc = await CaseStudyModel.findById(id).lean();
  if (!doc) return null;
  const study = toCaseStudy(doc);
  return audience === "public" && study.status === "draft" ? null : study;
}

export async function listCaseStudyIdsForSitemap(): Promise<{ id: string; lastModified: Date }[]> {
  const docs = await CaseStudyModel.find(PUBLISHED, { created_at: 1, updated_at: 1 }).sort({ created_at: -1, _id: -1 }).lean();
  return docs.map((doc) => ({ id: doc._id.toString(), lastModified: doc.updated_at ?? doc.created_at }));
}

export type CaseStudyRefusal = ImageRefusal;

/** A refused image names its field when it is not the cover (`seo_image`, `gallery.2.image`). */
type CaseStudyWriteResult<Reason extends string> = Result<CaseStudy, Reason> & { field?: string };

/** What a form or body gives: the fields, with the gallery's and the social image's new files among them. */
type WithUploads<Input> = Omit<Input, keyof StoryUploads> & StoryUploads;

/** Who writes, and where images go: each save of a case study is a version (docs/decisions/0021-history-as-versions.md). */
export type CaseStudyWrite = { author: VersionAuthor | null; images: ImageStorage };

/** What a version of a case study keeps: the fields an admin edits (the address history and the featured order are not). */
export type CaseStudyVersionData = Omit<CaseStudy, "id" | "created_at" | "featured_order">;

function versionData(study: CaseStudy): CaseStudyVersionData {
  const { id: _id, created_at: _created, featured_order: _order, ...edited } = study;
  return edited;
}

async function keepVersion(
  study: CaseStudy,
  action: "create" | "update" | "restore" | "seed",
  author: VersionAuthor | null,
  restoredFrom: number | null = null,
): Promise<string[]> {
  const { prunedImages } = await recordVersion(caseStudySubject(study.id), versionData(study), {
    state: study.status,
    action,
    author,
    restoredFrom,
  });
  return prunedImages;
}

/** A study stored before its history began (the demo's, an import) keeps that state as its first version. */
async function keepStartingPoint(existing: CaseStudyDoc): Promise<void> {
  if (!(await hasVersions(caseStudySubject(existing._id.toString())))) await keepVersion(toCaseStudy(existing), "seed", null);
}

/** A failure leaves no file and no document behind. */
export async function createCaseStudy(
  input: WithUploads<CaseStudyInput>,
  image: File,
  { author, images }: CaseStudyWrite,
): Promise<CaseStudyWriteResult<CaseStudyRefusal>> {
  const stored = await images.store(image);
  if (!stored.ok) return refused(stored.reason);
  const { gallery, seo_image, ...given } = input;
  const story = await storeStoryImages({ gallery, seo_image }, images);
  if (!story.ok) {
    await images.remove(stored.url);
    return { ...refused(story.reason), field: story.field };
  }
  let created: CaseStudy | null = null;
  try {
    const { status, image_alt, ...fields } = given;
    const doc = await CaseStudyModel.create({
      ...fields,
      ...story.fields,
      status: status ?? DEFAULT_CASE_STUDY_STATUS,
      image_alt: image_alt ?? null,
      image_url: stored.url,
    });
    created = toCaseStudy(doc.toObject());
    await keepVersion(created, "create", author);
    return ok(created);
  } catch (error) {
    if (created) await CaseStudyModel.deleteOne({ _id: created.id });
    await Promise.all([stored.url, ...story.written].map((url) => images.remove(url)));
    throw error;
  }
}

/**
 * Changes the fields given (a whole entry, or some of them); the others stay. Without a new image the old one stays;
 * a replaced image stays stored while a kept version shows it, and goes with the last such version.
 */
export async function updateCaseStudy(
  id: string,
  input: WithUploads<CaseStudyChanges>,
  image: File | null,
  { author, images }: CaseStudyWrite,
): Promise<CaseStudyWriteResult<CaseStudyRefusal | "not-found">> {
  if (!isObjectId(id)) return refused("not-found");
  const existing = await CaseStudyModel.findById(id).lean();
  if (!existing) return refused("not-found");
  const stored = image ? await images.store(image) : null;
  if (stored && !stored.ok) return refused(stored.reason);
  const url = stored?.ok ? stored.url : null;
  const { gallery, seo_image, ...given } = input;
  const story = await storeStoryImages({ gallery, seo_image }, images);
  if (!story.ok) {
    if (url) await images.remove(url);
    return { ...refused(story.reason), field: story.field };
  }
  const written = [...(url ? [url] : []), ...story.written];
  let doc: CaseStudyDoc | null;
  try {
    await keepStartingPoint(existing);
    doc = await CaseStudyModel.findByIdAndUpdate(
      id,
      { $set: { ...definedFields(given), ...story.fields, ...(url ? { image_url: url } : {}) } },
      { returnDocument: "after", runValidators: true },
    ).lean();
  } catch (error) {
    await Promise.all(written.map((written) => images.remove(written)));
    throw error;
  }
  if (!doc) {
    await Promise.all(written.map((written) => images.remove(written)));
    return refused("not-found");
  }
  const study = toCaseStudy(doc);
  const pruned = await keepVersion(study, "update", author);
  // Whatever the entry showed before and no longer does goes, unless a kept version still shows it.
  const shown = new Set(imagesOf(doc));
  await releaseImages([...imagesOf(existing).filter((before) => !shown.has(before)), ...pruned], images);
  return ok(study);
}

/** The fields that were given: an absent one (undefined) keeps the stored value; null clears it. */
function definedFields<Changes extends object>(input: Changes): Partial<Changes> {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as Partial<Changes>;
}

/**
 * Brings back version `n`'s fields, its image included, as a new version. The image's files are still stored:
 * a kept version holds them (image-references.server.ts).
 */
export async function restoreCaseStudyVersion(
  id: string,
  n: number,
  { author, images }: CaseStudyWrite,
): Promise<Result<CaseStudy, "not-found" | "version-not-found">> {
  if (!isObjectId(id)) return refused("not-found");
  const existing = await CaseStudyModel.findById(id).lean();
  if (!existing) return refused("not-found");
  const version = await getVersion<CaseStudyVersionData>(caseStudySubject(id), n);
  if (!version) return refused("version-not-found");
  const doc = await CaseStudyModel.findByIdAndUpdate(
    id,
    { $set: versionData({ ...toCaseStudy(existing), ...version.data }) },
    { returnDocument: "after", runValidators: true },
  ).lean();
  if (!doc) return refused("not-found");
  const study = toCaseStudy(doc);
  const pruned = await keepVersion(study, "restore", author, n);
  await releaseImages([...imagesOf(existing), ...pruned], images);
  return ok(study);
}

/**
 * Deletes the case study and its history: nothing could show an old version of an entry that is gone, so its images
 * go too, each unless something else still uses it.
 */
export async function deleteCaseStudy(id: string, images: ImageStorage): Promise<boolean> {
  if (!isObjectId(id)) return false;
  const existing = await CaseStudyModel.findById(id).lean();
  if (!existing) return false;
  const { deletedCount } = await CaseStudyModel.deleteOne({ _id: existing._id });
  if (deletedCount !== 1) return false;
  const shownByVersions = await removeVersions(caseStudySubject(id));
  await releaseImages([...imagesOf(existing), ...shownByVersions], images);
  return true;
}
