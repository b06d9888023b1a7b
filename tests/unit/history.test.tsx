import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { VersionDetails } from "~/components/dashboard/history";
import { diffFields, type VersionSummary } from "~/domain/versions.server";
import SettingsHistory from "~/routes/dashboard.settings_.history";
import SettingsVersion from "~/routes/dashboard.settings_.history_.$n";

// docs/behaviour.md#history: a version shows only what changed, images as pictures, and the settings (which have no
// drafts) without Draft or Published.

/** A route's screen as the server renders it, given its loader's data. */
async function render(Component: ComponentType, data: Record<string, unknown>) {
  const handler = createStaticHandler([{ id: "screen", path: "/", loader: () => data, Component }]);
  const context = await handler.query(new Request("http://localhost/"));
  if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
  return renderToString(
    createElement(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, context), context, hydrate: false }),
  );
}

const version: VersionSummary = {
  n: 3,
  state: "published",
  action: "update",
  restoredFrom: null,
  author: { id: "a", name: "Ada Editor", email: "ada@studio.test" },
  createdAt: "2026-11-26T14:03:00.000Z",
};
const upload = `/uploads/${"a".repeat(32)}-1600.webp`;

describe("a version's changes", () => {
  it("leave out a field that was and stays empty, however it was stored", () => {
    expect(diffFields({ caption: null, alt: "" }, { alt: null })).toEqual([]);
    expect(diffFields({}, { url: upload, caption: null })).toEqual([{ path: "url", before: undefined, after: upload }]);
  });

  it("show an image as a thumbnail, not its file's address", async () => {
    const html = await render(
      () => (
        <VersionDetails
          title="Version 3"
          back={{ to: "/", label: "History" }}
          version={version}
          previous={2}
          changes={[{ path: "image_url", before: upload, after: "/images/case-studies/quill.webp" }]}
          restore={null}
        />
      ),
      {},
    );
    expect(html).toContain(`src="/uploads/${"a".repeat(32)}-960.webp"`);
    expect(html).toContain('alt="Image, before"');
    expect(html).toContain('src="/images/case-studies/quill.webp"');
    expect(html).toContain('alt="Image, after"');
    expect(html).not.toContain(`>${upload}<`);
  });

  it("call a settings version neither Draft nor Published, in the list and on its page", async () => {
    const list = await render(SettingsHistory, { list: { items: [version], page: 1, pageCount: 1, total: 1 } });
    expect(list).toContain("Version 3");
    expect(list).toContain("Ada Editor");
    expect(list).not.toContain("Published");
    const one = await render(SettingsVersion, { version, previous: 2, changes: [] });
    expect(one).toContain("Ada Editor");
    expect(one).not.toContain("Published");
  });
});
