import type { QueryFilter } from "mongoose";
import { CaseStudyModel, DRAFTS, PUBLISHED, type CaseStudyDoc } from "~/models/case-study.server";
import { recordEvent, serverOrigin, type AuditAction, type Origin } from "./audit-log.server";
import { imagesOf, storeStoryImages, type StoryUploads } from "./case-study-images.server";
import { nextSchedule, type ScheduleRefusal } from "./case-study-schedule";
import { DEFAULT_CASE_STUDY_STATUS, type CaseStudyStatus } from "./case-study-status";
import { isSlugTaken, slugChange, writeWithSlug } from "./case-study-slugs.server";
import { featuredChanges } from "./featured.server";
import { isObjectId } from "./ids";
import { joinIndustry, recordIndustryChange, type Industry, type IndustryJoinRefusal } from "./industries.server";
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

/** A service's slug and an industry's name (docs/behaviour.md#services-and-industries); each optional. */
export type CaseStudyFilter = { service?: string; industry?: string };

export function queryFor(who: CaseStudyAudience, filter: CaseStudyFilter = {}): QueryFilter<CaseStudyDoc> {
  const base = who.audience === "public" || who.status === "published" ? PUBLISHED : who.status === "draft" ? DRAFTS : {};
  return {
    ...base,
    ...(filter.service === undefined ? {} : { services: filter.service }),
    ...(filter.industry === undefined ? {} : { industry: filter.industry }),
  };
}

export type CaseStudyPage = Page<CaseStudy>;

/** Newest first; a page past the end is clamped to the last one. */
export function listCaseStudies({
  page,
  perPage,
  filter,
  ...who
}: { page?: number; perPage: number; filter?: CaseStudyFilter } & CaseStudyAudience): Promise<CaseStudyPage> {
  const query = queryFor(who, filter);
  return paginate({
    page,
    perPage,
    count: () => CaseStudyModel.countDocuments(query),
    fetch: async ({ skip, limit }) =>
      (await CaseStudyModel.find(query).sort({ created_at: -1, _id: -1 }).skip(skip).limit(limit).lean()).map(toCaseStudy),
  });
}

