import { CaseStudyModel, DRAFTS, PUBLISHED, type CaseStudyDoc } from "~/models/case-study.server";
import { DEFAULT_CASE_STUDY_STATUS, type CaseStudyStatus } from "./case-study-status";
import { isObjectId } from "./ids";
import { paginate, type Page } from "./paginate";
import type { ImageRefusal, ImageStorage } from "./ports";
import { ok, refused, type Result } from "./result";
import type { CaseStudyChanges, CaseStudyInput } from "./schemas";
import type { CaseStudy, PublicCaseStudy } from "./types";

export function toCaseStudy(doc: CaseStudyDoc): CaseStudy {
  return {
    id: doc._id.toString(),
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
    created_at: doc.created_at.toISOString(),
  };
}

export function toPublicCaseStudy(study: CaseStudy): PublicCaseStudy {
  const { id, title, client, industry, project_insight, technologies, outcomes, image_url, image_alt, website_url, created_at } = study;
  return { id, title, client, industry, project_insight, technologies, outcomes, image_url, image_alt, website_url, created_at };
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

/** A failure leaves no file and no document behind. */
export async function createCaseStudy(
  input: CaseStudyInput,
  image: File,
  images: ImageStorage,
): Promise<Result<CaseStudy, CaseStudyRefusal>> {
  const stored = await images.store(image);
  if (!stored.ok) return refused(stored.reason);
  try {
    const { status, image_alt, ...fields } = input;
    const doc = await CaseStudyModel.create({
      ...fields,
      status: status ?? DEFAULT_CASE_STUDY_STATUS,
      image_alt: image_alt ?? null,
      image_url: stored.url,
    });
    return ok(toCaseStudy(doc.toObject()));
  } catch (error) {
    await images.remove(stored.url);
    throw error;
  }
}

/**
 * Changes the fields given (a whole entry, or some of them); the others stay. Without a new image the old one stays;
 * a replaced image's files are deleted once the document points at the new one.
 */
export async function updateCaseStudy(
  id: string,
  input: CaseStudyChanges,
  image: File | null,
  images: ImageStorage,
): Promise<Result<CaseStudy, CaseStudyRefusal | "not-found">> {
  if (!isObjectId(id)) return refused("not-found");
  const existing = await CaseStudyModel.findById(id).lean();
  if (!existing) return refused("not-found");
  const stored = image ? await images.store(image) : null;
  if (stored && !stored.ok) return refused(stored.reason);
  const url = stored?.ok ? stored.url : null;
  try {
    const doc = await CaseStudyModel.findByIdAndUpdate(
      id,
      { $set: { ...definedFields(input), ...(url ? { image_url: url } : {}) } },
      { returnDocument: "after", runValidators: true },
    ).lean();
    if (!doc) {
      if (url) await images.remove(url);
      return refused("not-found");
    }
    if (url) await images.remove(existing.image_url);
    return ok(toCaseStudy(doc));
  } catch (error) {
    if (url) await images.remove(url);
    throw error;
  }
}

/** The fields that were given: an absent one (undefined) keeps the stored value; null clears it. */
function definedFields(input: CaseStudyChanges): CaseStudyChanges {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
}

export async function deleteCaseStudy(id: string, images: ImageStorage): Promise<boolean> {
  if (!isObjectId(id)) return false;
  const existing = await CaseStudyModel.findById(id).lean();
  if (!existing) return false;
  const { deletedCount } = await CaseStudyModel.deleteOne({ _id: existing._id });
  if (deletedCount) await images.remove(existing.image_url);
  return deletedCount === 1;
}
