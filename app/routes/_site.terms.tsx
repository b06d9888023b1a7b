import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LegalPage } from "~/components/legal/legal-page";
import { seo } from "~/lib/seo";
import { titleWith } from "~/domain/page-content";
import { legalPage } from "./__legal-page.server";

export const loader = ({ request }: LoaderFunctionArgs) => legalPage(request, "terms");

export default function TermsPage() {
  return <LegalPage {...useLoaderData<typeof loader>()} />;
}

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  seo({ matches, path: "/terms", title: titleWith(matches, data?.title ?? "Terms of Service"), description: data?.description ?? "" });
