import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LegalPage } from "~/components/legal/legal-page";
import { seo } from "~/lib/seo";
import { titleWith } from "~/domain/page-content";
import { legalPage } from "./__legal-page.server";

export const loader = ({ request }: LoaderFunctionArgs) => legalPage(request, "privacy");

export default function PrivacyPage() {
  return <LegalPage {...useLoaderData<typeof loader>()} />;
}

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  seo({ matches, path: "/privacy", title: titleWith(matches, data?.title ?? "Privacy Policy"), description: data?.description ?? "" });
