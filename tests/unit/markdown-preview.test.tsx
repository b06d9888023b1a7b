import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { ContentEditor } from "~/components/dashboard/content-editor";
import { contentFields, markdownFieldNames } from "~/components/dashboard/content-fields";
import type { MarkdownPreviewAnswer } from "~/components/dashboard/markdown-preview";
import { contentSchemas } from "~/domain/content-schemas";
import { parseMarkdown } from "~/lib/markdown.server";

/** The terms' editor as its page draws it, with the action's answer to a "Preview" (or none). */
async function termsEditor(preview: MarkdownPreviewAnswer | null) {
  const Editor = () =>
    createElement(ContentEditor, {
      id: "content-terms",
      fields: contentFields("terms", { services: [] }),
      schema: contentSchemas.terms,
      defaultValue: { title: "Terms", description: "", lastUpdated: "2026-01-02", body: "" },
      lastResult: undefined,
      preview,
      hasDraft: false,
      status: null,
    });
  const handler = createStaticHandler([{ path: "/", Component: Editor }]);
  const context = await handler.query(new Request("http://localhost/"));
  if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
  return renderToStaticMarkup(
    createElement(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, context), context, hydrate: false }),
  );
}

describe("a content editor's Markdown preview", () => {
  it("offers a Preview button on the Markdown field only, which skips the browser's required checks", async () => {
    expect(markdownFieldNames(contentFields("terms", { services: [] }))).toEqual(["body"]);
    const html = await termsEditor(null);
    const buttons = html.match(/<button[^>]*>Preview<\/button>/g) ?? [];
    expect(buttons).toHaveLength(1);
    expect(buttons[0]).toMatch(/name="intent" value="preview:body" formnovalidate="" aria-label="Preview Text"/);
    expect(html).toContain('<div aria-live="polite"></div>');
  });

  it("shows the rendered text in a region named Preview under the field", async () => {
    const html = await termsEditor({ field: "body", blocks: parseMarkdown("## Use\n\nBe *kind*.").blocks });
    expect(html).toMatch(
      /<div aria-live="polite"><section aria-label="Preview" class="[^"]*border[^"]*">.*<h3[^>]*>Use<\/h3><p[^>]*>Be <em>kind<\/em>\.<\/p><\/section><\/div>/,
    );
  });
});
