import { data, redirect, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import { CaseStudyRow } from "~/components/case-studies/case-study-row";
import { pageHref, Pagination } from "~/components/pagination";
import { Spinner } from "~/components/case-studies/parts";
import { Container, PageHeader } from "~/components/ui";
import { brandFrom, titleWith } from "~/domain/page-content";
import { PortfolioFilters } from "~/components/case-studies/portfolio-filters";
import { portfolioHref } from "~/domain/shared";
import { listServiceOptions } from "~/domain/case-studies.server";
import { listIndustries } from "~/domain/industries.server";
import { caseStudyFilterOf, countPortfolio, listPortfolio, resolvePortfolioFilter } from "~/domain/portfolio.server";
import { PUBLIC_CASE_STUDIES_PAGE_SIZE } from "~/domain/constants";
import { messages } from "~/domain/messages";
import { jsonLd, seo, siteUrlFrom } from "~/lib/seo";
import { requireDb } from "~/server/db.server";

const casesPageHref = pageHref("/case-studies");

type FacetOption = { slug: string; label: string; count: number };
type Selected = { service: { slug: string; title: string } | null; industry: { slug: string; name: string } | null };
const noSelection: Selected = { service: null, industry: null };
const slugsOf = (selected: Selected) => ({ service: selected.service?.slug, industry: selected.industry?.slug });

// docs/behaviour.md#case-studies

const DESCRIPTION =
  "Selected work from Northbeam Studio: custom software, websites, mobile apps, brand design, video and digital marketing, with the results each project delivered.";

// An out-of-range or non-canonical page redirects with a 302, as the page count changes with the content.
function requestedPage(url: URL): { raw: string | null; page: number } {
  const raw = url.searchParams.get("page");
  if (raw === null) return { raw, page: 1 };
  const page = /^\d{1,9}$/.test(raw) ? Number(raw) : Number.parseInt(raw, 10);
  return { raw, page: Number.isFinite(page) ? page : 1 };
}

// `?service=` and `?industry=` (slugs) narrow the list; an unknown one (a service or industry since removed) is dropped
// with a 302 to the address without it, as is a non-canonical spelling (docs/behaviour.md#services-and-industries).
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const { raw, page } = requestedPage(url);
  const wanted = { service: url.searchParams.get("service"), industry: url.searchParams.get("industry") };
  let result: Awaited<ReturnType<typeof listPortfolio>>;
  let selected: Selected;
  let facets: { services: FacetOption[]; industries: FacetOption[] };
  try {
    await requireDb();
    const [services, industries] = await Promise.all([listServiceOptions(), listIndustries()]);
    const resolved = resolvePortfolioFilter(wanted, services, industries);
    selected = {
      service: resolved.service,
      industry: resolved.industry ? { slug: resolved.industry.slug, name: resolved.industry.name } : null,
    };
    const canonical =
      (wanted.service ?? null) === (selected.service?.slug ?? null) && (wanted.industry ?? null) === (selected.industry?.slug ?? null);
    // Another filter is another list: its first page.
    if (!canonical) throw redirect(portfolioHref(slugsOf(selected)));
    const filter = caseStudyFilterOf(resolved);
    const counts = await countPortfolio(filter);
    result = await listPortfolio({ page, perPage: PUBLIC_CASE_STUDIES_PAGE_SIZE, filter, counts });
    // Only what has published work, and the choice itself (which may have none within the other choice).
    facets = {
      services: services
        .map((service) => ({ slug: service.slug, label: service.title, count: counts.services[service.slug] ?? 0 }))
        .filter((option) => option.count > 0 || option.slug === selected.service?.slug),
      industries: industries
        .map((industry) => ({ slug: industry.slug, label: industry.name, count: counts.industries[industry.name] ?? 0 }))
        .filter((option) => option.count > 0 || option.slug === selected.industry?.slug),
    };
  } catch (error) {
    if (error instanceof Response && error.status === 302) throw error;
    const reason = error instanceof Response ? await error.text() : error instanceof Error ? error.message : String(error);
    console.error(`Case studies: ${reason}`);
    return data(
      {
        ok: false as const,
        items: [],
        total: 0,
        page: 1,
        perPage: PUBLIC_CASE_STUDIES_PAGE_SIZE,
        pageCount: 1,
        selected: noSelection,
        facets: { services: [] as FacetOption[], industries: [] as FacetOption[] },
        message: messages.caseStudiesLoadFailed(reason),
      },
      { status: 503, headers: { "Retry-After": "5" } },
    );
  }
  if (raw !== null && (result.page === 1 || raw !== String(result.page))) throw redirect(portfolioHref(slugsOf(selected), result.page));
  return data({ ok: true as const, ...result, selected, facets, message: null });
}

