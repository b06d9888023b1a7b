import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { RelatedWork } from "~/components/case-studies/related-work";
import { listRelatedCaseStudies } from "~/domain/related-work.server";
import { CaseStudyModel, type CaseStudyDoc } from "~/models/case-study.server";
import * as detail from "~/routes/_site.case-studies.$id";
import { connectDb } from "~/server/db.server";
import { call, get } from "../support/remix";

/** The section as the server renders it, inside a router (its cards are links). */
async function rendered(studies: Parameters<typeof RelatedWork>[0]["studies"]): Promise<string> {
  const handler = createStaticHandler([{ path: "/", Component: () => createElement(RelatedWork, { studies }) }]);
  const context = await handler.query(get("/"));
  if (context instanceof Response) throw new Error("unexpected response");
  return renderToString(
    createElement(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, context), context, hydrate: false }),
  );
}

// docs/behaviour.md#related-work: the stored `services` and `industry` fields, written here through the model.

const DAY = 24 * 60 * 60 * 1000;
let age = 0;

/** A published entry, each one a day newer than the one before. */
async function entry(slug: string, services: string[], industry: string, extra: Partial<CaseStudyDoc> = {}) {
  const created_at = new Date(Date.now() - 100 * DAY + age++ * DAY);
  const [doc] = await CaseStudyModel.create(
    [
      {
        slug,
        title: `Title of ${slug}`,
        client: `Client of ${slug}`,
        industry,
        services,
        project_insight: "Insight.",
        technologies: [],
        outcomes: [
          { label: "A", value: "1" },
          { label: "B", value: "2" },
          { label: "C", value: "3" },
        ],
        image_url: `/images/case-studies/${slug}-1600.webp`,
        created_at,
        updated_at: created_at,
        ...extra,
      },
    ],
    { timestamps: false },
  );
  return { id: doc!._id.toString(), services, industry };
}

const slugsOf = (related: { slug: string }[]) => related.map((study) => study.slug);

beforeAll(async () => {
  await connectDb();
});

beforeEach(async () => {
  await CaseStudyModel.deleteMany({});
  age = 0;
});

describe("related work", () => {
  it("ranks by services shared, then the same industry, then the newest; at most 3, never itself, never a draft", async () => {
    const self = await entry("self", ["web", "design", "marketing"], "Retail");
    await entry("two-services-old", ["web", "design"], "Health");
    await entry("one-service-same-industry", ["marketing"], "Retail");
    await entry("one-service-newer", ["web"], "Fintech");
    await entry("industry-only", [], "Retail");
    await entry("nothing-shared", ["video"], "Travel");
    await entry("three-services-draft", ["web", "design", "marketing"], "Retail", { status: "draft" });
    await entry("one-service-newest", ["design"], "Energy");
    expect(slugsOf(await listRelatedCaseStudies(self))).toEqual(["two-services-old", "one-service-same-industry", "one-service-newest"]);
  });

  it("falls back to the industry alone, and is empty when nothing is shared", async () => {
    const noServices = await entry("no-services", [], "Retail");
    await entry("older-retail", ["web"], "Retail");
    await entry("newer-retail", [], "Retail");
    await entry("other", ["web"], "Travel");
    expect(slugsOf(await listRelatedCaseStudies(noServices))).toEqual(["newer-retail", "older-retail"]);
    const alone = await entry("alone", ["video"], "Mining");
    expect(await listRelatedCaseStudies(alone)).toEqual([]);
  });

  it("ends the page as compact cards linking by slug, and the page leaves the section out when there are none", async () => {
    await entry("neighbour", ["web"], "Retail");
    const self = await entry("with-neighbour", ["web"], "Travel");
    const page = await call(detail.loader, get("/case-studies/with-neighbour"), { id: "with-neighbour" });
    expect((page.data as { related: unknown[] }).related).toEqual([
      {
        id: expect.any(String),
        slug: "neighbour",
        title: "Title of neighbour",
        client: "Client of neighbour",
        industry: "Retail",
        image_url: "/images/case-studies/neighbour-1600.webp",
        image_alt: null,
      },
    ]);
    expect(self.id).not.toBe((page.data as { related: { id: string }[] }).related[0]!.id);
    await entry("lonely", ["video"], "Mining");
    const lonely = await call(detail.loader, get("/case-studies/lonely"), { id: "lonely" });
    expect((lonely.data as { related: unknown[] }).related).toEqual([]);
  });

  it("renders as a labelled section of cards linking by slug, with lazy images, and as nothing without entries", async () => {
    const card = { id: "0123456789abcdef01234567", slug: "neighbour", title: "A neighbour", client: "C", industry: "Retail" };
    const html = await rendered([{ ...card, image_url: "/uploads/abc-1600.webp", image_alt: null }]);
    expect(html).toMatch(/<section aria-labelledby="related-work"[^>]*><h2 id="related-work"[^>]*>Related work<\/h2>/);
    expect(html).toMatch(/<a [^>]*href="\/case-studies\/neighbour"[^>]*>A neighbour<\/a>/);
    expect(html).toMatch(/<img [^>]*alt=""[^>]*loading="lazy"/);
    expect(await rendered([])).toBe("");
  });
});
