import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { titleWith } from "~/domain/page-content";
import { useRouteError } from "@remix-run/react";
import { ErrorPage, errorTitle } from "~/components/site/error-page";
import { requireAdmin } from "~/server/auth.server";

// An unknown dashboard address: a 404 inside the dashboard's frame, for a signed-in admin only.
export async function loader({ request, context }: LoaderFunctionArgs): Promise<never> {
  await requireAdmin(request, context);
  throw new Response("Not Found", { status: 404, statusText: "Not Found" });
}

export async function action(args: LoaderFunctionArgs): Promise<never> {
  return loader(args);
}

export default function DashboardNotFound() {
  return null;
}

export const meta: MetaFunction = ({ error, matches }) => [
  { title: titleWith(matches, errorTitle(error)) },
  { name: "robots", content: "noindex" },
];

export function ErrorBoundary() {
  return <ErrorPage error={useRouteError()} back={{ to: "/dashboard", label: "Back to the dashboard" }} headingLevel={2} />;
}
