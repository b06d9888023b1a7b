import { Link } from "@remix-run/react";
import { Icon } from "~/components/icons";
import type { WorkCardStudy } from "~/components/case-studies/work-card";
import { caseStudyImageAlt, responsiveImage } from "~/lib/images";

// The hero's work column is half of the 72rem container on wide screens; a phone shows 4/5 of a tile at a time.
const LEAD_SIZES = "(min-width: 1152px) 512px, (min-width: 1024px) 45vw, 80vw";
const TILE_SIZES = "(min-width: 1152px) 248px, (min-width: 1024px) 22vw, 80vw";
// A phone sees the first tile and part of the second; a wide screen all three. The third loads when near.
const EAGER_TILES = 2;

/**
 * The featured work inside the hero's first screen (docs/behaviour.md#home): plain markup, no script. A phone
 * swipes a row of tiles; a wide screen shows them as a column beside the hero's words.
 */
export function LatestWork({ studies, className = "" }: { studies: readonly WorkCardStudy[]; className?: string }) {
  if (studies.length === 0) return null;
  // An odd count leads with one wide tile, so the pairs under it fill their row.
  const leadSpans = studies.length % 2 === 1;
  return (
    <section aria-labelledby="latest-work-title" className={className}>
      <div className="flex items-baseline justify-between gap-4">
        <h2 id="latest-work-title" className="text-xs font-semibold tracking-[0.16em] text-slate-600 uppercase">
          Latest work
        </h2>
        <Link
          to="/case-studies"
          prefetch="intent"
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
        >
          See all case studies
          <Icon name="arrowRight" className="h-4 w-4" />
        </Link>
      </div>
      <ul className="-mx-5 mt-3 flex snap-x snap-mandatory scroll-px-5 gap-4 overflow-x-auto px-5 pb-2 sm:-mx-8 sm:scroll-px-8 sm:px-8 lg:mx-0 lg:grid lg:grid-cols-2 lg:gap-x-5 lg:gap-y-6 lg:overflow-visible lg:px-0 lg:pb-0">
        {studies.map((study, index) => {
          const lead = index === 0 && leadSpans;
          return (
            <li
              key={study.id}
              className={`group relative shrink-0 snap-start rounded-xl has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-4 has-[a:focus-visible]:outline-brand-600 ${studies.length === 1 ? "w-full" : "w-4/5 sm:w-[45%]"} lg:w-auto ${lead ? "lg:col-span-2" : ""}`}
            >
              <img
                {...responsiveImage(study.image_url, lead ? LEAD_SIZES : TILE_SIZES)}
                alt={caseStudyImageAlt(study, { fallback: "decorative" })}
                width={1600}
                height={1000}
                loading={index < EAGER_TILES ? "eager" : "lazy"}
                decoding={index === 0 ? "auto" : "async"}
                // Only the first tile is the page's largest paint; the others wait behind the scripts and the font.
                {...{ fetchpriority: index === 0 ? "high" : "low" }}
                className={`w-full rounded-xl bg-slate-100 object-cover ring-1 ring-slate-900/5 transition group-hover:brightness-95 motion-reduce:transition-none ${
                  lead ? "aspect-[16/10] lg:aspect-[16/9]" : "aspect-[16/10]"
                }`}
              />
              <h3 className={`mt-3 leading-snug font-semibold tracking-tight text-balance ${lead ? "lg:text-lg" : ""}`}>
                <Link
                  to={`/case-studies/${study.slug}`}
                  prefetch="intent"
                  className="after:absolute after:inset-0 after:rounded-xl group-hover:text-brand-700 focus-visible:outline-none"
                >
                  {study.title}
                </Link>
              </h3>
              <p className="mt-0.5 text-sm text-slate-600">
                {study.client}
                <span aria-hidden="true"> · </span>
                {study.industry}
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
