import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LegalPage } from "~/components/legal/legal-page";
import { termsOfService } from "~/content/legal";
import { site } from "~/content/site";
import { parseMarkdown } from "~/lib/markdown.server";
import { seo } from "~/lib/seo";

export function loader() {
  return { doc: parseMarkdown(termsOfService.body) };
}

export default function TermsPage() {
  const { doc } = useLoaderData<typeof loader>();
  return <LegalPage title={termsOfService.title} lastUpdated={termsOfService.lastUpdated} doc={doc} />;
}

export const meta: MetaFunction = ({ matches }) =>
  seo({ matches, path: termsOfService.path, title: `${termsOfService.title} | ${site.name}`, description: termsOfService.description });