export const headers: HeadersFunction = ({ parentHeaders, loaderHeaders }) => {
  const headers = new Headers(parentHeaders);
  const retryAfter = loaderHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const page = data?.ok ? data.page : 1;
  const pageCount = data?.ok ? data.pageCount : 1;
  const selected = data?.ok ? data.selected : noSelection;
  const path = portfolioHref(slugsOf(selected), page);
  const narrowed = [selected.service?.title, selected.industry?.name].filter(Boolean).join(", ");
  const heading = narrowed ? `Case Studies: ${narrowed}` : "Case Studies";
  const title = titleWith(matches, page > 1 ? `${heading}, page ${page} of ${pageCount}` : heading);
  const siteUrl = siteUrlFrom(matches);
  const tags = seo({ matches, path, title, description: DESCRIPTION, image: data?.items[0]?.image_url ?? undefined, noindex: !data?.ok });
  if (!data?.ok) return tags;
  return [
    ...tags,
    jsonLd({
      "@context": "https://schema.org",
      "@type": "CollectionPage",
      name: title,
      description: DESCRIPTION,
      url: siteUrl + path,
      isPartOf: { "@type": "WebSite", name: brandFrom(matches).name, url: siteUrl + "/" },
      mainEntity: {
        "@type": "ItemList",
        numberOfItems: data.total,
        itemListOrder: "https://schema.org/ItemListOrderDescending",
        itemListElement: data.items.map((study, index) => ({
          "@type": "ListItem",
          position: (page - 1) * data.perPage + index + 1,
          url: `${siteUrl}/case-studies/${study.slug}`,
          name: study.title,
        })),
      },
    }),
  ];
};

export default function CaseStudiesPage() {
  const result = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const changingPage = navigation.state === "loading" && navigation.location.pathname === "/case-studies";

  return (
    <Container className="py-10 sm:py-16">
      <PageHeader
        eyebrow="Our work"
        title="Case Studies"
        intro="Real projects for real clients: what they needed, what we built and the results it delivered."
      />
      {result.ok ? <PortfolioFilters selected={result.selected} facets={result.facets} /> : null}
      {result.ok && result.pageCount > 1 ? (
        <p className="mt-3 text-sm text-slate-600">
          Page {result.page} of {result.pageCount}, {result.total} case studies in all
        </p>
      ) : null}

      {changingPage ? (
        <div
          role="status"
          aria-label="Loading case studies"
          className="fixed inset-x-0 top-6 z-50 mx-auto flex w-fit items-center gap-2 rounded-full bg-white px-4 py-2 text-sm font-medium text-slate-700 shadow-lg ring-1 ring-slate-900/10 md:top-20"
        >
          <Spinner className="h-5 w-5 text-brand-600" />
          <span aria-hidden="true">Loading case studies…</span>
        </div>
      ) : null}

      <div aria-busy={changingPage || undefined} className="mt-10 sm:mt-14">
        {!result.ok ? (
          <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-red-800">
            <p className="font-medium">{result.message}</p>
            <p className="mt-2 text-sm">
              <a href={casesPageHref(1)} className="font-medium underline underline-offset-2">
                Try again
              </a>
            </p>
          </div>
        ) : result.items.length === 0 && (result.selected.service || result.selected.industry) ? (
          <div className="rounded-2xl border border-dashed border-slate-300 px-6 py-16 text-center">
            <h2 className="text-2xl font-bold tracking-tight">No case studies match these filters</h2>
            <p className="mt-2 text-slate-600">
              None of our published work is filed under{" "}
              {[result.selected.service?.title, result.selected.industry?.name].filter(Boolean).join(" and ")} yet.
            </p>
            <p className="mt-4">
              <Link to="/case-studies" className="font-medium text-brand-700 underline underline-offset-2">
                Show all case studies
              </Link>
            </p>
          </div>
        ) : result.items.length === 0 ? (
          <div className="rounded-2xl border border-dashed border-slate-300 px-6 py-16 text-center">
            <h2 className="text-2xl font-bold tracking-tight">No Case Studies Available</h2>
            <p className="mt-2 text-slate-600">We&apos;ll be adding more case studies soon!</p>
          </div>
        ) : (
          <ol className="space-y-8 lg:space-y-24" aria-label={`Case studies, page ${result.page}`}>
            {result.items.map((study, index) => (
              <li key={study.id}>
                <CaseStudyRow study={study} index={index} />
              </li>
            ))}
          </ol>
        )}
      </div>

      {result.ok ? (
        <Pagination
          page={result.page}
          pageCount={result.pageCount}
          hrefFor={(page) => portfolioHref(slugsOf(result.selected), page)}
          label="Case studies pages"
        />
      ) : null}
    </Container>
  );
}
