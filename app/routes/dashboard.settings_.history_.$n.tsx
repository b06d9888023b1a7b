import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { HistoryError, historyMeta, RestoreForm, VersionDetails } from "~/components/dashboard/history";
import { messages } from "~/domain/messages";
import { restoreSettingsVersion } from "~/domain/settings.server";
import { SETTINGS_SUBJECT } from "~/domain/versions.server";
import { requirePermission } from "~/server/auth.server";
import { requestOrigin } from "~/server/client-address.server";
import { versionNumber, versionWithChanges } from "./__history-screens.server";
import { redirectWithError, redirectWithSuccess } from "~/server/toast.server";

const HISTORY = "/dashboard/settings/history";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requirePermission(request, "settings:write", context);
  return versionWithChanges(SETTINGS_SUBJECT, versionNumber(params.n));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requirePermission(request, "settings:write");
  const n = versionNumber(params.n);
  const restored = await restoreSettingsVersion(n, { origin: requestOrigin(request, admin, "form") });
  if (!restored.ok) return redirectWithError(HISTORY, messages.versionNotFound);
  return redirectWithSuccess(HISTORY, messages.versionRestored(n));
}

export default function SettingsVersion() {
  const { version, previous, changes } = useLoaderData<typeof loader>();
  return (
    <VersionDetails
      title={`Version ${version.n}: contact settings`}
      back={{ to: HISTORY, label: "History" }}
      version={version}
      previous={previous}
      changes={changes}
      drafts={false}
      restore={<RestoreForm permission="settings:write" buttons={[{ label: "Restore this version" }]} />}
    />
  );
}

export const meta = historyMeta("Settings version");

export const ErrorBoundary = HistoryError;