export function countCaseStudies(who: CaseStudyAudience, filter?: CaseStudyFilter): Promise<number> {
  return CaseStudyModel.countDocuments(queryFor(who, filter));
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

/** The longest address looked up: a slug has at most 80 characters, an id 24. */
const ADDRESS_MAX_LENGTH = 200;

/**
 * The entry an address names (its slug, a former slug, its id, in any case) and whether that address is its current
 * one: otherwise pages answer 301 to the current one. Drafts included: the caller decides who sees them.
 */
export async function findCaseStudyByAddress(address: string): Promise<{ study: CaseStudy; current: boolean } | null> {
  if (!address || address.length > ADDRESS_MAX_LENGTH) return null;
  let doc: CaseStudyDoc | null;
  if (isObjectId(address)) doc = await CaseStudyModel.findById(address).lean();
  else {
    const slug = address.toLowerCase();
    doc = (await CaseStudyModel.findOne({ slug }).lean()) ?? (await CaseStudyModel.findOne({ former_slugs: slug }).lean());
  }
  if (!doc) return null;
  const study = toCaseStudy(doc);
  // An entry not yet given a slug answers at its id (toCaseStudy's fallback), without a redirect.
  return { study, current: study.slug === address };
}

export async function listCaseStudyIdsForSitemap(): Promise<{ id: string; slug: string; lastModified: Date }[]> {
  const docs = await CaseStudyModel.find(PUBLISHED, { slug: 1, created_at: 1, updated_at: 1 }).sort({ created_at: -1, _id: -1 }).lean();
  return docs.map((doc) => ({
    id: doc._id.toString(),
    slug: doc.slug ?? doc._id.toString(),
    lastModified: doc.updated_at ?? doc.created_at,
  }));
}

export type CaseStudyRefusal = ImageRefusal | ScheduleRefusal | "slug-taken" | IndustryJoinRefusal;

/** A refused image names its field when it is not the cover (`seo_image`, `gallery.2.image`), a refused industry `industry`. */
type CaseStudyWriteResult<Reason extends string> = Result<CaseStudy, Reason> & { field?: string };

/** What a form or body gives: the fields, with the gallery's and the social image's new files among them. */
type WithUploads<Input> = Omit<Input, keyof StoryUploads> & StoryUploads;

/**
 * Who writes, from where, and where images go: each save of a case study is a version (its author the origin's actor,
 * docs/decisions/0021-history-as-versions.md) and an entry of the audit log.
 */
export type CaseStudyWrite = { origin: Origin; images: ImageStorage };

// docs/behaviour.md#audit-log: what a case study's write is recorded as, from the dashboard, the API or the schedule.

const auditTarget = ({ id, title }: Pick<CaseStudy, "id" | "title">) => ({ type: "case-study", id, label: title });

const stateOf = ({ status, publish_at, unpublish_at }: CaseStudy) => ({
  status,
  ...(publish_at ? { publish_at } : {}),
  ...(unpublish_at ? { unpublish_at } : {}),
});

/** One entry per save: the change of state it made when it made one, else an update. */
function saveAction(before: CaseStudy | null, after: CaseStudy): AuditAction {
  if (!before) return "case-study.created";
  if (before.status !== after.status) return after.status === "published" ? "case-study.published" : "case-study.unpublished";
  const scheduled = (time: "publish_at" | "unpublish_at") => after[time] !== null && after[time] !== before[time];
  return scheduled("publish_at") || scheduled("unpublish_at") ? "case-study.scheduled" : "case-study.updated";
}

/** The industry a save added is recorded as one added on the Industries screen is, before the save. */
async function recordSave(origin: Origin, before: CaseStudy | null, after: CaseStudy, industryAdded: Industry | undefined) {
  if (industryAdded) await recordIndustryChange(origin, industryAdded, { change: "added" });
  await recordEvent(origin, saveAction(before, after), { target: auditTarget(after), details: stateOf(after) });
}

/** What a version of a case study keeps: the fields an admin edits (the address history and the featured order are not). */
export type CaseStudyVersionData = Omit<CaseStudy, "id" | "created_at" | "featured_order">;

function versionData(study: CaseStudy): CaseStudyVersionData {
  const { id: _id, created_at: _created, featured_order: _order, ...edited } = study;
  return edited;
}

async function keepVersion(
  study: CaseStudy,
  action: "create" | "update" | "restore" | "seed" | "schedule",
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
  { origin, images }: CaseStudyWrite,
): Promise<CaseStudyWriteResult<CaseStudyRefusal>> {
  const author = origin.actor;
  const { gallery, seo_image, ...given } = input;
  const { status = DEFAULT_CASE_STUDY_STATUS, image_alt, publish_at, unpublish_at, slug: wanted = null, ...fields } = given;
  const schedule = nextSchedule({ status, publish_at: null, unpublish_at: null, scheduled_by: null }, { publish_at, unpublish_at }, author);
  if (!schedule.ok) return refused(schedule.reason);
  if (wanted && (await isSlugTaken(wanted))) return refused("slug-taken");
  const stored = await images.store(image);
  if (!stored.ok) return refused(stored.reason);
  const story = await storeStoryImages({ gallery, seo_image }, images);
  if (!story.ok) {
    await images.remove(stored.url);
    return { ...refused(story.reason), field: story.field };
  }
  const removeWritten = () => Promise.all([stored.url, ...story.written].map((url) => images.remove(url)));
  let created: CaseStudy | null = null;
  let industryAdded: Industry | undefined;
  try {
    // Last before the write: a save refused for anything else adds no industry.
    const joined = await joinIndustry(fields.industry);
    if (!joined.ok) {
      await removeWritten();
      return { ...refused(joined.reason), field: "industry" };
    }
    const written = await writeWithSlug(wanted, fields.title, undefined, async (slug) =>
      CaseStudyModel.create({
        ...fields,
        industry: joined.value.industry.name,
        ...story.fields,
        ...schedule.value,
        ...(await featuredChanges(given, null)),
        slug,
        status,
        image_alt: image_alt ?? null,
        image_url: stored.url,
      }),
    );
    if (!written.ok) {
      await removeWritten();
      return written;
    }
    created = toCaseStudy(written.value.toObject());
    if (joined.value.added) industryAdded = joined.value.industry;
    await keepVersion(created, "create", author);
  } catch (error) {
    if (created) await CaseStudyModel.deleteOne({ _id: created.id });
    await removeWritten();
    throw error;
  }
  await recordSave(origin, null, created, industryAdded);
  return ok(created);
}

/**
 * Changes the fields given (a whole entry, or some of them); the others stay. Without a new image the old one stays;
 * a replaced image stays stored while a kept version shows it, and goes with the last such version.
 */
export async function updateCaseStudy(
  id: string,
  input: WithUploads<CaseStudyChanges>,
  image: File | null,
  { origin, images }: CaseStudyWrite,
): Promise<CaseStudyWriteResult<CaseStudyRefusal | "not-found">> {
  const author = origin.actor;
  if (!isObjectId(id)) return refused("not-found");
  const existing = await CaseStudyModel.findById(id).lean();
  if (!existing) return refused("not-found");
  const { gallery, seo_image, ...given } = input;
  // Absent keeps the address; empty (null) makes it from the title again.
  const { slug: wantedSlug, publish_at, unpublish_at, ...changes } = given;
  const schedule = nextSchedule(
    {
      status: toCaseStudy(existing).status,
      publish_at: existing.publish_at ?? null,
      unpublish_at: existing.unpublish_at ?? null,
      scheduled_by: existing.scheduled_by ?? null,
    },
    { status: given.status, publish_at, unpublish_at },
    author,
  );
  if (!schedule.ok) return refused(schedule.reason);
  if (wantedSlug && wantedSlug !== existing.slug && (await isSlugTaken(wantedSlug, { exceptId: id }))) return refused("slug-taken");
  const stored = image ? await images.store(image) : null;
  if (stored && !stored.ok) return refused(stored.reason);
  const url = stored?.ok ? stored.url : null;
  const story = await storeStoryImages({ gallery, seo_image }, images);
  if (!story.ok) {
    if (url) await images.remove(url);
    return { ...refused(story.reason), field: story.field };
  }
  const removeWritten = () => Promise.all([...(url ? [url] : []), ...story.written].map((written) => images.remove(written)));
  let doc: CaseStudyDoc | null;
  let industryAdded: Industry | undefined;
  try {
    if (changes.industry !== undefined) {
      const joined = await joinIndustry(changes.industry);
      if (!joined.ok) {
        await removeWritten();
        return { ...refused(joined.reason), field: "industry" };
      }
      changes.industry = joined.value.industry.name;
      if (joined.value.added) industryAdded = joined.value.industry;
    }
    await keepStartingPoint(existing);
    const featured = await featuredChanges(given, existing);
    const write = (slug: string | null) =>
      CaseStudyModel.findByIdAndUpdate(
        id,
        {
          $set: {
            ...definedFields(changes),
            ...story.fields,
            ...schedule.value,
            ...featured,
            ...(slug && slug !== existing.slug ? slugChange(existing, slug) : {}),
            ...(url ? { image_url: url } : {}),
          },
        },
        { returnDocument: "after", runValidators: true },
      ).lean();
    const written =
      wantedSlug === undefined
        ? { ok: true as const, value: await write(null) }
        : await writeWithSlug(wantedSlug, changes.title ?? existing.title, id, write);
    if (!written.ok) {
      await removeWritten();
      return written;
    }
    doc = written.value;
  } catch (error) {
    await removeWritten();
    throw error;
  }
  if (!doc) {
    await removeWritten();
    return refused("not-found");
  }
  const study = toCaseStudy(doc);
  const pruned = await keepVersion(study, "update", author);
  // Whatever the entry showed before and no longer does goes, unless a kept version still shows it.
  const shown = new Set(imagesOf(doc));
  await releaseImages([...imagesOf(existing).filter((before) => !shown.has(before)), ...pruned], images);
  await recordSave(origin, toCaseStudy(existing), study, industryAdded);
  return ok(study);
}

/** The fields that were given: an absent one (undefined) keeps the stored value; null clears it. */
function definedFields<Changes extends object>(input: Changes): Partial<Changes> {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as Partial<Changes>;
}

/**
 * Brings back version `n`'s fields, its image included, as a new version. The image's files are still stored:
 * a kept version holds them (image-references.server.ts). The address stays: links to it must not break.
 */
export async function restoreCaseStudyVersion(
  id: string,
  n: number,
  { origin, images }: CaseStudyWrite,
): Promise<Result<CaseStudy, "not-found" | "version-not-found">> {
  if (!isObjectId(id)) return refused("not-found");
  const existing = await CaseStudyModel.findById(id).lean();
  if (!existing) return refused("not-found");
  const version = await getVersion<CaseStudyVersionData>(caseStudySubject(id), n);
  if (!version) return refused("version-not-found");
  const { slug: _address, ...restored } = versionData({ ...toCaseStudy(existing), ...version.data });
  const doc = await CaseStudyModel.findByIdAndUpdate(
    id,
    // A schedule is about what comes next: a restored state starts without one.
    { $set: { ...restored, publish_at: null, unpublish_at: null, scheduled_by: null } },
    { returnDocument: "after", runValidators: true },
  ).lean();
  if (!doc) return refused("not-found");
  const study = toCaseStudy(doc);
  const pruned = await keepVersion(study, "restore", origin.actor, n);
  await releaseImages([...imagesOf(existing), ...pruned], images);
  await recordEvent(origin, "case-study.restored", { target: auditTarget(study), details: { version: n, ...stateOf(study) } });
  return ok(study);
}

/**
 * Deletes the case study and its history: nothing could show an old version of an entry that is gone, so its images
 * go too, each unless something else still uses it. Answers the entry as it was; null when there was none.
 */
export async function deleteCaseStudy(id: string, { origin, images }: CaseStudyWrite): Promise<CaseStudy | null> {
  if (!isObjectId(id)) return null;
  const existing = await CaseStudyModel.findById(id).lean();
  if (!existing) return null;
  const { deletedCount } = await CaseStudyModel.deleteOne({ _id: existing._id });
  if (deletedCount !== 1) return null;
  const shownByVersions = await removeVersions(caseStudySubject(id));
  await releaseImages([...imagesOf(existing), ...shownByVersions], images);
  const removed = toCaseStudy(existing);
  await recordEvent(origin, "case-study.deleted", { target: auditTarget(removed) });
  return removed;
}

// The update matches the entry only as it was read, so of racing sweeps (several instances) exactly one changes it:
// modifiedCount says which. Not findOneAndUpdate, whose filter the embedded engine does not check again (0009).
async function claimDue(filter: Record<string, unknown>, set: Record<string, unknown>) {
  for (let tries = 0; tries < 10; tries++) {
    const candidate = await CaseStudyModel.findOne(filter).sort({ _id: 1 }).lean();
    if (!candidate) return null;
    const asRead = { _id: candidate._id, status: candidate.status, publish_at: candidate.publish_at, unpublish_at: candidate.unpublish_at };
    const { modifiedCount } = await CaseStudyModel.updateOne(asRead, { $set: set });
    if (modifiedCount === 1) return CaseStudyModel.findById(candidate._id).lean();
  }
  return null;
}

/**
 * Publishes every draft whose publish time has come and unpublishes every entry whose unpublish time has, as the
 * admin who scheduled it (docs/behaviour.md#publishing-on-a-schedule). Each change is claimed by one conditional
 * update, so with several instances sweeping at once it happens, and is recorded, once.
 */
export async function applyDueSchedules(now: Date, images: ImageStorage): Promise<{ published: number; unpublished: number }> {
  const applied = { published: 0, unpublished: 0 };
  const steps = [
    { filter: { ...DRAFTS, publish_at: { $lte: now } }, set: { status: "published", publish_at: null }, count: "published" },
    { filter: { ...PUBLISHED, unpublish_at: { $lte: now } }, set: { status: "draft", unpublish_at: null }, count: "unpublished" },
  ] as const;
  for (const step of steps) {
    for (;;) {
      const doc = await claimDue(step.filter, step.set);
      if (!doc) break;
      applied[step.count]++;
      const author = doc.scheduled_by ?? null;
      if (!doc.publish_at && !doc.unpublish_at && author) {
        await CaseStudyModel.updateOne({ _id: doc._id, publish_at: null, unpublish_at: null }, { $set: { scheduled_by: null } });
      }
      const study = toCaseStudy(doc);
      await releaseImages(await keepVersion(study, "schedule", author), images);
      // No admin acted; `scheduled_by` is who set the time.
      await recordEvent(serverOrigin("schedule"), step.count === "published" ? "case-study.published" : "case-study.unpublished", {
        target: auditTarget(study),
        details: { by: "schedule", ...(author ? { scheduled_by: `${author.name} <${author.email}>` } : {}) },
      });
    }
  }
  return applied;
}
