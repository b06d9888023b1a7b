import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { HistoryError, HistoryList, historyMeta } from "~/components/dashboard/history";
import { getCaseStudy } from "~/domain/case-studies.server";
import { caseStudySubject } from "~/domain/versions.server";
import { requirePermission } from "~/server/auth.server";
import { historyPage, notFound } from "./__history-screens.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requirePermission(request, "case_studies:read", context);
  const study = await getCaseStudy(params.id ?? "");
  if (!study) notFound();
  return { study: { id: study.id, title: study.title }, list: await historyPage(request, caseStudySubject(study.id)) };
}

export default function CaseStudyHistory() {
  const { study, list } = useLoaderData<typeof loader>();
  return (
    <HistoryList
      title={`History: ${study.title}`}
      intro="Every save of this case study, newest first. Open one to see what it changed and to restore it."
      back={{ to: `/dashboard/case-studies/edit/${study.id}`, label: "Back to the case study" }}
      path={`/dashboard/case-studies/${study.id}/history`}
      list={list}
    />
  );
}

export const meta = historyMeta("Case study history");

export const ErrorBoundary = HistoryError;
