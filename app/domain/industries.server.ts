import { demoCaseStudies } from "~/content/demo-case-studies";
import { CaseStudyModel } from "~/models/case-study.server";
import { recordEvent, type Origin } from "./audit-log.server";
import { IndustryModel, OnceMarkModel, type IndustryDoc } from "~/models/industry.server";
import { industryKey, industrySlug, moveInOrder, type MoveDirection, isObjectId, ok, refused, type Result } from "./shared";
import { INDUSTRY_NAME_MAX_LENGTH, MAX_INDUSTRIES } from "./constants";

// docs/behaviour.md#services-and-industries: the list admins manage; a case study's `industry` is one of its names.

export type Industry = { id: string; name: string; slug: string; position: number };
export type IndustryInUse = Industry & { caseStudies: number };

const SEEDED = "industries-seeded";

const toIndustry = (doc: IndustryDoc): Industry => ({ id: doc._id.toString(), name: doc.name, slug: doc.slug, position: doc.position });

const isDuplicateKey = (error: unknown) => (error as { code?: number } | null)?.code === 11000;

/** One audit entry per change of the list, from the screen, the API or a case study's save: `details.change` says which. */
export async function recordIndustryChange(
  origin: Origin,
  industry: Pick<Industry, "id" | "name">,
  details: { change: "added" | "renamed" | "moved" | "removed" } & Record<string, unknown>,
): Promise<void> {
  await recordEvent(origin, "industry.changed", { target: { type: "industry", id: industry.id, label: industry.name }, details });
}

/** In their order. The first read of a database that never had the list seeds it (seedIndustries). */
export async function listIndustries(): Promise<Industry[]> {
  const docs = await IndustryModel.find({}).sort({ position: 1, _id: 1 }).lean();
  if (docs.length > 0 || (await OnceMarkModel.exists({ _id: SEEDED }))) return docs.map(toIndustry);
  await seedIndustries();
  return (await IndustryModel.find({}).sort({ position: 1, _id: 1 }).lean()).map(toIndustry);
}

/**
 * Once per database: the demo's industries and every stored case study's, alphabetically, each once (of names
 * differing only in case, the one with capitals first is kept, and the entries using the others are given it). Instances doing this together
 * insert each industry once (the unique slug), with the same positions; the mark keeps a list admins emptied empty.
 */
