import { Link } from "@remix-run/react";
import type { CaseStudy } from "~/domain/types";
import { caseStudyImageAlt, responsiveImage } from "~/lib/images";

/** A third of the 72rem container on wide screens, half on tablets, the whole width on phones. */
const CARD_IMAGE_SIZES = "(min-width: 1152px) 344px, (min-width: 640px) calc(50vw - 44px), calc(100vw - 40px)";

type Related = Pick<CaseStudy, "id" | "slug" | "title" | "client" | "industry" | "image_url" | "image_alt">;

/** Compact cards of other work that shares a service or the industry; nothing at all when there is none. */
export function RelatedWork({ studies }: { studies: readonly Related[] }) {
  if (studies.length === 0) return null;
  return (
    <section aria-labelledby="related-work" className="mt-16">
      <h2 id="related-work" className="text-2xl font-bold tracking-tight">
        Related work
      </h2>
      <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {studies.map((study) => (
          <li
            key={study.id}
            className="group relative overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-brand-600 motion-reduce:transition-none"
          >
            <img
              {...responsiveImage(study.image_url, CARD_IMAGE_SIZES)}
              alt={caseStudyImageAlt(study, { fallback: "decorative" })}
              width={1600}
              height={1000}
              loading="lazy"
              decoding="async"
              className="aspect-[16/10] w-full bg-slate-100 object-cover"
            />
            <div className="p-5">
              <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">{study.industry}</p>
              <h3 className="mt-1 text-lg font-semibold leading-snug">
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
        ))}
      </ul>
    </section>
  );
}
