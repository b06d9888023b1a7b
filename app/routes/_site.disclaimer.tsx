import type { MetaFunction } from "@remix-run/node";
import { LegalPage } from "~/components/legal/legal-page";
import { disclaimer } from "~/content/legal";
import { site } from "~/content/site";
import { seo } from "~/lib/seo";

export const meta: MetaFunction = ({ matches }) =>
  seo({ matches, path: disclaimer.path, title: `${disclaimer.title} | ${site.name}`, description: disclaimer.description });

export default function DisclaimerPage() {
  return <LegalPage document={disclaimer} />;
}
