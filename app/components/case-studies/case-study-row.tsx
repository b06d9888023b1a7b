import { Link } from "@remix-run/react";
import type { CaseStudy } from "~/domain/types";
import { caseStudyImageAlt, responsiveImage } from "~/lib/images";
import { Icon } from "../icons";
import { buttonClass } from "../ui";
import { OutcomeList, TechnologyList, VisitWebsiteLink } from "./parts";

// The 72rem container less its padding is 1088 px: the lead's image takes all of it on wide screens, a row's two
// thirds (less the gap); a phone's card is the whole width.
const LEAD_IMAGE_SIZES = "(min-width: 1152px) 1088px, (min-width: 640px) calc(100vw - 64px), calc(100vw - 40px)";
const ROW_IMAGE_SIZES =
  "(min-width: 1152px) 704px, (min-width: 1024px) calc(66vw - 64px), (min-width: 640px) calc(100vw - 64px), calc(100vw - 40px)";

/** The first study of a page leads: its image the container's width, its words in two columns under it. */
export function CaseStudyRow({ study, index }: { study: CaseStudy; index: number }) {
  const lead = index === 0;
  const image = responsiveImage(study.image_url, lead ? LEAD_IMAGE_SIZES : ROW_IMAGE_SIZES);
  const imageRight = index % 2 === 1;
  const headingId = `case-study-${study.id}`;
  return (
    <article
      aria-labelledby={headingId}
      data-layout-side={lead ? "top" : imageRight ? "right" : "left"}
      className={`overflow-hidden rounded-2xl border border-slate-200 bg-white lg:overflow-visible lg:rounded-none lg:border-0 lg:bg-transparent ${
        lead
          ? ""
          : `lg:grid lg:items-center lg:gap-16 ${imageRight ? "lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]" : "lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]"}`
      }`}
    >
      <div className={`relative lg:overflow-hidden lg:rounded-2xl lg:ring-1 lg:ring-slate-900/5 ${imageRight ? "lg:order-last" : ""}`}>
        <img
          {...image}
          alt={caseStudyImageAlt(study, { fallback: "decorative" })}
          width={1600}
          height={1000}
          loading={lead ? "eager" : "lazy"}
          decoding={lead ? "auto" : "async"}
          {...(lead ? { fetchpriority: "high" } : {})}
          className={`aspect-[16/10] w-full bg-slate-100 object-cover ${lead ? "lg:aspect-[2/1]" : ""}`}
        />
      </div>

      <div className={`p-5 sm:p-6 lg:p-0 ${lead ? "lg:mt-8 lg:grid lg:grid-cols-2 lg:gap-16" : ""}`}>
        <div>
          <p className="flex flex-wrap items-center gap-x-2 text-xs font-semibold tracking-[0.16em] text-brand-700 uppercase">
            <span>{study.industry}</span>
            <span aria-hidden="true" className="text-slate-400">
              ·
            </span>
            <span className="text-slate-600">{study.client}</span>
          </p>
          <h2
            id={headingId}
            className={`mt-2 leading-tight font-semibold tracking-[-0.02em] text-balance ${lead ? "text-2xl sm:text-3xl lg:text-[2.5rem]" : "text-xl sm:text-2xl"}`}
          >
            {study.title}
          </h2>
        </div>
        <div className={lead ? "lg:pt-7" : ""}>
          <p className={`mt-3 text-slate-600 line-clamp-4 ${lead ? "lg:mt-0 lg:line-clamp-none" : "lg:line-clamp-5"}`}>
            {study.project_insight}
          </p>
          <TechnologyList technologies={study.technologies} className="mt-4" />
          <OutcomeList outcomes={study.outcomes} className="mt-5" />
          <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <Link to={`/case-studies/${study.slug}`} className={buttonClass.primary}>
              Read case study<span className="sr-only">: {study.title}</span>
              <Icon name="arrowRight" className="h-4 w-4" />
            </Link>
            <VisitWebsiteLink url={study.website_url} client={study.client} className={buttonClass.secondary} />
          </div>
        </div>
      </div>
    </article>
  );
}
