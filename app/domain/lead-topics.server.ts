import { findCaseStudyByAddress, listServiceOptions } from "./case-studies.server";
import type { LeadTopic } from "./lead-source";

const TOPIC_MAX = 200;

/**
 * What a message is about, from a visitor's `service` and `case_study` (docs/behaviour.md#contact-topic): a service of
 * the published catalogue and a published case study (any of its addresses, kept as its slug); anything else is left
 * out, never an error. A case study without a service brings the first of its services that the catalogue has.
 */
export async function resolveLeadTopic({ service, case_study }: { service?: unknown; case_study?: unknown }): Promise<LeadTopic> {
  const wanted = (value: unknown) => (typeof value === "string" && value.trim() && value.length <= TOPIC_MAX ? value.trim() : null);
  const serviceSlug = wanted(service);
  const studyAddress = wanted(case_study);
  if (!serviceSlug && !studyAddress) return {};
  const [services, found] = await Promise.all([listServiceOptions(), studyAddress ? findCaseStudyByAddress(studyAddress) : null]);
  const study = found && found.study.status !== "draft" ? found.study : null;
  const slug = serviceSlug ?? study?.services.find((candidate) => services.some((option) => option.slug === candidate)) ?? null;
  const chosen = services.find((option) => option.slug === slug);
  return {
    ...(chosen ? { service: { slug: chosen.slug, title: chosen.title } } : {}),
    ...(study ? { case_study: { slug: study.slug, title: study.title } } : {}),
  };
}
