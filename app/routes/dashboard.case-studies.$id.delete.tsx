import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { titleWith } from "~/domain/page-content";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDelete } from "~/components/dashboard/dashboard-ui";
import { deleteCaseStudy, getCaseStudy } from "~/domain/case-studies.server";
import { messages } from "~/domain/messages";
import { caseStudyImageAlt, responsiveImage } from "~/lib/images";
import { requirePermission } from "~/server/auth.server";
import { requestOrigin } from "~/server/client-address.server";
import { deleted, notDeleted } from "~/server/forms.server";
import { redirectWithError } from "~/server/toast.server";
import { ports } from "~/server/ports.server";

const LIST = "/dashboard/case-studies/list";

/** A case study's deletion: the list's Delete (window.confirm, then a fetcher) posts here, and so does this confirmation page without JavaScript. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requirePermission(request, "case_studies:write", context);
  const caseStudy = await getCaseStudy(params.id ?? "");
  if (!caseStudy) throw await redirectWithError(LIST, messages.caseStudyLoadFailed);
  return { caseStudy };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requirePermission(request, "case_studies:write");
  const removed = await deleteCaseStudy(params.id ?? "", { origin: requestOrigin(request, admin, "form"), images: ports.images });
  if (!removed) return notDeleted(request, LIST, messages.caseStudyDeleteFailed, 404);
  return deleted(request, LIST, messages.caseStudyDeleted);
}

export default function ConfirmCaseStudyDelete() {
  const { caseStudy } = useLoaderData<typeof loader>();
  const picture = (
    <div className="aspect-[16/10] bg-slate-100 sm:aspect-auto sm:w-56 sm:shrink-0">
      <img
        {...responsiveImage(caseStudy.image_url, "14rem")}
        alt={caseStudyImageAlt(caseStudy, { fallback: "decorative" })}
        className="h-full w-full object-cover"
      />
    </div>
  );
  return (
    <ConfirmDelete question={messages.confirmDeleteCaseStudy} name={caseStudy.title} cancelHref={LIST} picture={picture}>
      <p className="text-sm text-slate-600">
        {caseStudy.client} · {caseStudy.industry}
      </p>
      <p className="mt-3 text-sm text-slate-600">Its page and image are removed for good.</p>
    </ConfirmDelete>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  { title: titleWith(matches, "Delete case study") },
  { name: "robots", content: "noindex" },
];
