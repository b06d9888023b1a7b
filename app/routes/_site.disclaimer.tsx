import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LegalPage } from "~/components/legal/legal-page";
import { seo } from "~/lib/seo";
import { titleWith } from "~/domain/page-content";
import { legalPage } from "./__legal-page.server";

export const loader = ({ request }: LoaderFunctionArgs) => legalPage(request, "disclaimer");

export default function DisclaimerPage() {
  return <LegalPage {...useLoaderData<typeof loader>()} />;
}

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  seo({ matches, path: "/disclaimer", title: titleWith(matches, data?.title ?? "Disclaimer"), description: data?.description ?? "" });
