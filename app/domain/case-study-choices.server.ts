import type { z, ZodTypeAny } from "zod";
import type { CaseStudyChoices } from "./catalogue";
import { findIndustryByName, listIndustries } from "./industries.server";
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
 * The case study schema with the checks that need the database, for the edge's one parse: every service is one of the
 * site's, and the industry one of the list (any case; stored in the list's spelling). Fields left out are not checked.
 */
export function withKnownChoices<Schema extends ZodTypeAny>(schema: Schema) {
  return schema.transform(async (value: z.output<Schema>, ctx) => {
    const input = value as { services?: string[]; industry?: string };
    const [services, industries] = await Promise.all([
      input.services?.length ? listServiceOptions() : null,
      input.industry === undefined ? null : listIndustries(),
    ]);
    if (services && input.services) {
      const unknown = input.services.filter((slug) => !services.some((service) => service.slug === slug));
      if (unknown.length) ctx.addIssue({ code: "custom", path: ["services"], message: messages.caseStudyServiceUnknown(unknown) });
    }
    if (industries && input.industry !== undefined) {
      const industry = findIndustryByName(industries, input.industry);
      if (!industry) ctx.addIssue({ code: "custom", path: ["industry"], message: messages.caseStudyIndustryUnknown(input.industry) });
      else return { ...value, industry: industry.name } as z.output<Schema>;
    }
    return value;
  });
}