export async function seedIndustries(): Promise<number> {
  if (await OnceMarkModel.exists({ _id: SEEDED })) return 0;
  const stored = (await CaseStudyModel.distinct("industry")) as string[];
  const names = [...new Set([...demoCaseStudies.map((study) => study.industry), ...stored].map((name) => name.trim()).filter(Boolean))];
  // Alphabetically; of names differing only in case, capitals first ("Fintech" before "fintech") becomes the list's.
  names.sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" }) || (a < b ? -1 : a > b ? 1 : 0));
  const bySlug = new Map<string, string>();
  for (const name of names) {
    const slug = industrySlug(name);
    if (slug && !bySlug.has(slug)) bySlug.set(slug, name);
  }
  let added = 0;
  let position = 0;
  for (const [slug, name] of bySlug) {
    position += 1;
    try {
      const { upsertedCount } = await IndustryModel.updateOne(
        { slug },
        { $setOnInsert: { name, slug, position } },
        { upsert: true, timestamps: true },
      );
      added += upsertedCount;
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
  }
  for (const name of stored) {
    const canonical = bySlug.get(industrySlug(name));
    if (canonical && canonical !== name) await CaseStudyModel.updateMany({ industry: name }, { $set: { industry: canonical } });
  }
  await OnceMarkModel.updateOne({ _id: SEEDED }, { $setOnInsert: { at: new Date() } }, { upsert: true });
  return added;
}

/** The list with how many case studies (drafts included) use each industry: one grouping query. */
export async function listIndustriesInUse(): Promise<IndustryInUse[]> {
  const [industries, groups] = await Promise.all([
    listIndustries(),
    CaseStudyModel.aggregate<{ _id: string; n: number }>([{ $group: { _id: "$industry", n: { $sum: 1 } } }]),
  ]);
  const counts = new Map(groups.map((group) => [group._id, group.n]));
  return industries.map((industry) => ({ ...industry, caseStudies: counts.get(industry.name) ?? 0 }));
}

/** The listed industry of this name, in the list's spelling, whatever the case typed; null when none. */
export function findIndustryByName(industries: readonly Industry[], name: string): Industry | null {
  const key = industryKey(name);
  return industries.find((industry) => industryKey(industry.name) === key) ?? null;
}

type NameRule = "name-required" | "name-too-long" | "name-invalid";
export type IndustryNameRefusal = NameRule | "name-taken";
export type IndustryJoinRefusal = NameRule | "too-many";

function checkName(name: string): NameRule | null {
  const trimmed = name.trim();
  if (!trimmed) return "name-required";
  if (trimmed.length > INDUSTRY_NAME_MAX_LENGTH) return "name-too-long";
  if (!industrySlug(trimmed)) return "name-invalid";
  return null;
}

export async function addIndustry(name: string, origin: Origin): Promise<Result<Industry, IndustryNameRefusal | "too-many">> {
  const problem = checkName(name);
  if (problem) return refused(problem);
  const industries = await listIndustries();
  if (industries.length >= MAX_INDUSTRIES) return refused("too-many");
  const slug = industrySlug(name);
  if (industries.some((industry) => industry.slug === slug)) return refused("name-taken");
  const added = await insertLast(name, slug, industries);
  if (!added) return refused("name-taken");
  await recordIndustryChange(origin, added, { change: "added" });
  return ok(added);
}

/** Null when the slug is taken, by an industry listed meanwhile too (the unique index decides). */
async function insertLast(name: string, slug: string, industries: readonly Industry[]): Promise<Industry | null> {
  const position = Math.max(0, ...industries.map((industry) => industry.position)) + 1;
  try {
    return toIndustry((await IndustryModel.create({ name: name.trim(), slug, position })).toObject());
  } catch (error) {
    if (isDuplicateKey(error)) return null;
    throw error;
  }
}

/**
 * A case study's industry: the listed one of this name (any case, or any spelling with the same address:
 * "aero and space" is "Aero & Space"), else a new one, added last (`added`). Saves racing with one new name add it
 * once: the unique slug refuses all inserts but one, and the others take the industry it made.
 */
export async function joinIndustry(name: string): Promise<Result<{ industry: Industry; added: boolean }, IndustryJoinRefusal>> {
  const problem = checkName(name);
  if (problem) return refused(problem);
  const slug = industrySlug(name);
  // A second turn only when the industry that won a race was removed before it could be read.
  for (let turn = 0; turn < 2; turn++) {
    const industries = await listIndustries();
    const listed = industries.find((industry) => industry.slug === slug);
    if (listed) return ok({ industry: listed, added: false });
    if (industries.length >= MAX_INDUSTRIES) return refused("too-many");
    const added = await insertLast(name, slug, industries);
    if (added) return ok({ industry: added, added: true });
    const winner = await IndustryModel.findOne({ slug }).lean();
    if (winner) return ok({ industry: toIndustry(winner), added: false });
  }
  throw new Error(`The industry '${name.trim()}' could not be added or found`);
}

/**
 * The new name goes to every case study that had the old one (drafts included), so none is left outside the list.
 * Answers the industry with the name it had (`previousName`).
 */
export async function renameIndustry(
  id: string,
  name: string,
  origin: Origin,
): Promise<Result<Industry & { previousName: string }, IndustryNameRefusal | "not-found">> {
  const problem = checkName(name);
  if (problem) return refused(problem);
  if (!isObjectId(id)) return refused("not-found");
  const existing = await IndustryModel.findById(id).lean();
  if (!existing) return refused("not-found");
  const newName = name.trim();
  const slug = industrySlug(newName);
  if (slug !== existing.slug && (await IndustryModel.exists({ slug }))) return refused("name-taken");
  let doc: IndustryDoc | null;
  try {
    doc = await IndustryModel.findByIdAndUpdate(id, { $set: { name: newName, slug } }, { returnDocument: "after" }).lean();
  } catch (error) {
    if (isDuplicateKey(error)) return refused("name-taken");
    throw error;
  }
  if (!doc) return refused("not-found");
  if (existing.name !== newName) await CaseStudyModel.updateMany({ industry: existing.name }, { $set: { industry: newName } });
  const renamed = toIndustry(doc);
  await recordIndustryChange(origin, renamed, { change: "renamed", from: existing.name });
  return ok({ ...renamed, previousName: existing.name });
}

/** Refused while a case study (a draft too) uses it, with how many do. */
export async function removeIndustry(
  id: string,
  origin: Origin,
): Promise<Result<Industry, "not-found"> | { ok: false; reason: "in-use"; count: number }> {
  if (!isObjectId(id)) return refused("not-found");
  const existing = await IndustryModel.findById(id).lean();
  if (!existing) return refused("not-found");
  const count = await CaseStudyModel.countDocuments({ industry: existing.name });
  if (count > 0) return { ok: false, reason: "in-use", count };
  const { deletedCount } = await IndustryModel.deleteOne({ _id: existing._id });
  if (deletedCount !== 1) return refused("not-found");
  const removed = toIndustry(existing);
  await recordIndustryChange(origin, removed, { change: "removed" });
  return ok(removed);
}

/** One place up or down; the list is numbered 1, 2, 3... again, so ties left by older writes go too. */
export async function moveIndustry(
  id: string,
  direction: MoveDirection,
  origin: Origin,
): Promise<Result<Industry[], "not-found" | "at-the-end">> {
  const industries = await listIndustries();
  if (!industries.some((industry) => industry.id === id)) return refused("not-found");
  const order = moveInOrder(
    industries.map((industry) => industry.id),
    id,
    direction,
  );
  if (!order) return refused("at-the-end");
  await IndustryModel.bulkWrite(
    order.map((industryId, index) => ({ updateOne: { filter: { _id: industryId }, update: { $set: { position: index + 1 } } } })),
  );
  const placed = order.map((industryId, index) => ({ ...industries.find((industry) => industry.id === industryId)!, position: index + 1 }));
  const moved = placed.find((industry) => industry.id === id)!;
  await recordIndustryChange(origin, moved, { change: "moved", position: moved.position });
  return ok(placed);
}

/** Puts the industry at `position` (from 1; past the end is last), numbering the list 1, 2, 3... again. */
export async function placeIndustry(id: string, position: number, origin: Origin): Promise<Result<Industry, "not-found">> {
  const industries = await listIndustries();
  const found = industries.find((industry) => industry.id === id);
  if (!found) return refused("not-found");
  const others = industries.filter((industry) => industry.id !== id);
  const index = Math.min(Math.max(1, Math.floor(position)), industries.length) - 1;
  const order = [...others.slice(0, index), found, ...others.slice(index)];
  await IndustryModel.bulkWrite(
    order.map((industry, at) => ({ updateOne: { filter: { _id: industry.id }, update: { $set: { position: at + 1 } } } })),
  );
  const placed = { ...found, position: index + 1 };
  await recordIndustryChange(origin, placed, { change: "moved", position: placed.position });
  return ok(placed);
}
