import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { HistoryError, HistoryList, historyMeta } from "~/components/dashboard/history";
import { SETTINGS_SUBJECT } from "~/domain/versions.server";
import { requirePermission } from "~/server/auth.server";
import { historyPage } from "./__history-screens.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, "settings:write", context);
  return { list: await historyPage(request, SETTINGS_SUBJECT) };
}

export default function SettingsHistory() {
  const { list } = useLoaderData<typeof loader>();
  return (
    <HistoryList
      title="History: contact settings"
      intro="Every save of the contact settings, newest first. Open one to see what it changed and to restore it."
      back={{ to: "/dashboard/settings", label: "Back to the settings" }}
      path="/dashboard/settings/history"
      list={list}
      drafts={false}
    />
  );
}

export const meta = historyMeta("Settings history");

export const ErrorBoundary = HistoryError;
