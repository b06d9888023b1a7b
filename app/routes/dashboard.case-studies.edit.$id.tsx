import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { titleWith } from "~/domain/page-content";
import { ScreenHeading } from "~/components/dashboard/dashboard-ui";
import { Icon } from "~/components/icons";
import { buttonClass } from "~/components/ui";
import { getCaseStudy } from "~/domain/case-studies.server";
import { messages } from "~/domain/messages";
import { requirePermission } from "~/server/auth.server";
import { getEnv } from "~/server/env.server";
import { redirectWithError } from "~/server/toast.server";
import { CaseStudyEditor } from "./__case-study-editor";
import { editorChoices, type CaseStudyAnswer } from "./__case-study-editor.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requirePermission(request, "case_studies:write", context);
  const caseStudy = await getCaseStudy(params.id ?? "");
  if (!caseStudy) throw await redirectWithError("/dashboard/case-studies/list", messages.caseStudyLoadFailed);
  return { caseStudy, choices: await editorChoices(), maxUploadMb: getEnv().MAX_UPLOAD_MB };
}

export { action } from "./__case-study-editor.server";

export default function EditCaseStudy() {
  const { caseStudy, choices, maxUploadMb } = useLoaderData<typeof loader>();
  const answer = useActionData<CaseStudyAnswer>();
  return (
    <section className="max-w-6xl">
      <ScreenHeading title="Edit Case Study">
        <div className="flex flex-wrap gap-2">
          <Link to={`/dashboard/case-studies/${caseStudy.id}/history`} className={buttonClass.compact.secondary}>
            History
          </Link>
          {/* The page as saved (a draft's with its banner), to look at before publishing. */}
          <a
            href={`/case-studies/${caseStudy.slug}`}
            target="_blank"
            rel="noopener noreferrer"
            aria-label="View page (opens in a new tab)"
            className={buttonClass.compact.secondary}
          >
            View page
            <Icon name="external" className="h-4 w-4" aria-hidden="true" />
          </a>
        </div>
      </ScreenHeading>
      <CaseStudyEditor key={caseStudy.id} caseStudy={caseStudy} choices={choices} answer={answer} maxUploadMb={maxUploadMb} />
    </section>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  { title: titleWith(matches, "Edit Case Study") },
  { name: "robots", content: "noindex" },
];
