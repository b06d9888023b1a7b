import type { QueryFilter } from "mongoose";
import type { z, ZodTypeAny } from "zod";
import { CaseStudyModel, DRAFTS, PUBLISHED, type CaseStudyDoc, type GalleryImageDoc } from "~/models/case-study.server";
import { recordEvent, serverOrigin, type AuditAction, type Origin } from "./audit-log.server";
import type { GalleryEntryInput } from "./case-study-story-schemas";
import { DEFAULT_CASE_STUDY_STATUS, type CaseStudyStatus } from "./case-study-status";
import {
  type CaseStudyChoices,
  isObjectId,
  ok,
  refused,
  type Result,
  cutAtWord,
  FALLBACK_SLUG,
  SLUG_MAX_LENGTH,
  slugCandidate,
  slugFromTitle,
} from "./shared";
import { joinIndustry, listIndustries, recordIndustryChange, type Industry, type IndustryJoinRefusal } from "./industries.server";
import { releaseImages } from "./image-references.server";
import { messages } from "./messages";
import { paginate, type Page } from "./paginate";
import type { ImageRefusal, ImageStorage } from "./ports";
import { missingForPublishing, type CaseStudyChanges, type CaseStudyInput, type PublishableCaseStudy } from "./schemas";
import { getPublishedContent } from "./site-content.server";
import type { CaseStudy, PublicCaseStudy } from "./types";
import { fireWebhookEvent } from "./webhooks.server";
import { caseStudySubject, getVersion, hasVersions, recordVersion, removeVersions, type VersionAuthor } from "./versions.server";

// docs/behaviour.md#case-studies: one module for the case study: its queries, rules (addresses, schedule, featured
// order, images, choices), writes and their audit entries.

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
    // Empty: a draft without an image yet.
    image_url: doc.image_url || null,
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
  // Only published entries reach the public, and publishing needs the image.
  return { ...visible, image_url: visible.image_url ?? "" };
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

export type ScheduledChange = { id: string; title: string; change: "publish" | "unpublish"; at: string };

/** The next `limit` publish and unpublish times to come, soonest first: two reads on the schedule's indexes. */
export async function listScheduledChanges(limit: number): Promise<ScheduledChange[]> {
  const next = (field: "publish_at" | "unpublish_at") =>
    CaseStudyModel.find({ [field]: { $type: "date" } })
      .sort({ [field]: 1 })
      .limit(limit)
      .lean();
  const [publishing, unpublishing] = await Promise.all([next("publish_at"), next("unpublish_at")]);
  return [
    ...publishing.map((doc) => ({ id: doc._id.toString(), title: doc.title, change: "publish" as const, at: doc.publish_at! })),
    ...unpublishing.map((doc) => ({ id: doc._id.toString(), title: doc.title, change: "unpublish" as const, at: doc.unpublish_at! })),
  ]
    .sort((a, b) => a.at.getTime() - b.at.getTime())
    .slice(0, limit)
    .map((item) => ({ ...item, at: item.at.toISOString() }));
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

/** `incomplete`: going public without a field publishing needs; `field` names the first one. */
export type CaseStudyRefusal = ImageRefusal | ScheduleRefusal | "slug-taken" | IndustryJoinRefusal | "incomplete";

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
  const scheduled = (time: "publish_at" | "unpublish_at") => after[time] !== null && after[time] !== before[time];
  if (after.status === "published" && before.status !== "published") return "case-study.published";
  // A published study given a publish time goes back to draft until then: the admin scheduled it.
  if (after.status !== "published" && before.status === "published")
    return scheduled("publish_at") ? "case-study.scheduled" : "case-study.unpublished";
  return scheduled("publish_at") || scheduled("unpublish_at") ? "case-study.scheduled" : "case-study.updated";
}

