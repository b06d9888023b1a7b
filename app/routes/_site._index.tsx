import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { ClosingCta } from "~/components/home/closing-cta";
import { Hero } from "~/components/home/hero";
import { LatestWork } from "~/components/home/latest-work";
import { ProcessSection } from "~/components/home/process-section";
import { ServicesTeaser, teaserServices } from "~/components/home/services-teaser";
import { TaglineBand } from "~/components/home/tagline-band";
import { TestimonialsSection } from "~/components/home/testimonials-section";
import { site } from "~/content/site";
import { listCaseStudies } from "~/domain/case-studies.server";
import { jsonLd, seo, siteUrlFrom } from "~/lib/seo";
import { requireDb } from "~/server/db.server";
import type { loader as siteLoader } from "./_site";

const LATEST_WORK_COUNT = 3;

export async function loader(_: LoaderFunctionArgs) {
  await requireDb();
  const latest = await listCaseStudies({ page: 1, perPage: LATEST_WORK_COUNT, audience: "public" });
  return {
    teaser: teaserServices(),
    latest: latest.items.map(({ id, title, client, industry, image_url, image_alt }) => ({
      id,
      title,
      client,
      industry,
      image_url,
      image_alt,
    })),
  };
}

export const meta: MetaFunction<typeof loader> = ({ matches }) => {
  const siteUrl = siteUrlFrom(matches);
  return [
    ...seo({
      matches,
      path: "/",
      title: `${site.name}: software, web, apps, design, video and marketing`,
      description: site.blurb,
    }),
    jsonLd({
      "@context": "https://schema.org",
      "@type": "Organization",
      name: site.name,
      url: `${siteUrl}/`,
      logo: `${siteUrl}/favicon.svg`,
      description: site.blurb,
      email: site.email,
    }),
  ];
};

export default function Home() {
  const { latest, teaser } = useLoaderData<typeof loader>();
  const settings = useRouteLoaderData<typeof siteLoader>("routes/_site")?.settings;
  return (
    <>
      <Hero settings={settings} />
      <TaglineBand />
      <ServicesTeaser services={teaser} />
      <ProcessSection />
      <TestimonialsSection />
      <LatestWork studies={latest} />
      <ClosingCta />
    </>
  );
}
