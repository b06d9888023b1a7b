import type { z, ZodTypeAny } from "zod";
import type { CaseStudyChoices } from "./catalogue";
import { listIndustries } from "./industries.server";
import { messages } from "./messages";
import type { ServiceOption } from "./portfolio.server";
import { getPublishedContent } from "./site-content.server";

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
