import { CaseStudyModel, type CaseStudyDoc } from "~/models/case-study.server";
import type { CaseStudy } from "./types";

/** Case studies: queries and rules shared by the public site, the dashboard and the API. */

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
    website_url: doc.website_url ?? null,
    created_at: doc.created_at.toISOString(),
  };
}

export type CaseStudyPage = {
  items: CaseStudy[];
  total: number;
  page: number;
  perPage: number;
  pageCount: number;
};

/** One page of case studies, newest first; a page past the end is clamped to the last one. */
export async function listCaseStudies({ page = 1, perPage }: { page?: number; perPage: number }): Promise<CaseStudyPage> {
  const total = await CaseStudyModel.countDocuments();
  const pageCount = Math.max(1, Math.ceil(total / perPage));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  const docs = await CaseStudyModel.find()
    .sort({ created_at: -1, _id: -1 })
    .skip((current - 1) * perPage)
    .limit(perPage)
    .lean();
  return { items: docs.map(toCaseStudy), total, page: current, perPage, pageCount };
}

export function countCaseStudies(): Promise<number> {
  return CaseStudyModel.countDocuments();
}
