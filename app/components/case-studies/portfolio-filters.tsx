import { Link } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { portfolioHref, type PortfolioFilter } from "~/domain/shared";

type FacetOption = { slug: string; label: string; count: number };
type Selected = { service: { slug: string; title: string } | null; industry: { slug: string; name: string } | null };

const chip =
  "inline-flex min-h-9 items-center whitespace-nowrap gap-1.5 rounded-full px-3.5 py-1 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";
const chipLook = (current: boolean) =>
  current ? "bg-brand-600 text-white hover:bg-brand-700" : "border border-slate-300 bg-white text-slate-700 hover:bg-slate-100";

/** Links, so they work without JavaScript; each keeps the other facet's choice and starts again at page 1. */
function Facet({
  id,
  title,
  allLabel,
  options,
  chosen,
  hrefFor,
}: {
  id: string;
  title: string;
  allLabel: string;
  options: FacetOption[];
  chosen: string | null;
  hrefFor: (slug: string | null) => string;
}) {
  // On a phone the chips are one row that scrolls sideways (15 wrapped chips filled the first screen): the chosen one
  // is scrolled into the row's view.
  const row = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const list = row.current;
    const current = list?.querySelector<HTMLElement>("[aria-current]");
    if (!list || !current || list.scrollWidth <= list.clientWidth) return;
    list.scrollLeft = current.offsetLeft - list.offsetLeft - 16;
  }, [chosen]);
  return (
    <div role="group" aria-labelledby={id} className="flex flex-col gap-2 sm:flex-row sm:items-baseline sm:gap-4">
      <h2 id={id} className="w-20 shrink-0 text-sm font-semibold uppercase tracking-wider text-slate-700">
        {title}
      </h2>
      <ul
        ref={row}
        // Containment and a containing block keep the long row (and its screen-reader text) from widening the page.
        className="relative -mx-4 flex gap-2 overflow-x-auto px-4 pb-1 [contain:inline-size] sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0 sm:pb-0 sm:[contain:none]"
      >
        <li className="shrink-0">
          <Link
            to={hrefFor(null)}
            preventScrollReset
            aria-current={chosen === null ? "true" : undefined}
            className={`${chip} ${chipLook(chosen === null)}`}
          >
            {allLabel}
          </Link>
        </li>
        {options.map((option) => {
          const current = option.slug === chosen;
          return (
            <li key={option.slug} className="shrink-0">
              <Link
                to={hrefFor(option.slug)}
                preventScrollReset
                aria-current={current ? "true" : undefined}
                className={`${chip} ${chipLook(current)}`}
              >
                {option.label}
                <span className={current ? "text-white" : "text-slate-600"}>
                  <span className="sr-only">, </span>({option.count}
                  <span className="sr-only"> {option.count === 1 ? "case study" : "case studies"}</span>)
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** The public list's filters (docs/behaviour.md#services-and-industries): by service and by industry, combinable. */
export function PortfolioFilters({
  selected,
  facets,
}: {
  selected: Selected;
  facets: { services: FacetOption[]; industries: FacetOption[] };
}) {
  if (facets.services.length === 0 && facets.industries.length === 0) return null;
  const current: PortfolioFilter = { service: selected.service?.slug, industry: selected.industry?.slug };
  const narrowed = Boolean(selected.service || selected.industry);
  return (
    <nav aria-label="Filter case studies" className="mt-8 space-y-3 rounded-2xl border border-slate-200 bg-slate-50 p-4 sm:p-5">
      {facets.services.length ? (
        <Facet
          id="filter-service"
          title="Service"
          allLabel="All services"
          options={facets.services}
          chosen={selected.service?.slug ?? null}
          hrefFor={(slug) => portfolioHref({ ...current, service: slug })}
        />
      ) : null}
      {facets.industries.length ? (
        <Facet
          id="filter-industry"
          title="Industry"
          allLabel="All industries"
          options={facets.industries}
          chosen={selected.industry?.slug ?? null}
          hrefFor={(slug) => portfolioHref({ ...current, industry: slug })}
        />
      ) : null}
      {narrowed ? (
        <p className="text-sm">
          <Link to="/case-studies" preventScrollReset className="font-medium text-brand-700 underline underline-offset-2">
            Clear filters
          </Link>
        </p>
      ) : null}
    </nav>
  );
}
