import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { ClosingCta } from "~/components/home/closing-cta";
import { ServicesExplorer } from "~/components/services/services-explorer";
import { Container, PageHeader } from "~/components/ui";
import { findService, serviceIndex, services } from "~/content/services";
import { site } from "~/content/site";
import { jsonLd, seo, siteUrlFrom } from "~/lib/seo";
import type { loader as siteLoader } from "./_site";

// `?service=<slug>` is how the list works without JavaScript.
export async function loader({ request }: LoaderFunctionArgs) {
  const service = findService(new URL(request.url).searchParams.get("service"));
  return { selected: service?.slug ?? null };
}

const DEFAULT_TITLE = `Services | ${site.name}`;
const DEFAULT_DESCRIPTION =
  "Custom software, websites, mobile and web apps, video editing, digital marketing, graphic design and UI/UX design: explore what Northbeam Studio can build for you.";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const selected = findService(data?.selected);
  const siteUrl = siteUrlFrom(matches);
  const servicesUrl = `${siteUrl}/services`;
  const organization = { "@type": "Organization", name: site.name, url: `${siteUrl}/` };
  return [
    ...seo({
      matches,
      path: selected ? `/services?service=${selected.slug}` : "/services",
      title: selected ? `${selected.title} | Services | ${site.name}` : DEFAULT_TITLE,
      description: selected ? selected.shortDescription : DEFAULT_DESCRIPTION,
    }),
    // For search engines only: the page does not show them.
    ...(selected?.keywords ? [{ name: "keywords", content: selected.keywords.join(", ") }] : []),
    jsonLd({
      "@context": "https://schema.org",
      "@type": "ItemList",
      name: `${site.name} services`,
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
          ...(service.keywords ? { keywords: service.keywords.join(", ") } : {}),
          ...(service.industries
            ? { audience: service.industries.map((industry) => ({ "@type": "BusinessAudience", name: industry })) }
            : {}),
        },
      })),
    }),
  ];
};

export default function ServicesPage() {
  const { selected } = useLoaderData<typeof loader>();
  const settings = useRouteLoaderData<typeof siteLoader>("routes/_site")?.settings;
  return (
    <>
      <div className="bg-gradient-to-b from-brand-50 to-white">
        <Container className="pt-12 pb-8 sm:pt-16 sm:pb-10">
          <PageHeader
            eyebrow="Services"
            title="Everything you need to launch and grow"
            intro="Seven services, one team. Pick a service to see what it covers, the benefits you can expect and the tools we use."
          />
        </Container>
      </div>
      <Container className="pb-8">
        <ServicesExplorer initialIndex={serviceIndex(selected)} whatsappNumber={settings?.whatsappNumber} />
      </Container>
      <ClosingCta />
    </>
  );
}
