import { Form, Link } from "@remix-run/react";
import { messages } from "~/domain/messages";
import type { CaseStudy } from "~/domain/types";
import { caseStudyImageAlt, responsiveImage } from "~/lib/images";
import { buttonClass } from "../ui";

/** The no-JavaScript confirmation of a case study's deletion: the same question as the list's confirm dialog. */
export function CaseStudyConfirmDelete({ caseStudy, cancelHref }: { caseStudy: CaseStudy; cancelHref: string }) {
  return (
    <div className="max-w-2xl overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm sm:flex">
      <div className="aspect-[16/10] bg-slate-100 sm:aspect-auto sm:w-56 sm:shrink-0">
        <img {...responsiveImage(caseStudy.image_url, "14rem")} alt={caseStudyImageAlt(caseStudy, { fallback: "decorative" })} className="h-full w-full object-cover" />
      </div>
      <div className="p-6">
        <h2 className="text-xl font-bold tracking-tight">{messages.confirmDeleteCaseStudy}</h2>
        <p className="mt-2 font-medium text-ink">{caseStudy.title}</p>
        <p className="text-sm text-slate-600">
          {caseStudy.client} · {caseStudy.industry}
        </p>
        <p className="mt-3 text-sm text-slate-600">Its page and image are removed for good.</p>
        <Form method="post" className="mt-6 flex gap-3">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={caseStudy.id} />
          <button type="submit" className={buttonClass.compact.danger}>Delete</button>
          <Link to={cancelHref} className={buttonClass.compact.secondary}>Cancel</Link>
        </Form>
      </div>
    </div>
  );
}
