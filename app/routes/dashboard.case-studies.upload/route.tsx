import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ScreenHeading } from "~/components/dashboard/ui";
import { site } from "~/content/site";
import { createCaseStudy } from "~/domain/case-studies.server";
import { messages } from "~/domain/messages";
import { requireAdmin } from "~/server/auth.server";
import { getEnv } from "~/server/env.server";
import { savedThenTo } from "~/server/forms.server";
import { uploadedImages } from "~/server/uploads.server";
import { CaseStudyForm, blankCaseStudyValues, type CaseStudyActionResult } from "./form";
import { caseStudyRefusal, readCaseStudySubmission } from "./submission.server";

/**
 * Uploading a case study (docs/behaviour.md#case-study-form, #forms, #timings). The case study form (form.tsx)
 * and its server half (submission.server.ts) sit beside this route: the edit route is the only other one using
 * them, and imports them from here.
 */

const LIST = "/dashboard/case-studies/list";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { maxUploadMb: getEnv().MAX_UPLOAD_MB };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const read = await readCaseStudySubmission(request);
  if (!read.ok) {
    const { error, submission } = read;
    return caseStudyRefusal(request, { errors: { image: [error.message] }, status: error.status }, submission, messages.caseStudyUploadFailed, false);
  }
  const { fields, image, submission } = read;
  let result: Awaited<ReturnType<typeof createCaseStudy>>;
  try {
    result = await createCaseStudy(fields, image, uploadedImages);
  } catch (error) {
    // Unexpected (database or disk): the fallback message, with the form kept as typed.
    console.error("Case study upload failed:", error);
    return caseStudyRefusal(request, { errors: {}, status: 500 }, submission, messages.caseStudyUploadFailed, image !== null);
  }
  if (!result.ok) return caseStudyRefusal(request, result, submission, messages.caseStudyUploadFailed, image !== null);
  // With JavaScript the page shows the toast, empties the form and returns to the list after 2 s.
  return savedThenTo(request, LIST, messages.caseStudyUploaded, { extra: { result: submission.reply({ resetForm: true }) } });
}

export default function UploadCaseStudy() {
  const { maxUploadMb } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as CaseStudyActionResult | undefined;
  return (
    <section className="max-w-5xl">
      <ScreenHeading title="Create Case Study" />
      {/* Uploaded: a new, empty form (and preview) for the 2 s before the list. */}
      <CaseStudyForm
        key={answer?.ok ? "uploaded" : "upload"}
        mode="create"
        initial={blankCaseStudyValues}
        answer={answer}
        maxUploadMb={maxUploadMb}
        listHref={LIST}
      />
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: `Create Case Study | ${site.name}` }, { name: "robots", content: "noindex" }];
