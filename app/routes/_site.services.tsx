import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { ClosingCta } from "~/components/home/closing-cta";
import { ServicesExplorer } from "~/components/services/services-explorer";
import { Container, PageHeader } from "~/components/ui";
import { jsonLd, seo, siteUrlFrom } from "~/lib/seo";
import { brandFrom, countedNoun, titleWith } from "~/domain/page-content";
import { countPortfolio } from "~/domain/portfolio.server";
import { requireDb } from "~/server/db.server";
import { siteContentFor } from "~/server/preview.server";
import type { loader as siteLoader } from "./_site";

// `?service=<slug>` is how the list works without JavaScript.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireDb();
  const [{ services, home }, counts] = await Promise.all([siteContentFor(request).then((found) => found.content), countPortfolio()]);
  const slug = new URL(request.url).searchParams.get("service");
  const selected = services.items.find((service) => service.slug === slug);
  const { closingHeadline, closingText, closingCta } = home;
  return {
    services: services.items,
    selected: selected?.slug ?? null,
    closing: { closingHeadline, closingText, closingCta },
    workCounts: counts.services,
  };
}

function joinTitles(titles: string[]): string {
  return titles.length > 1 ? `${titles.slice(0, -1).join(", ")} and ${titles.at(-1)}` : (titles[0] ?? "");
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const services = data?.services ?? [];
  const selected = services.find((service) => service.slug === data?.selected);
  const studio = brandFrom(matches).name;
  const siteUrl = siteUrlFrom(matches);
  const servicesUrl = `${siteUrl}/services`;
  const organization = { "@type": "Organization", name: studio, url: `${siteUrl}/` };
  return [
    ...seo({
      matches,
      path: selected ? `/services?service=${selected.slug}` : "/services",
      title: selected ? titleWith(matches, `${selected.title} | Services`) : titleWith(matches, "Services"),
      description: selected
        ? selected.shortDescription
        : `${joinTitles(services.map((service) => service.title))}: explore what ${studio} can build for you.`,
    }),
    // For search engines only: the page does not show them.
    ...(selected?.keywords.length ? [{ name: "keywords", content: selected.keywords.join(", ") }] : []),
    jsonLd({
      "@context": "https://schema.org",
      "@type": "ItemList",
      name: `${studio} services`,
      url: servicesUrl,
      numberOfItems: services.length,
      itemListElement: services.map((service, i) => ({
        "@type": "ListItem",
        position: i + 1,
        item: {
          "@type": "Service",
          name: service.title,
          serviceType: service.title,
          description: service.description,
          url: `${servicesUrl}?service=${service.slug}`,
          provider: organization,
          ...(service.keywords.length ? { keywords: service.keywords.join(", ") } : {}),
          ...(service.industries.length
            ? { audience: service.industries.map((industry) => ({ "@type": "BusinessAudience", name: industry })) }
            : {}),
        },
      })),
    }),
  ];
};

export default function ServicesPage() {
  const { services, selected, closing, workCounts } = useLoaderData<typeof loader>();
  const settings = useRouteLoaderData<typeof siteLoader>("routes/_site")?.settings;
  const selectedIndex = Math.max(
    0,
    services.findIndex((service) => service.slug === selected),
  );
  return (
    <>
      <div className="bg-gradient-to-b from-brand-50 to-white">
        <Container className="pt-12 pb-8 sm:pt-16 sm:pb-10">
          <PageHeader
            eyebrow="Services"
            title="Everything you need to launch and grow"
            intro={`${countedNoun(services.length, "service")}, one team. Pick a service to see what it covers, the benefits you can expect and the tools we use.`}
          />
        </Container>
      </div>
      <Container className="pb-8">
        <ServicesExplorer
          services={services}
          initialIndex={selectedIndex}
          whatsappNumber={settings?.whatsappNumber}
          workCounts={workCounts}
        />
      </Container>
      <ClosingCta content={closing} />
    </>
  );
}
