import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LegalPage } from "~/components/legal/legal-page";
import { disclaimer } from "~/content/legal";
import { site } from "~/content/site";
import { parseMarkdown } from "~/lib/markdown.server";
import { seo } from "~/lib/seo";

export function loader() {
  return { doc: parseMarkdown(disclaimer.body) };
}

export default function DisclaimerPage() {
  const { doc } = useLoaderData<typeof loader>();
  return <LegalPage title={disclaimer.title} lastUpdated={disclaimer.lastUpdated} doc={doc} />;
}

export const meta: MetaFunction = ({ matches }) =>
  seo({ matches, path: disclaimer.path, title: `${disclaimer.title} | ${site.name}`, description: disclaimer.description });
