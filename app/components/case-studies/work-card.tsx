import { Link } from "@remix-run/react";
import type { CaseStudy } from "~/domain/types";
import { caseStudyImageAlt, responsiveImage } from "~/lib/images";

export type WorkCardStudy = Pick<CaseStudy, "id" | "slug" | "title" | "client" | "industry" | "image_url" | "image_alt">;

/** One case study as a card whose title links to its page; the whole card is the link's target. */
export function WorkCard({ study, sizes }: { study: WorkCardStudy; sizes?: string }) {
  return (
    <li className="group relative overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-brand-600 motion-reduce:transition-none">
      <img
        {...responsiveImage(study.image_url, sizes)}
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
            prefetch="intent"
            className="after:absolute after:inset-0 focus-visible:outline-none group-hover:text-brand-700"
          >
            {study.title}
          </Link>
        </h3>
        <p className="mt-1 text-sm text-slate-600">{study.client}</p>
      </div>
    </li>
  );
}