/** The industry a save added is recorded as one added on the Industries screen is, before the save. */
async function recordSave(origin: Origin, before: CaseStudy | null, after: CaseStudy, industryAdded: Industry | undefined) {
  if (industryAdded) await recordIndustryChange(origin, industryAdded, { change: "added" });
  const action = saveAction(before, after);
  await recordEvent(origin, action, { target: auditTarget(after), details: stateOf(after) });
  if (action === "case-study.published" || (action === "case-study.created" && after.status === "published"))
    await fireWebhookEvent("case_study.published", { case_study: studyEvent(after) });
  // Scheduled or not, a study that left the site is unpublished for a receiver.
  if (before?.status === "published" && after.status !== "published")
    await fireWebhookEvent("case_study.unpublished", { case_study: studyEvent(after) });
}

const studyEvent = ({ id, title, slug }: CaseStudy) => ({ id, title, slug });

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

/**
 * docs/behaviour.md#drafts: an entry that is or will go public (a publish time) has every field publishing needs,
 * checked on the entry as it would be stored; the first one missing names the refusal.
 */
function refusedAsIncomplete(study: PublishableCaseStudy, goesPublic: boolean): CaseStudyWriteResult<"incomplete"> | null {
  const first = goesPublic ? missingForPublishing(study)[0] : undefined;
  return first ? { ...refused("incomplete"), field: first.field } : null;
}

/** A failure leaves no file and no document behind. A draft may come without an image. */
export async function createCaseStudy(
  input: WithUploads<CaseStudyInput>,
  image: File | null | undefined,
  { origin, images }: CaseStudyWrite,
): Promise<CaseStudyWriteResult<CaseStudyRefusal>> {
  const author = origin.actor;
  const { gallery, seo_image, ...given } = input;
  const { status = DEFAULT_CASE_STUDY_STATUS, image_alt, publish_at, unpublish_at, slug: wanted = null, ...fields } = given;
  const schedule = nextSchedule({ status, publish_at: null, unpublish_at: null, scheduled_by: null }, { publish_at, unpublish_at }, author);
  if (!schedule.ok) return refused(schedule.reason);
  const incomplete = refusedAsIncomplete(
    { ...fields, image_url: image ? "chosen" : "" },
    status === "published" || Boolean(schedule.value.publish_at),
  );
  if (incomplete) return incomplete;
  if (wanted && (await isSlugTaken(wanted))) return refused("slug-taken");
  const stored = image ? await images.store(image) : null;
  if (stored && !stored.ok) return refused(stored.reason);
  const imageUrl = stored?.ok ? stored.url : "";
  const story = await storeStoryImages({ gallery, seo_image }, images);
  if (!story.ok) {
    if (imageUrl) await images.remove(imageUrl);
    return { ...refused(story.reason), field: story.field };
  }
  const removeWritten = () => Promise.all([imageUrl, ...story.written].filter(Boolean).map((url) => images.remove(url)));
  let created: CaseStudy | null = null;
  let industryAdded: Industry | undefined;
  try {
    // Last before the write: a save refused for anything else adds no industry. A draft's may be empty: none joins.
    const joined = fields.industry ? await joinIndustry(fields.industry) : null;
    if (joined && !joined.ok) {
      await removeWritten();
      return { ...refused(joined.reason), field: "industry" };
    }
    const written = await writeWithSlug(wanted, fields.title, undefined, async (slug) =>
      CaseStudyModel.create({
        ...fields,
        industry: joined ? joined.value.industry.name : "",
        ...story.fields,
        ...schedule.value,
        ...(await featuredChanges(given, null)),
        slug,
        status,
        image_alt: image_alt ?? null,
        image_url: imageUrl,
      }),
    );
    if (!written.ok) {
      await removeWritten();
      return written;
    }
    created = toCaseStudy(written.value.toObject());
    if (joined?.value.added) industryAdded = joined.value.industry;
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
  const incomplete = refusedAsIncomplete(
    { ...toCaseStudy(existing), ...definedFields(changes), image_url: image ? "chosen" : existing.image_url },
    (given.status ?? toCaseStudy(existing).status) === "published" || Boolean(schedule.value.publish_at),
  );
  if (incomplete) return incomplete;
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
    if (changes.industry) {
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
  const was = toCaseStudy(existing).status;
  if (was !== study.status)
    await fireWebhookEvent(study.status === "published" ? "case_study.published" : "case_study.unpublished", {
      case_study: studyEvent(study),
    });
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
      await fireWebhookEvent(step.count === "published" ? "case_study.published" : "case_study.unpublished", {
        case_study: studyEvent(study),
      });
    }
  }
  return applied;
}

