import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CaseStudyConfirmDelete } from "~/components/dashboard/case-study-confirm-delete";
import { site } from "~/content/site";
import { deleteCaseStudy, getCaseStudy } from "~/domain/case-studies.server";
import { messages } from "~/domain/messages";
import { requireAdmin } from "~/server/auth.server";
import { redirectWithError, redirectWithSuccess } from "~/server/toast.server";
import { uploadedImages } from "~/server/uploads.server";

const LIST = "/dashboard/case-studies/list";

/** The no-JavaScript confirmation of a case study's deletion (with JavaScript the list asks with window.confirm). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const caseStudy = await getCaseStudy(params.id ?? "");
  if (!caseStudy) throw await redirectWithError(LIST, messages.caseStudyLoadFailed);
  return { caseStudy };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdmin(request);
  return (await deleteCaseStudy(params.id ?? "", uploadedImages))
    ? redirectWithSuccess(LIST, messages.caseStudyDeleted)
    : redirectWithError(LIST, messages.caseStudyDeleteFailed);
}

export default function ConfirmCaseStudyDelete() {
  const { caseStudy } = useLoaderData<typeof loader>();
  return <CaseStudyConfirmDelete caseStudy={caseStudy} cancelHref={LIST} />;
}

export const meta: MetaFunction = () => [{ title: `Delete case study | ${site.name}` }, { name: "robots", content: "noindex" }];
