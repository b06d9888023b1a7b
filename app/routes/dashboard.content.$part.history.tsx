import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { HistoryError, HistoryList, historyMeta } from "~/components/dashboard/history";
import { contentPartLabels, isContentPart } from "~/domain/content-schemas";
import { contentSubject } from "~/domain/versions.server";
import { requirePermission } from "~/server/auth.server";
import { historyPage, notFound } from "./__history-screens.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requirePermission(request, "content:read", context);
  const part = params.part ?? "";
  if (!isContentPart(part)) notFound();
  return { part, label: contentPartLabels[part], list: await historyPage(request, contentSubject(part)) };
}

export default function ContentHistory() {
  const { part, label, list } = useLoaderData<typeof loader>();
  return (
    <HistoryList
      title={`History: ${label}`}
      intro="Every draft and publish of this part of the site, newest first. Open one to see what it changed and to restore it."
      back={{ to: `/dashboard/content/${part}`, label: `Back to ${label}` }}
      path={`/dashboard/content/${part}/history`}
      list={list}
    />
  );
}

export const meta = historyMeta("Content history");

export const ErrorBoundary = HistoryError;
