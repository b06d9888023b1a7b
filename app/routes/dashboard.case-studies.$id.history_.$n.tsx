import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { HistoryError, historyMeta, RestoreForm, VersionDetails } from "~/components/dashboard/history";
import { getCaseStudy, restoreCaseStudyVersion } from "~/domain/case-studies.server";
import { messages } from "~/domain/messages";
import { caseStudySubject } from "~/domain/versions.server";
import { requirePermission } from "~/server/auth.server";
import { requestOrigin } from "~/server/client-address.server";
import { notFound, versionNumber, versionWithChanges } from "./__history-screens.server";
import { ports } from "~/server/ports.server";
import { redirectWithError, redirectWithSuccess } from "~/server/toast.server";

const historyOf = (id: string) => `/dashboard/case-studies/${id}/history`;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requirePermission(request, "case_studies:read", context);
  const n = versionNumber(params.n);
  const study = await getCaseStudy(params.id ?? "");
  if (!study) notFound();
  return { study: { id: study.id, title: study.title }, ...(await versionWithChanges(caseStudySubject(study.id), n)) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requirePermission(request, "case_studies:write");
  const n = versionNumber(params.n);
  const id = params.id ?? "";
  const restored = await restoreCaseStudyVersion(id, n, { origin: requestOrigin(request, admin, "form"), images: ports.images });
  if (restored.ok) return redirectWithSuccess(historyOf(id), messages.versionRestored(n));
  if (restored.reason === "not-found") return redirectWithError("/dashboard/case-studies/list", messages.caseStudyLoadFailed);
  return redirectWithError(historyOf(id), messages.versionNotFound);
}

export default function CaseStudyVersion() {
  const { study, version, previous, changes } = useLoaderData<typeof loader>();
  return (
    <VersionDetails
      title={`Version ${version.n}: ${study.title}`}
      back={{ to: historyOf(study.id), label: "History" }}
      version={version}
      previous={previous}
      changes={changes}
      restore={<RestoreForm permission="case_studies:write" buttons={[{ label: "Restore this version" }]} />}
    />
  );
}

export const meta = historyMeta("Case study version");

export const ErrorBoundary = HistoryError;
