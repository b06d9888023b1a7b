import { Markdown } from "~/components/markdown";
import { buttonClass } from "~/components/ui";
import type { MarkdownBlock } from "~/lib/markdown.server";

/** A Markdown field as the action rendered it for its "Preview" button; nothing was stored. */
export type MarkdownPreviewAnswer = { field: string; blocks: MarkdownBlock[] };

/**
 * A Markdown field's "Preview": a submit button of the field's form (the action answers with the form as typed and
 * this field parsed, so it works without JavaScript), and the rendered text once answered. The live region is always
 * there, so a preview that arrives without a reload is announced.
 */
export function MarkdownPreview({
  name,
  label,
  preview,
}: {
  name: string;
  label: string;
  preview: MarkdownPreviewAnswer | null | undefined;
}) {
  const blocks = preview?.field === name ? preview.blocks : null;
  return (
    <div className="mt-2">
      {/* formNoValidate: a preview of a half-written form is not held up by its required fields. */}
      <button
        type="submit"
        name="intent"
        value={`preview:${name}`}
        formNoValidate
        aria-label={`Preview ${label}`}
        className={buttonClass.compact.secondary}
      >
        Preview
      </button>
      <div aria-live="polite">
        {blocks ? (
          <section aria-label="Preview" className="mt-3 rounded-xl border border-slate-300 bg-slate-50 p-4">
            <p className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-600">Preview</p>
            {blocks.length ? (
              <Markdown blocks={blocks} topLevel={3} idPrefix={`preview-${name}-`} />
            ) : (
              <p className="text-sm text-slate-600">Nothing written yet.</p>
            )}
          </section>
        ) : null}
      </div>
    </div>
  );
}
