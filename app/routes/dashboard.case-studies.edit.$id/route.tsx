import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation, useParams } from "@remix-run/react";
import { ScreenHeading } from "~/components/dashboard/ui";
import { Icon } from "~/components/icons";
import { buttonClass } from "~/components/ui";
import { site } from "~/content/site";
import { getCaseStudy, updateCaseStudy } from "~/domain/case-studies.server";
import { isCaseStudyStatus } from "~/domain/case-study-status";
import { messages } from "~/domain/messages";
import type { CaseStudy } from "~/domain/types";
import { requireAdmin } from "~/server/auth.server";
import { getEnv } from "~/server/env.server";
import { savedThenTo } from "~/server/forms.server";
import { redirectWithError } from "~/server/toast.server";
import { uploadedImages } from "~/server/uploads.server";
// The form and its server half are the upload route's, shared with this one.
import { CaseStudyForm, caseStudyFormValues, type CaseStudyActionResult } from "../dashboard.case-studies.upload/form";
import { caseStudyRefusal, readCaseStudySubmission } from "../dashboard.case-studies.upload/submission.server";

/** Editing a case study (docs/behaviour.md#case-study-form, #forms, #timings). */

const LIST = "/dashboard/case-studies/list";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const caseStudy = await getCaseStudy(params.id ?? "");
  // An entry that cannot be loaded: back to the list, with the error.
  if (!caseStudy) throw await redirectWithError(LIST, messages.caseStudyLoadFailed);
  return { caseStudy, maxUploadMb: getEnv().MAX_UPLOAD_MB };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdmin(request);
  const id = params.id ?? "";
  const read = await readCaseStudySubmission(request);
  if (!read.ok) {
    const { error, submission } = read;
    return caseStudyRefusal(request, { errors: { image: [error.message] }, status: error.status }, submission, messages.caseStudySaveFailed, false);
  }
  const { fields, image, submission } = read;
  let result: Awaited<ReturnType<typeof updateCaseStudy>>;
  try {
    result = await updateCaseStudy(id, fields, image, uploadedImages);
  } catch (error) {
    console.error("Case study update failed:", error);
    return caseStudyRefusal(request, { errors: {}, status: 500 }, submission, messages.caseStudySaveFailed, image !== null);
  }
  if (result === null) return redirectWithError(LIST, messages.caseStudyLoadFailed);
  if (!result.ok) return caseStudyRefusal(request, result, submission, messages.caseStudySaveFailed, image !== null);
  // With JavaScript the page shows the toast and returns to the list after 2 s (the form as saved meanwhile).
  return savedThenTo(request, LIST, messages.caseStudyUpdated, { extra: { result: submission.reply() } });
}

/** The entry handed over by the list's Edit link (`<Link state={{ caseStudy }}>`), when it is this one. */
function passedEntry(state: unknown, id: string | undefined): CaseStudy | null {
  const entry = (state as { caseStudy?: Partial<CaseStudy> } | null)?.caseStudy;
  if (!entry || entry.id !== id || typeof entry.title !== "string" || !Array.isArray(entry.outcomes) || !Array.isArray(entry.technologies) || !isCaseStudyStatus(entry.status)) return null;
  return entry as CaseStudy;
}

export default function EditCaseStudy() {
  const loaded = useLoaderData<typeof loader>();
  const { id } = useParams();
  const location = useLocation();
  const answer = useActionData<typeof action>() as CaseStudyActionResult | undefined;
  // Filled from the entry passed in navigation, otherwise from the one loaded by id.
  const entry = passedEntry(location.state, id) ?? loaded.caseStudy;
  return (
    <section className="max-w-5xl">
      <ScreenHeading title="Edit Case Study">
        {/* The page as saved (a draft's with its banner), to look at before publishing. */}
        <a
          href={`/case-studies/${loaded.caseStudy.id}`}
          target="_blank"
          rel="noopener noreferrer"
          aria-label="View page (opens in a new tab)"
          className={buttonClass.compact.secondary}
        >
          View page
          <Icon name="external" className="h-4 w-4" aria-hidden="true" />
        </a>
      </ScreenHeading>
      <CaseStudyForm
        key={entry.id}
        mode="edit"
        initial={caseStudyFormValues(entry)}
        imageUrl={loaded.caseStudy.image_url}
        answer={answer}
        maxUploadMb={loaded.maxUploadMb}
        listHref={LIST}
      />
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: `Edit Case Study | ${site.name}` }, { name: "robots", content: "noindex" }];
