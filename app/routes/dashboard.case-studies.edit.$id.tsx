import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation, useParams } from "@remix-run/react";
import {
  CaseStudyForm,
  caseStudyFormValues,
  type CaseStudyActionResult,
} from "~/components/dashboard/case-study-form";
import { caseStudyFailure, readCaseStudySubmission } from "~/server/case-study-submission.server";
import { ScreenHeading } from "~/components/dashboard/ui";
import { site } from "~/content/site";
import { getCaseStudy, updateCaseStudy } from "~/domain/case-studies.server";
import { messages } from "~/domain/messages";
import type { CaseStudy } from "~/domain/types";
import { requireAdmin } from "~/server/auth.server";
import { getEnv } from "~/server/env.server";
import { jsonWithSuccess, redirectWithError, redirectWithSuccess } from "~/server/toast.server";
import { uploadedImages } from "~/server/uploads.server";

const LIST = "/dashboard/case-studies/list";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const caseStudy = await getCaseStudy(params.id ?? "");
  // SPEC §4: if the entry cannot be loaded, an error shows and the user returns to the list.
  if (!caseStudy) throw await redirectWithError(LIST, messages.caseStudyLoadFailed);
  return { caseStudy, maxUploadMb: getEnv().MAX_UPLOAD_MB };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdmin(request);
  const id = params.id ?? "";
  const submission = await readCaseStudySubmission(request);
  if (!submission.ok) {
    const { error, values, js } = submission;
    return caseStudyFailure({ errors: { image: [error.message] }, status: error.status }, values, messages.caseStudySaveFailed, false, js);
  }
  const { fields, image, values, js } = submission;
  let result: Awaited<ReturnType<typeof updateCaseStudy>>;
  try {
    result = await updateCaseStudy(id, fields, image, uploadedImages);
  } catch (error) {
    console.error("Case study update failed:", error);
    return caseStudyFailure({ errors: {}, status: 500 }, values, messages.caseStudySaveFailed, image !== null, js);
  }
  if (result === null) return redirectWithError(LIST, messages.caseStudyLoadFailed);
  if (!result.ok) return caseStudyFailure(result, values, messages.caseStudySaveFailed, image !== null, js);
  if (js) return jsonWithSuccess({ ok: true as const, redirectTo: LIST }, messages.caseStudyUpdated);
  return redirectWithSuccess(LIST, messages.caseStudyUpdated);
}

/** The entry handed over by the list's Edit link (`<Link state={{ caseStudy }}>`), when it is this one. */
function passedEntry(state: unknown, id: string | undefined): CaseStudy | null {
  const entry = (state as { caseStudy?: Partial<CaseStudy> } | null)?.caseStudy;
  if (!entry || entry.id !== id || typeof entry.title !== "string" || !Array.isArray(entry.outcomes) || !Array.isArray(entry.technologies)) return null;
  return entry as CaseStudy;
}

export default function EditCaseStudy() {
  const loaded = useLoaderData<typeof loader>();
  const { id } = useParams();
  const location = useLocation();
  const result = useActionData<typeof action>() as CaseStudyActionResult | undefined;
  // SPEC §4: filled from the entry passed in navigation, otherwise from the one loaded by id.
  const entry = passedEntry(location.state, id) ?? loaded.caseStudy;
  return (
    <section className="max-w-5xl">
      <ScreenHeading title="Edit Case Study" />
      <CaseStudyForm
        key={entry.id}
        mode="edit"
        initial={caseStudyFormValues(entry)}
        imageUrl={loaded.caseStudy.image_url}
        result={result}
        maxUploadMb={loaded.maxUploadMb}
        listHref={LIST}
      />
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: `Edit Case Study | ${site.name}` }, { name: "robots", content: "noindex" }];
