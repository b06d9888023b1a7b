import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LegalPage } from "~/components/legal/legal-page";
import { privacyPolicy } from "~/content/legal";
import { site } from "~/content/site";
import { parseMarkdown } from "~/lib/markdown.server";
import { seo } from "~/lib/seo";

export function loader() {
  return { doc: parseMarkdown(privacyPolicy.body) };
}

export default function PrivacyPage() {
  const { doc } = useLoaderData<typeof loader>();
  return <LegalPage title={privacyPolicy.title} lastUpdated={privacyPolicy.lastUpdated} doc={doc} />;
}

export const meta: MetaFunction = ({ matches }) =>
  seo({ matches, path: privacyPolicy.path, title: `${privacyPolicy.title} | ${site.name}`, description: privacyPolicy.description });
