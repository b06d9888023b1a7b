import type { MetaFunction } from "@remix-run/node";
import { LegalPage } from "~/components/legal/legal-page";
import { privacyPolicy } from "~/content/legal";
import { site } from "~/content/site";
import { seo } from "~/lib/seo";

export const meta: MetaFunction = ({ matches }) =>
  seo({ matches, path: privacyPolicy.path, title: `${privacyPolicy.title} | ${site.name}`, description: privacyPolicy.description });

export default function PrivacyPage() {
  return <LegalPage document={privacyPolicy} />;
}
