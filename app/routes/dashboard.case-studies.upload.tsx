import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CaseStudyForm, blankCaseStudyValues, type CaseStudyActionResult } from "~/components/dashboard/case-study-form";
import { caseStudyFailure, readCaseStudySubmission } from "~/server/case-study-submission.server";
import { ScreenHeading } from "~/components/dashboard/ui";
import { site } from "~/content/site";
import { createCaseStudy } from "~/domain/case-studies.server";
import { messages } from "~/domain/messages";
import { requireAdmin } from "~/server/auth.server";
import { getEnv } from "~/server/env.server";
import { jsonWithSuccess, redirectWithSuccess } from "~/server/toast.server";
import { uploadedImages } from "~/server/uploads.server";

const LIST = "/dashboard/case-studies/list";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { maxUploadMb: getEnv().MAX_UPLOAD_MB };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const submission = await readCaseStudySubmission(request);
  if (!submission.ok) {
    const { error, values, js } = submission;
    return caseStudyFailure({ errors: { image: [error.message] }, status: error.status }, values, messages.caseStudyUploadFailed, false, js);
  }
  const { fields, image, values, js } = submission;
  let result: Awaited<ReturnType<typeof createCaseStudy>>;
  try {
    result = await createCaseStudy(fields, image, uploadedImages);
  } catch (error) {
    // Unexpected (database or disk): the fallback message, with the form kept as typed.
    console.error("Case study upload failed:", error);
    return caseStudyFailure({ errors: {}, status: 500 }, values, messages.caseStudyUploadFailed, image !== null, js);
  }
  if (!result.ok) return caseStudyFailure(result, values, messages.caseStudyUploadFailed, image !== null, js);
  // With JavaScript the page shows the toast, empties the form and returns to the list after 2 s (SPEC §2, §9).
  if (js) return jsonWithSuccess({ ok: true as const, redirectTo: LIST }, messages.caseStudyUploaded);
  return redirectWithSuccess(LIST, messages.caseStudyUploaded);
}

export default function UploadCaseStudy() {
  const { maxUploadMb } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as CaseStudyActionResult | undefined;
  return (
    <section className="max-w-5xl">
      <ScreenHeading title="Create Case Study" />
      <CaseStudyForm mode="create" initial={blankCaseStudyValues} result={result} maxUploadMb={maxUploadMb} listHref={LIST} />
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: `Create Case Study | ${site.name}` }, { name: "robots", content: "noindex" }];
