import { Link } from "@remix-run/react";
import { Icon } from "~/components/icons";
import { Section, SectionHeading } from "~/components/ui";
import type { CaseStudy } from "~/domain/types";
import { caseStudyImageAlt, responsiveImage } from "~/lib/images";

export function LatestWork({
  studies,
}: {
  studies: readonly Pick<CaseStudy, "id" | "slug" | "title" | "client" | "industry" | "image_url" | "image_alt">[];
}) {
  if (studies.length === 0) return null;
  return (
    <Section labelledBy="latest-work-title" tinted>
      <div className="flex flex-col gap-5 sm:flex-row sm:items-end sm:justify-between">
        <SectionHeading id="latest-work-title" eyebrow="Case studies" title="Latest work" />
        <Link
          to="/case-studies"
          prefetch="intent"
          className="inline-flex shrink-0 items-center gap-1.5 font-medium text-brand-700 hover:underline"
        >
          See all case studies
          <Icon name="arrowRight" className="h-4 w-4" />
        </Link>
      </div>
      <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {studies.map((study) => (
          <li
            key={study.id}
            className="group relative overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-brand-600 motion-reduce:transition-none"
          >
            <img
              {...responsiveImage(study.image_url)}
              alt={caseStudyImageAlt(study, { fallback: "decorative" })}
              width={1600}
              height={1000}
              loading="lazy"
              decoding="async"
              className="aspect-[16/10] w-full bg-slate-100 object-cover"
            />
            <div className="p-5">
              <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">{study.industry}</p>
              <h3 className="mt-1 text-lg font-semibold">
                <Link
                  to={`/case-studies/${study.slug}`}
                  className="after:absolute after:inset-0 focus-visible:outline-none group-hover:text-brand-700"
                >
                  {study.title}
                </Link>
              </h3>
              <p className="mt-1 text-sm text-slate-600">{study.client}</p>
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}
