import { CaseStudyModel, PUBLISHED, type CaseStudyDoc } from "~/models/case-study.server";
import { toCaseStudy } from "./case-studies.server";
import type { CaseStudy } from "./types";

// The end of a case study's page (docs/behaviour.md#related-work).

const RELATED_WORK_COUNT = 3;

/** How many of the newest entries sharing something are ranked: one bounded query, however large the portfolio grows. */
const RELATED_WORK_CANDIDATES = 48;

type RelatedCaseStudy = Pick<CaseStudy, "id" | "slug" | "title" | "client" | "industry" | "image_url" | "image_alt">;

/**
 * Up to 3 other published case studies sharing a service or the industry: the most services shared first, then the
 * same industry, then the newest. None when nothing is shared.
 */
export async function listRelatedCaseStudies(study: Pick<CaseStudy, "id" | "services" | "industry">): Promise<RelatedCaseStudy[]> {
  const shares = [...(study.services.length ? [{ services: { $in: study.services } }] : []), { industry: study.industry }];
  // $and, not a spread: PUBLISHED may hold an $or of its own.
  const docs = await CaseStudyModel.find({ $and: [PUBLISHED, { _id: { $ne: study.id } }, { $or: shares }] })
    .sort({ created_at: -1, _id: -1 })
    .limit(RELATED_WORK_CANDIDATES)
    .lean();
  const services = new Set(study.services);
  const shared = (doc: CaseStudyDoc) => (doc.services ?? []).filter((service) => services.has(service)).length;
  // Array sort is stable: entries that tie stay newest first.
  return docs
    .map((doc) => ({ doc, services: shared(doc), industry: doc.industry === study.industry ? 1 : 0 }))
    .sort((a, b) => b.services - a.services || b.industry - a.industry)
    .slice(0, RELATED_WORK_COUNT)
    .map(({ doc }) => {
      const { id, slug, title, client, industry, image_url, image_alt } = toCaseStudy(doc);
      return { id, slug, title, client, industry, image_url, image_alt };
    });
}
