import { Link } from "@remix-run/react";
import { messages } from "~/domain/messages";
import type { CaseStudy } from "~/domain/types";
import { caseStudyStatusLabels } from "~/domain/case-study-status";
import { useFormatTime } from "~/hooks/use-studio-time";
import { useCan } from "~/hooks/use-can";
import { caseStudyImageAlt, responsiveImage } from "~/lib/images";
import { Icon } from "../icons";
import { buttonClass } from "../ui";
import { DeleteButton } from "./dashboard-ui";

export const caseStudyDeleteHref = (id: string) => `/dashboard/case-studies/${id}/delete`;

const CARD_IMAGE_SIZES = "(min-width: 1280px) 22rem, (min-width: 768px) 45vw, 100vw";

export function CaseStudyCard({ caseStudy }: { caseStudy: CaseStudy }) {
  const formatTime = useFormatTime();
  const { id, slug, title, client, industry, project_insight, image_url, status, publish_at, unpublish_at } = caseStudy;
  const scheduled = status === "draft" && publish_at;
  const canWrite = useCan("case_studies:write");
  return (
    <li className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md">
      {/* The image fills the box absolutely: in the flow, an upload of another shape would stretch the box past 16:10. */}
      <div className="relative aspect-[16/10] overflow-hidden bg-slate-100">
        {image_url ? (
          <img
            {...responsiveImage(image_url, CARD_IMAGE_SIZES)}
            alt={caseStudyImageAlt(caseStudy, { fallback: "decorative" })}
            width={1600}
            height={1000}
            loading="lazy"
            decoding="async"
            className="absolute inset-0 h-full w-full object-cover"
          />
        ) : (
          <span className="absolute inset-0 flex items-center justify-center text-sm text-slate-600">No image yet</span>
        )}
        {status === "draft" ? (
          <span
            data-status={scheduled ? "scheduled" : "draft"}
            className="absolute left-3 top-3 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold uppercase tracking-wide text-amber-950 shadow-sm ring-1 ring-amber-300"
          >
            {scheduled ? "Scheduled" : caseStudyStatusLabels.draft}
          </span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col p-5">
        <p className="truncate text-xs font-semibold uppercase tracking-wide text-brand-700">
          {client}
          <span aria-hidden="true"> · </span>
          <span className="sr-only">, </span>
          {industry}
        </p>
        <h3 className="mt-1 text-lg font-semibold leading-snug text-ink">{title}</h3>
        <p className="mt-2 line-clamp-2 text-sm text-slate-600">{project_insight}</p>
        {scheduled ? <p className="mt-2 text-sm font-medium text-amber-900">{`Scheduled: goes live ${formatTime(publish_at)}`}</p> : null}
        {unpublish_at ? (
          <p className="mt-2 text-sm font-medium text-amber-900">{`Scheduled: back to draft ${formatTime(unpublish_at)}`}</p>
        ) : null}
        <div className="mt-auto flex flex-wrap gap-2 pt-5">
          {canWrite ? (
            <>
              <Link to={`/dashboard/case-studies/edit/${id}`} aria-label={`Edit ${title}`} className={buttonClass.compact.secondary}>
                Edit
              </Link>
              <DeleteButton href={caseStudyDeleteHref(id)} question={messages.confirmDeleteCaseStudy} label={`Delete ${title}`} />
            </>
          ) : null}
          <a
            href={`/case-studies/${slug}`}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`View ${title} (opens in a new tab)`}
            className={`${buttonClass.compact.secondary} ml-auto`}
          >
            View
            <Icon name="external" className="h-4 w-4" aria-hidden="true" />
          </a>
        </div>
      </div>
    </li>
  );
}
