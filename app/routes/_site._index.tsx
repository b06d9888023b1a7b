import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { ClosingCta } from "~/components/home/closing-cta";
import { Hero } from "~/components/home/hero";
import { ProcessSection } from "~/components/home/process-section";
import { ServicesTeaser } from "~/components/home/services-teaser";
import { TaglineBand } from "~/components/home/tagline-band";
import { TestimonialsSection } from "~/components/home/testimonials-section";
import { HOME_WORK_COUNT } from "~/domain/constants";
import { listHomeWork } from "~/domain/portfolio.server";
import { jsonLd, seo, siteUrlFrom } from "~/lib/seo";
import { brandFrom, homeContent } from "~/domain/page-content";
import { requireDb } from "~/server/db.server";
import { siteContentFor } from "~/server/preview.server";
import type { loader as siteLoader } from "./_site";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireDb();
  const [{ content }, latest] = await Promise.all([
    siteContentFor(request),
    // The featured entries in their order, then the newest (docs/behaviour.md#featured-work).
    listHomeWork(HOME_WORK_COUNT),
  ]);
  return {
    ...homeContent(content),
    latest: latest.map(({ id, slug, title, client, industry, image_url, image_alt }) => ({
      id,
      slug,
      title,
      client,
      industry,
      image_url,
      image_alt,
    })),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const siteUrl = siteUrlFrom(matches);
  const brand = brandFrom(matches);
  const settings = (matches.find((match) => match.id === "routes/_site")?.data as { settings?: { contactEmail: string } } | undefined)
    ?.settings;
  const description = data?.home.heroText ?? "";
  return [
    ...seo({
      matches,
      path: "/",
      title: `${brand.name}: software, web, apps, design, video and marketing`,
      description,
    }),
    jsonLd({
      "@context": "https://schema.org",
      "@type": "Organization",
      name: brand.name,
      url: `${siteUrl}/`,
      logo: `${siteUrl}${brand.logo?.url ?? "/favicon.svg"}`,
      description,
      ...(settings ? { email: settings.contactEmail } : {}),
    }),
  ];
};

export default function Home() {
  const { home, teaser, steps, testimonials, latest } = useLoaderData<typeof loader>();
  const settings = useRouteLoaderData<typeof siteLoader>("routes/_site")?.settings;
  return (
    <>
      <Hero home={home} settings={settings} work={latest} />
      <TaglineBand taglines={home.taglines} />
      {/* Below the first screen: the browser styles and lays out each section once it nears the viewport. */}
      <div className="*:[contain-intrinsic-size:auto_40rem] *:[content-visibility:auto]">
        <ServicesTeaser services={teaser} />
        <ProcessSection steps={steps} />
        <TestimonialsSection testimonials={testimonials} />
        <ClosingCta content={home} />
      </div>
    </>
  );
}
