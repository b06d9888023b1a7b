import type { QueryFilter } from "mongoose";
import { CaseStudyModel, type CaseStudyDoc } from "~/models/case-study.server";
import { isObjectId } from "./ids";
import { ok, refused, type Result } from "./result";
import { cutAtWord, FALLBACK_SLUG, SLUG_MAX_LENGTH, slugCandidate, slugFromTitle } from "./slugs";

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
export function slugChange(
  existing: Pick<CaseStudyDoc, "slug" | "former_slugs">,
  next: string,
): Pick<CaseStudyDoc, "slug" | "former_slugs"> {
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
