import type { PartContent } from "~/domain/content-schemas";
import { parseMarkdown } from "~/lib/markdown.server";
import { requireDb } from "~/server/db.server";
import { siteContentFor } from "~/server/preview.server";

type LegalPart = "privacy" | "terms" | "disclaimer";

/** A legal page's stored document (or its draft, in an admin's preview), its Markdown parsed for the page. */
export async function legalPage(request: Request, part: LegalPart) {
  await requireDb();
  const { title, description, lastUpdated, body }: PartContent<LegalPart> = (await siteContentFor(request)).content[part];
  return { title, description, lastUpdated, doc: parseMarkdown(body) };
}
