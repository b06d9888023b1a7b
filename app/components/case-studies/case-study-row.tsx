import { Link } from "@remix-run/react";
import type { CaseStudy } from "~/domain/types";
import { caseStudyImageAlt, responsiveImage } from "~/lib/images";
import { Icon } from "../icons";
import { buttonClass } from "../ui";
import { OutcomeList, TechnologyList, VisitWebsiteLink } from "./parts";

/** Half of the 72rem container on wide screens, the whole width on phones. */
const ROW_IMAGE_SIZES = "(min-width: 1152px) 540px, (min-width: 768px) calc(50vw - 60px), calc(100vw - 40px)";

export function CaseStudyRow({ study, index }: { study: CaseStudy; index: number }) {
  const image = responsiveImage(study.image_url, ROW_IMAGE_SIZES);
  const imageRight = index % 2 === 1;
  const headingId = `case-study-${study.id}`;
  return (
    <article
      aria-labelledby={headingId}
      data-layout-side={imageRight ? "right" : "left"}
      className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm md:grid md:grid-cols-2 md:items-center md:gap-10 md:overflow-visible md:rounded-none md:border-0 md:bg-transparent md:shadow-none lg:gap-16"
    >
      <div
        className={`relative md:overflow-hidden md:rounded-2xl md:shadow-lg md:ring-1 md:ring-slate-900/5 ${imageRight ? "md:order-last" : ""}`}
      >
        <img
          {...image}
          alt={caseStudyImageAlt(study, { fallback: "decorative" })}
          width={1600}
          height={1000}
          loading={index === 0 ? "eager" : "lazy"}
          decoding={index === 0 ? "auto" : "async"}
          {...(index === 0 ? { fetchpriority: "high" } : {})}
          className="aspect-[16/10] w-full bg-slate-100 object-cover"
        />
      </div>

      <div className="p-5 sm:p-6 md:p-0">
        <p className="flex flex-wrap items-center gap-x-2 text-xs font-semibold uppercase tracking-wider text-brand-700">
          <span>{study.industry}</span>
          <span aria-hidden="true" className="text-slate-400">
            •
          </span>
          <span className="text-slate-600">{study.client}</span>
        </p>
        <h2 id={headingId} className="mt-2 text-xl font-bold tracking-tight text-balance sm:text-2xl lg:text-3xl">
          {study.title}
        </h2>
        <p className="mt-3 text-slate-600 line-clamp-4 lg:line-clamp-none">{study.project_insight}</p>
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
    </article>
  );
}