// Addresses of case studies (docs/behaviour.md#addresses). A slug belongs to one entry for ever: its current one, or
// one of its former ones, so an old link can never lead to different work.

/** Another entry's current or former slug; the unique index only guards current ones, this check the rest. */
function usedByOthers(slug: string | RegExp, exceptId?: string): QueryFilter<CaseStudyDoc> {
  return { ...(exceptId && isObjectId(exceptId) ? { _id: { $ne: exceptId } } : {}), $or: [{ slug }, { former_slugs: slug }] };
}

/** Whether another entry than `exceptId` has `slug` now or had it before. */
export async function isSlugTaken(slug: string, { exceptId }: { exceptId?: string } = {}): Promise<boolean> {
  return Boolean(await CaseStudyModel.exists(usedByOthers(slug, exceptId)));
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The first of `base`, `base-2`, `base-3`… that no other entry uses or used: one query (an anchored prefix, which
 * the slug indexes answer). The entry itself may take back one of its own former slugs.
 */
export async function freeSlug(base: string, { exceptId }: { exceptId?: string } = {}): Promise<string> {
  const start = base || FALLBACK_SLUG;
  // Every candidate starts with this: a suffix of up to five characters cuts the base at most this far.
  const prefix = new RegExp(`^${escapeRegExp(cutAtWord(start, SLUG_MAX_LENGTH - 5))}`);
  const docs = await CaseStudyModel.find(usedByOthers(prefix, exceptId), { slug: 1, former_slugs: 1 }).lean();
  const taken = new Set(docs.flatMap((doc) => [doc.slug, ...(doc.former_slugs ?? [])]));
  for (let n = 1; ; n++) {
    const candidate = slugCandidate(start, n);
    if (!taken.has(candidate)) return candidate;
  }
}

/** The slug a title gives, free of other entries. */
const freeSlugForTitle = (title: string, options: { exceptId?: string } = {}) => freeSlug(slugFromTitle(title), options);

/** The fields to write when `existing` moves to `next`: the old slug joins the former ones, a former one taken back leaves them. */
function slugChange(existing: Pick<CaseStudyDoc, "slug" | "former_slugs">, next: string): Pick<CaseStudyDoc, "slug" | "former_slugs"> {
  const former = (existing.former_slugs ?? []).filter((slug) => slug !== next);
  if (existing.slug && existing.slug !== next && !former.includes(existing.slug)) former.push(existing.slug);
  // The whole array is set: the embedded engine has no $push or $pull.
  return { slug: next, former_slugs: former };
}

/** A write refused by the unique index on `slug` (another entry took it between the check and the write). */
function isSlugConflict(error: unknown): boolean {
  const failure = error as { code?: number; keyPattern?: Record<string, unknown> } | null;
  return failure?.code === 11000 && (!failure.keyPattern || "slug" in failure.keyPattern);
}

const SLUG_ATTEMPTS = 5;

/**
 * Gives every entry stored without a slug (from before addresses, an older export, a database filled by hand) the
 * one its title gives. Safe with several instances starting at once: each write only applies while the entry still
 * has none, and a slug another instance took meanwhile (the unique index) is tried again with the next suffix.
 * Returns how many this call named.
 */
export async function giveMissingSlugs(): Promise<number> {
  // The unique index must exist before the first write, or two instances could both write one slug.
  await CaseStudyModel.init();
  // Counted first, so a start with nothing to do reads only indexes.
  const [all, named] = await Promise.all([CaseStudyModel.countDocuments({}), CaseStudyModel.countDocuments({ slug: { $type: "string" } })]);
  if (all === named) return 0;
  const unnamed = await CaseStudyModel.find({ slug: null }, { _id: 1, title: 1 }).lean();
  let given = 0;
  for (const doc of unnamed) {
    const id = doc._id.toString();
    const written = await writeWithSlug(null, doc.title, id, (slug) =>
      CaseStudyModel.updateOne({ _id: doc._id, slug: null }, { $set: { slug } }),
    );
    if (!written.ok) throw new Error(`Case study ${id} could not be given a web address: each one tried was taken meanwhile.`);
    given += written.value.modifiedCount;
  }
  return given;
}

/**
 * Runs `write` with the wanted slug, or with the title's free slug when none is wanted. A conflict on the unique
 * index (a race the check before could not see) refuses a wanted slug, and tries the next free one otherwise.
 */
export async function writeWithSlug<T>(
  wanted: string | null,
  title: string,
  exceptId: string | undefined,
  write: (slug: string) => Promise<T>,
): Promise<Result<T, "slug-taken">> {
  for (let attempt = 1; ; attempt++) {
    const slug = wanted ?? (await freeSlugForTitle(title, { exceptId }));
    try {
      return ok(await write(slug));
    } catch (error) {
      if (!isSlugConflict(error)) throw error;
      if (wanted !== null || attempt >= SLUG_ATTEMPTS) return refused("slug-taken");
    }
  }
}

// docs/behaviour.md#publishing-on-a-schedule: a draft can be given a publish time, a published entry an unpublish time.

type ScheduleRefusal = "publish-time-on-published" | "unpublish-before-publish";

type Schedule = { publish_at: Date | null; unpublish_at: Date | null };
type Stored = Schedule & { status: CaseStudyStatus; scheduled_by: VersionAuthor | null };
type Asked = { status?: CaseStudyStatus; publish_at?: Date | null; unpublish_at?: Date | null };

/**
 * The schedule an entry has after a save: an absent time keeps the stored one, except that publishing a draft now
 * without naming a publish time drops the pending one. Whoever sets a time is kept as its author for the history.
 */
function nextSchedule(
  stored: Stored,
  asked: Asked,
  author: VersionAuthor | null,
): Result<Schedule & { scheduled_by: VersionAuthor | null }, ScheduleRefusal> {
  const status = asked.status ?? stored.status;
  const publish_at = asked.publish_at !== undefined ? asked.publish_at : status === "published" ? null : stored.publish_at;
  const unpublish_at = asked.unpublish_at !== undefined ? asked.unpublish_at : stored.unpublish_at;
  if (publish_at && status === "published") return refused("publish-time-on-published");
  if (publish_at && unpublish_at && unpublish_at <= publish_at) return refused("unpublish-before-publish");
  const changed = !sameTime(publish_at, stored.publish_at) || !sameTime(unpublish_at, stored.unpublish_at);
  const scheduled_by = !publish_at && !unpublish_at ? null : changed ? author : stored.scheduled_by;
  return ok({ publish_at, unpublish_at, scheduled_by });
}

const sameTime = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);

