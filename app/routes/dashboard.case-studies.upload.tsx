import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { titleWith } from "~/domain/page-content";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ScreenHeading } from "~/components/dashboard/dashboard-ui";
import { requirePermission } from "~/server/auth.server";
import { getEnv } from "~/server/env.server";
import { CaseStudyEditor } from "./__case-study-editor";
import { editorChoices, type CaseStudyAnswer } from "./__case-study-editor.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, "case_studies:write", context);
  return { choices: await editorChoices(), maxUploadMb: getEnv().MAX_UPLOAD_MB };
}

export { action } from "./__case-study-editor.server";

export default function UploadCaseStudy() {
  const { choices, maxUploadMb } = useLoaderData<typeof loader>();
  const answer = useActionData<CaseStudyAnswer>();
  return (
    <section className="max-w-6xl">
      <ScreenHeading title="Create Case Study" />
      <CaseStudyEditor choices={choices} answer={answer} maxUploadMb={maxUploadMb} />
    </section>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  { title: titleWith(matches, "Create Case Study") },
  { name: "robots", content: "noindex" },
];
