import type { MetaFunction } from "@remix-run/node";
import { LegalPage } from "~/components/legal/legal-page";
import { termsOfService } from "~/content/legal";
import { site } from "~/content/site";
import { seo } from "~/lib/seo";

export const meta: MetaFunction = ({ matches }) =>
  seo({ matches, path: termsOfService.path, title: `${termsOfService.title} | ${site.name}`, description: termsOfService.description });

export default function TermsPage() {
  return <LegalPage document={termsOfService} />;
}