// docs/behaviour.md#featured-work: a create or an update may feature the entry, so both go through this.

/**
 * What a write does to the featured order: featuring without an order (or with null) puts the entry last, unless it
 * was featured already (it keeps its place); unfeaturing clears the order. Nothing when neither field was sent.
 */
async function featuredChanges(
  input: Pick<CaseStudyChanges, "featured" | "featured_order">,
  existing: Pick<CaseStudyDoc, "featured" | "featured_order"> | null,
): Promise<{ featured?: boolean; featured_order?: number | null }> {
  const { featured, featured_order } = input;
  if (featured === false) return { featured: false, featured_order: null };
  if (featured === undefined) return featured_order === undefined ? {} : { featured_order };
  if (typeof featured_order === "number") return { featured, featured_order };
  if (existing?.featured && typeof existing.featured_order === "number") return { featured, featured_order: existing.featured_order };
  return { featured, featured_order: (await lastFeaturedOrder()) + 1 };
}

async function lastFeaturedOrder(): Promise<number> {
  const last = await CaseStudyModel.findOne({ featured: true, featured_order: { $ne: null } })
    .sort({ featured_order: -1 })
    .lean();
  return last?.featured_order ?? 0;
}

// docs/behaviour.md#the-story-in-full: the gallery's and the social image's files, stored through the ImageStorage port.

