import type { LegalDocument } from "../../app/content/legal";
import { parseMarkdown } from "../../app/lib/markdown.server";

/** A legal document's sections: its Markdown's `##` headings, with the ids the page gives them. */
export const sectionsOf = (document: LegalDocument) =>
  parseMarkdown(document.body)
    .headings.filter((heading) => heading.depth === 2)
    .map(({ id, text }) => ({ id, heading: text }));
