import type { MarkdownPreviewAnswer } from "~/components/dashboard/markdown-preview";
import { parseMarkdown } from "~/lib/markdown.server";

const PREFIX = "preview:";

/** The field a "Preview" button names (`intent=preview:<field>`); null when the form is sent to be saved. */
export function previewIntent(form: FormData): string | null {
  const intent = form.get("intent");
  return typeof intent === "string" && intent.startsWith(PREFIX) ? intent.slice(PREFIX.length) : null;
}

/** That field's text parsed, when it is one of the form's Markdown fields; null for any other name. */
export function markdownPreview(form: FormData, field: string, markdownFields: readonly string[]): MarkdownPreviewAnswer | null {
  if (!markdownFields.includes(field)) return null;
  const source = form.get(field);
  return { field, blocks: parseMarkdown(typeof source === "string" ? source : "").blocks };
}