/** A case study's files as a form or multipart body brings them: new gallery images and a social image. */
type StoryUploads = { gallery?: GalleryEntryInput[]; seo_image?: File };

type StoryImagesStored =
  | { ok: true; fields: { gallery?: GalleryImageDoc[]; seo_image_url?: string }; written: string[] }
  /** `field` names the refused file as the schemas' errors do (`seo_image`, `gallery.2.image`). */
  | { ok: false; reason: ImageRefusal; field: string };

/** Every image an entry shows: its cover, its gallery and its social image. */
function imagesOf(study: Pick<CaseStudyDoc, "image_url" | "gallery" | "seo_image_url">): string[] {
  return [
    ...(study.image_url ? [study.image_url] : []),
    ...(study.gallery ?? []).map(({ url }) => url),
    ...(study.seo_image_url ? [study.seo_image_url] : []),
  ];
}

/**
 * Stores the social image and the gallery's new files, and gives the fields to save. One refused file removes those
 * stored before it, so a refused form leaves no file behind.
 */
async function storeStoryImages({ gallery, seo_image }: StoryUploads, images: ImageStorage): Promise<StoryImagesStored> {
  const written: string[] = [];
  const fields: { gallery?: GalleryImageDoc[]; seo_image_url?: string } = {};
  const store = async (
    file: File,
    field: string,
  ): Promise<{ ok: true; url: string } | { ok: false; reason: ImageRefusal; field: string }> => {
    const stored = await images.store(file);
    if (stored.ok) {
      written.push(stored.url);
      return stored;
    }
    await Promise.all(written.map((url) => images.remove(url)));
    return { ok: false, reason: stored.reason, field };
  };
  if (seo_image) {
    const stored = await store(seo_image, "seo_image");
    if (!stored.ok) return stored;
    fields.seo_image_url = stored.url;
  }
  if (gallery) {
    const entries: GalleryImageDoc[] = [];
    for (const [index, { url, image, alt, caption }] of gallery.entries()) {
      let kept = url;
      if (image) {
        const stored = await store(image, `gallery.${index}.image`);
        if (!stored.ok) return stored;
        kept = stored.url;
      }
      // The schema lets no entry through without a url or a file.
      entries.push({ url: kept!, alt, caption });
    }
    fields.gallery = entries;
  }
  return { ok: true, fields, written };
}

// What the editor offers and a save may name: the site's services and the industries (docs/behaviour.md#services-and-industries).

export type ServiceOption = { slug: string; title: string };

/** The site's published services, in their order: what a case study's `services` may name. */
export async function listServiceOptions(): Promise<ServiceOption[]> {
  return (await getPublishedContent()).services.items.map(({ slug, title }) => ({ slug, title }));
}

export async function caseStudyChoices(): Promise<CaseStudyChoices> {
  const [services, industries] = await Promise.all([listServiceOptions(), listIndustries()]);
  return { services, industries: industries.map(({ name, slug }) => ({ name, slug })) };
}

/**
 * The case study schema with the check that needs the database, for the edge's one parse: every service is one of the
 * site's. The industry is any name: the save puts it in the list (joinIndustry). Services left out are not checked.
 */
export function withKnownChoices<Schema extends ZodTypeAny>(schema: Schema) {
  return schema.superRefine(async (value: z.output<Schema>, ctx) => {
    const { services: chosen } = value as { services?: string[] };
    if (!chosen?.length) return;
    const services = await listServiceOptions();
    const unknown = chosen.filter((slug) => !services.some((service) => service.slug === slug));
    if (unknown.length) ctx.addIssue({ code: "custom", path: ["services"], message: messages.caseStudyServiceUnknown(unknown) });
  });
}
