import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { HistoryError, historyMeta, RestoreForm, VersionDetails } from "~/components/dashboard/history";
import { contentPartLabels, isContentPart } from "~/domain/content-schemas";
import { messages } from "~/domain/messages";
import { restoreContentVersion } from "~/domain/site-content.server";
import { contentSubject } from "~/domain/versions.server";
import { requirePermission } from "~/server/auth.server";
import { requestOrigin } from "~/server/client-address.server";
import { notFound, versionNumber, versionWithChanges } from "./__history-screens.server";
import { ports } from "~/server/ports.server";
import { redirectWithError, redirectWithSuccess } from "~/server/toast.server";

function contentPart(param: string | undefined) {
  const part = param ?? "";
  return isContentPart(part) ? part : notFound();
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requirePermission(request, "content:read", context);
  const part = contentPart(params.part);
  const n = versionNumber(params.n);
  return { part, label: contentPartLabels[part], ...(await versionWithChanges(contentSubject(part), n)) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requirePermission(request, "content:write");
  const part = contentPart(params.part);
  const n = versionNumber(params.n);
  const publish = (await request.formData()).get("intent") === "publish";
  const history = `/dashboard/content/${part}/history`;
  const restored = await restoreContentVersion(part, n, { publish, origin: requestOrigin(request, admin, "form"), images: ports.images });
  if (restored.ok) return redirectWithSuccess(history, messages.versionRestored(n));
  return redirectWithError(history, restored.reason === "version-outdated" ? messages.versionOutdated : messages.versionNotFound);
}

export default function ContentVersion() {
  const { part, label, version, previous, changes } = useLoaderData<typeof loader>();
  return (
    <VersionDetails
      title={`Version ${version.n}: ${label}`}
      back={{ to: `/dashboard/content/${part}/history`, label: "History" }}
      version={version}
      previous={previous}
      changes={changes}
      labels={{ items: label }}
      restore={
        <RestoreForm
          permission="content:write"
          buttons={[
            { label: "Restore as draft", intent: "draft", primary: false },
            { label: "Restore and publish", intent: "publish" },
          ]}
        />
      }
    />
  );
}

export const meta = historyMeta("Content version");

export const ErrorBoundary = HistoryError;
