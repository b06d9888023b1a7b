import { Link } from "@remix-run/react";
import { Icon } from "./icons";

// Every page up to 7; beyond that the first, the last and the current one with its neighbours (null is a gap).
function pageWindow(page: number, pageCount: number): (number | null)[] {
  if (pageCount <= 7) return Array.from({ length: pageCount }, (_, index) => index + 1);
  const shown = new Set([1, pageCount, page - 1, page, page + 1].filter((n) => n >= 1 && n <= pageCount));
  const sorted = [...shown].sort((a, b) => a - b);
  const result: (number | null)[] = [];
  sorted.forEach((n, i) => {
    if (i > 0 && n - sorted[i - 1]! > 1) result.push(null);
    result.push(n);
  });
  return result;
}

const sizes = {
  roomy: { nav: "mt-14", step: "h-11 min-w-11" },
  compact: { nav: "mt-8", step: "h-9 min-w-9" },
} as const;

export function Pagination({
  page,
  pageCount,
  hrefFor,
  label,
  size = "roomy",
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
  label: string;
  size?: keyof typeof sizes;
}) {
  if (pageCount <= 1) return null;
  const { nav, step } = sizes[size];
  const base = `inline-flex ${step} items-center justify-center gap-1 rounded-lg px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600`;
  return (
    <nav aria-label={label} className={`${nav} flex justify-center`}>
      <ul className="flex flex-wrap items-center justify-center gap-2">
        {page > 1 ? (
          <li>
            <Link to={hrefFor(page - 1)} rel="prev" className={`${base} text-slate-700 hover:bg-slate-100`}>
              <Icon name="arrowRight" className="h-4 w-4 rotate-180" />
              Previous<span className="sr-only"> page</span>
            </Link>
          </li>
        ) : null}
        {pageWindow(page, pageCount).map((number, index) => {
          if (number === null)
            return (
              <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-600">
                …
              </li>
            );
          const current = number === page;
          return (
            <li key={number}>
              <Link
                to={hrefFor(number)}
                aria-current={current ? "page" : undefined}
                className={`${base} ${
                  current
                    ? "bg-brand-600 text-white hover:bg-brand-700"
                    : "border border-slate-300 bg-white text-slate-700 hover:bg-slate-100"
                }`}
              >
                <span className="sr-only">Page </span>
                {number}
              </Link>
            </li>
          );
        })}
        {page < pageCount ? (
          <li>
            <Link to={hrefFor(page + 1)} rel="next" className={`${base} text-slate-700 hover:bg-slate-100`}>
              Next<span className="sr-only"> page</span>
              <Icon name="arrowRight" className="h-4 w-4" />
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

// Page 1 is the bare path, so every page has one URL.
export const pageHref = (path: string) => (page: number) => (page <= 1 ? path : `${path}?page=${page}`);
