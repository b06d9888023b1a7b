import { Link } from "@remix-run/react";
import { Icon } from "../icons";

/** The list's address for a page: page 1 is the bare path, so it has one canonical URL. */
export function casesPageHref(page: number): string {
  return page <= 1 ? "/case-studies" : `/case-studies?page=${page}`;
}

const base =
  "inline-flex h-11 min-w-11 items-center justify-center gap-1 rounded-lg px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

/** Every page up to 7; beyond that the first, the last and the current one with its neighbours (null is a gap). */
export function pageWindow(page: number, pageCount: number): (number | null)[] {
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

/**
 * Numbered page links with previous and next. Plain links: the server renders each page, and with
 * JavaScript Remix fetches only the page's data (a spinner shows meanwhile).
 */
export function Pagination({ page, pageCount }: { page: number; pageCount: number }) {
  if (pageCount <= 1) return null;
  const pages = pageWindow(page, pageCount);
  return (
    <nav aria-label="Case studies pages" className="mt-14 flex justify-center">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        {page > 1 ? (
          <li>
            <Link to={casesPageHref(page - 1)} rel="prev" className={`${base} text-slate-700 hover:bg-slate-100`}>
              <Icon name="arrowRight" className="h-4 w-4 rotate-180" />
              Previous<span className="sr-only"> page</span>
            </Link>
          </li>
        ) : null}
        {pages.map((number, index) => {
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
                to={casesPageHref(number)}
                aria-current={current ? "page" : undefined}
                className={`${base} ${
                  current ? "bg-brand-600 text-white hover:bg-brand-700" : "border border-slate-300 text-slate-700 hover:bg-slate-100"
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
            <Link to={casesPageHref(page + 1)} rel="next" className={`${base} text-slate-700 hover:bg-slate-100`}>
              Next<span className="sr-only"> page</span>
              <Icon name="arrowRight" className="h-4 w-4" />
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
