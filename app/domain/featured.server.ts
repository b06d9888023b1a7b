import { CaseStudyModel, type CaseStudyDoc } from "~/models/case-study.server";
import type { CaseStudyChanges } from "./schemas";

/**
 * What a write does to the featured order: featuring without an order (or with null) puts the entry last, unless it
 * was featured already (it keeps its place); unfeaturing clears the order. Nothing when neither field was sent.
 */
export async function featuredChanges(
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
