import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { LatestWork } from "~/components/home/latest-work";
import {
  countCaseStudies,
  countCaseStudiesByStatus,
  createCaseStudy,
  getCaseStudy,
  listCaseStudies,
  listCaseStudyIdsForSitemap,
  updateCaseStudy,
} from "~/domain/case-studies.server";
import type { ImageStorage } from "~/domain/ports";
import { messages } from "~/domain/messages";
import { caseStudyCreateInput, caseStudyInput, fieldErrors } from "~/domain/schemas";
import { CaseStudyModel } from "~/models/case-study.server";
import * as dashboardList from "~/routes/dashboard.case-studies.list";
import * as home from "~/routes/_site._index";
import * as detail from "~/routes/_site.case-studies.$id";
import * as publicList from "~/routes/_site.case-studies._index";
import * as publicApi from "~/routes/api.public.case-studies";
import * as sitemap from "~/routes/sitemap[.]xml";
import { connectDb } from "~/server/db.server";
import { cachePolicy, PRIVATE_NO_STORE } from "~/server/http-cache.server";
import { call, get } from "../support/remix";
import { signedInAdmin } from "../support/session";
import { testOrigin } from "../support/origin";

/**
 * Drafts (docs/behaviour.md#case-studies): the domain's audiences and filters, and every public door (pages,
 * home page, sitemap, JSON-LD, public API) keeping drafts out, while a signed-in admin sees a draft's page with
 * the banner. Also the image's alt text where pages show it. The JSON API's side is in api-contract.test.ts.
 */

const DAY = 24 * 60 * 60 * 1000;
const now = Date.now();
const LIST = "/dashboard/case-studies/list";

const base = (title: string, daysAgo: number) => ({
  title,
  client: `${title} client`,
  industry: "Retail",
  project_insight: `Insight of ${title}.`,
  technologies: ["React"],
  outcomes: [
    { label: "A", value: "1" },
    { label: "B", value: "2" },
    { label: "C", value: "3" },
  ],
  image_url: `/images/case-studies/${title.toLowerCase().replace(/\W+/g, "-")}-1600.webp`,
  website_url: null,
  created_at: new Date(now - daysAgo * DAY),
  updated_at: new Date(now - daysAgo * DAY),
});

let admin: Awaited<ReturnType<typeof signedInAdmin>>;
const ids: Record<"legacy" | "published" | "draft", string> = { legacy: "", published: "", draft: "" };

beforeAll(async () => {
  await connectDb();
  admin = await signedInAdmin("drafts@studio.test", "Drafts Admin");
  // Written before statuses existed: no status and no alt text at all (straight into the collection, past mongoose's defaults).
  const legacy = await CaseStudyModel.collection.insertOne(base("Legacy study", 5));
  ids.legacy = legacy.insertedId.toString();
  const [published] = await CaseStudyModel.create(
    [{ ...base("Published study", 3), status: "published", image_alt: "A phone showing the shop" }],
    { timestamps: false },
  );
  ids.published = published!._id.toString();
  const [draft] = await CaseStudyModel.create([{ ...base("Secret draft", 1), status: "draft", image_alt: "The draft's cover" }], {
    timestamps: false,
  });
  ids.draft = draft!._id.toString();
});

/** A route's page rendered on the server from its real loader's answer (the router Remix is built on). */
async function render(
  path: string,
  pattern: string,
  module: { loader: Parameters<typeof call>[0]; default: ComponentType },
  cookie?: string,
  params: Record<string, string> = {},
) {
  const routes = [
    { path: pattern, loader: async () => (await call(module.loader, get(path, cookie), params)).data, Component: module.default },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(get(path, cookie));
  if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(createElement(StaticRouterProvider, { router, context, hydrate: false }));
}

const titles = (items: { title: string }[]) => items.map((item) => item.title);
const rootMatch = { id: "root", data: { siteUrl: "https://studio.test" } };

describe("the domain", () => {
  it("lists published entries (and those without a status) to the public, everything or one status to admins", async () => {
    expect(titles((await listCaseStudies({ perPage: 10, audience: "public" })).items)).toEqual(["Published study", "Legacy study"]);
    expect(titles((await listCaseStudies({ perPage: 10, audience: "admin" })).items)).toEqual([
      "Secret draft",
      "Published study",
      "Legacy study",
    ]);
    expect(titles((await listCaseStudies({ perPage: 10, audience: "admin", status: "draft" })).items)).toEqual(["Secret draft"]);
    expect(titles((await listCaseStudies({ perPage: 10, audience: "admin", status: "published" })).items)).toEqual([
      "Published study",
      "Legacy study",
    ]);
    expect((await listCaseStudies({ perPage: 1, page: 9, audience: "public" })).pageCount).toBe(2);
  });

  it("counts what each audience sees, and each status", async () => {
    expect(await countCaseStudies({ audience: "public" })).toBe(2);
    expect(await countCaseStudies({ audience: "admin" })).toBe(3);
    expect(await countCaseStudies({ audience: "admin", status: "draft" })).toBe(1);
    expect(await countCaseStudiesByStatus()).toEqual({ published: 2, draft: 1 });
  });

  it("reads a document without a status as published, without an alt text as null", async () => {
    expect(await getCaseStudy(ids.legacy, { audience: "public" })).toMatchObject({ status: "published", image_alt: null });
    expect(await getCaseStudy(ids.published)).toMatchObject({ status: "published", image_alt: "A phone showing the shop" });
  });

  it("gives a draft to admins (the default) and hides it from the public", async () => {
    expect(await getCaseStudy(ids.draft)).toMatchObject({ title: "Secret draft", status: "draft" });
    expect(await getCaseStudy(ids.draft, { audience: "admin" })).not.toBeNull();
    expect(await getCaseStudy(ids.draft, { audience: "public" })).toBeNull();
  });

  it("leaves drafts out of the sitemap's list", async () => {
    expect((await listCaseStudyIdsForSitemap()).map((entry) => entry.id).sort()).toEqual([ids.legacy, ids.published].sort());
  });

  describe("writes", () => {
    const images: ImageStorage = {
      store: async () => ({ ok: true, url: "/uploads/00000000000000000000000000000000-1600.webp" }),
      remove: async () => undefined,
    };
    const write = { origin: testOrigin(), images };
    const image = new File([new Uint8Array([1])], "x.jpg", { type: "image/jpeg" });
    const typed = (title: string, extra: Record<string, unknown> = {}) => ({
      title,
      client: "Client",
      industry: "Retail",
      project_insight: "Insight.",
      technologies: "React",
      outcomes: base(title, 0).outcomes,
      website_url: "",
      ...extra,
    });
    const fields = (title: string, extra: Record<string, unknown> = {}) => caseStudyInput.parse(typed(title, extra));

    it("creates published by default, or as a draft; keeps status and alt text when an update leaves them out", async () => {
      const created = await createCaseStudy(fields("Write one"), image, write);
      expect(created.ok && created.value).toMatchObject({ status: "published", image_alt: null });
      const id = created.ok ? created.value.id : "";

      const drafted = await updateCaseStudy(id, fields("Write one", { status: "draft", image_alt: "  Cover  " }), null, write);
      expect(drafted?.ok && drafted.value).toMatchObject({ status: "draft", image_alt: "Cover" });
      const kept = await updateCaseStudy(id, fields("Write one, renamed"), null, write);
      expect(kept?.ok && kept.value).toMatchObject({ title: "Write one, renamed", status: "draft", image_alt: "Cover" });
      const cleared = await updateCaseStudy(id, fields("Write one", { status: "published", image_alt: "" }), null, write);
      expect(cleared?.ok && cleared.value).toMatchObject({ status: "published", image_alt: null });

      const asDraft = await createCaseStudy(fields("Write two", { status: "draft", image_alt: "A cover" }), image, write);
      expect(asDraft.ok && asDraft.value).toMatchObject({ status: "draft", image_alt: "A cover" });

      const refused = caseStudyCreateInput.safeParse({ ...typed("Write three", { status: "hidden", image_alt: "x".repeat(201) }), image });
      expect(refused.success).toBe(false);
      expect(fieldErrors(refused.error!).errors).toMatchObject({
        status: [messages.caseStudyStatusInvalid],
        image_alt: [messages.imageAltTooLong(200)],
      });
      await CaseStudyModel.deleteMany({ title: { $regex: /^Write / } });
    });
  });
});

describe("public doors keep drafts out", () => {
  it("/case-studies lists published entries only, in its page and its JSON-LD", async () => {
    const result = await call(publicList.loader, get("/case-studies"));
    const data = result.data as { items: { id: string; title: string }[]; total: number };
    expect(titles(data.items)).toEqual(["Published study", "Legacy study"]);
    expect(data.total).toBe(2);
    const tags = publicList.meta({ data, matches: [rootMatch], params: {}, location: {} } as never) as object[];
    expect(JSON.stringify(tags)).not.toContain(ids.draft);
    expect(JSON.stringify(tags)).toContain(ids.published);
  });

  it("the home page's latest work holds published entries only", async () => {
    const result = await call(home.loader, get("/"));
    const { latest } = result.data as { latest: { id: string }[] };
    expect(latest.map((study) => study.id)).toEqual([ids.published, ids.legacy]);
  });

  it("/sitemap.xml names published entries only", async () => {
    const result = await call(sitemap.loader, get("/sitemap.xml"));
    const xml = String(result.data);
    expect(xml).toContain(`/case-studies/${ids.published}<`);
    expect(xml).toContain(`/case-studies/${ids.legacy}<`);
    expect(xml).not.toContain(ids.draft);
  });

  it("GET /api/public/case-studies answers published entries only, without a status field", async () => {
    for (const query of ["", "?status=draft", "?page=1&per_page=10"]) {
      const result = await call(publicApi.loader, get(`/api/public/case-studies${query}`));
      const items = result.data as Record<string, unknown>[];
      expect(items.map((item) => item.id)).toEqual([ids.published, ids.legacy]);
      for (const item of items) expect(item).not.toHaveProperty("status");
      expect(items[0]).toMatchObject({ image_alt: "A phone showing the shop" });
      expect(result.headers.get("X-Total-Count")).toBe("2");
    }
  });
});

describe("a draft's page", () => {
  const path = () => `/case-studies/${ids.draft}`;

  it("is a 404 for a visitor, like an unknown id", async () => {
    const result = await call(detail.loader, get(path()), { id: ids.draft });
    expect(result.status).toBe(404);
    expect(result.data).toBe("Case study not found");
  });

  it("is a 404 for a session cookie that is not a live session", async () => {
    const result = await call(detail.loader, get(path(), "__session=forged.value"), { id: ids.draft });
    expect(result.status).toBe(404);
  });

  it("is shown to a signed-in admin, private and never stored", async () => {
    const result = await call(detail.loader, get(path(), admin.cookie), { id: ids.draft });
    expect(result.status).toBe(200);
    expect(result.data).toMatchObject({ draft: true, study: { id: ids.draft, status: "draft" } });
    expect(result.headers.get("Cache-Control")).toBe(PRIVATE_NO_STORE);
    const headers = detail.headers({
      loaderHeaders: result.headers,
      parentHeaders: new Headers(),
      actionHeaders: new Headers(),
      errorHeaders: undefined,
    });
    expect(new Headers(headers).get("Cache-Control")).toBe(PRIVATE_NO_STORE);
    // Whatever the route says, a request with a session cookie is private.
    expect(cachePolicy(get(path(), admin.cookie), 200, new Headers())).toBe(PRIVATE_NO_STORE);
  });

  it("carries the banner, the written alt text, noindex and no JSON-LD", async () => {
    const html = await render(path(), "/case-studies/:id", detail, admin.cookie, { id: ids.draft });
    const banner = /<div role="status"[^>]*>([\s\S]*?)<\/div>/.exec(html);
    expect(banner?.[1]).toContain(messages.draftBanner);
    expect(banner?.[1]).toContain(`href="/dashboard/case-studies/edit/${ids.draft}"`);
    expect(html).toContain('alt="The draft&#x27;s cover"');
    const sidebar = /<aside aria-label="Project details"[^>]*>([\s\S]*?)<\/aside>/.exec(html)?.[1];
    expect(sidebar).toMatch(/<dt[^>]*>Published<\/dt><dd[^>]*>Not yet: this is a draft<\/dd>/);
    expect(sidebar).not.toContain("<time");

    const result = await call(detail.loader, get(path(), admin.cookie), { id: ids.draft });
    const tags = detail.meta({ data: result.data, matches: [rootMatch], params: { id: ids.draft }, location: {} } as never) as Record<
      string,
      unknown
    >[];
    expect(tags).toContainEqual({ name: "robots", content: "noindex" });
    expect(tags.some((tag) => "script:ld+json" in tag)).toBe(false);
  });

  it("a published page has no banner, is indexable, and its image says its alt text, else the title", async () => {
    const published = await render(`/case-studies/${ids.published}`, "/case-studies/:id", detail, undefined, { id: ids.published });
    expect(published).not.toContain(messages.draftBanner);
    expect(published).toContain('alt="A phone showing the shop"');
    expect(published).toMatch(/<dt[^>]*>Published<\/dt><dd[^>]*><time dateTime="[^"]+"[^>]*>[A-Z][a-z]+ \d{4}<\/time><\/dd>/);
    const legacy = await render(`/case-studies/${ids.legacy}`, "/case-studies/:id", detail, undefined, { id: ids.legacy });
    expect(legacy).toContain('alt="Legacy study"');

    const result = await call(detail.loader, get(`/case-studies/${ids.published}`), { id: ids.published });
    expect(result.headers.get("Cache-Control")).toBeNull();
    const tags = detail.meta({ data: result.data, matches: [rootMatch], params: { id: ids.published }, location: {} } as never) as Record<
      string,
      unknown
    >[];
    expect(tags).not.toContainEqual({ name: "robots", content: "noindex" });
    expect(tags).toContainEqual({ property: "og:image:alt", content: "A phone showing the shop" });
    expect(tags.some((tag) => "script:ld+json" in tag)).toBe(true);
  });
});

describe("alt text in lists", () => {
  it("public rows and the home page's cards use the written alt text, and stay decorative without one", async () => {
    const html = await render("/case-studies", "/case-studies", publicList);
    expect(html).toContain('alt="A phone showing the shop"');
    const legacyRow = html.slice(html.indexOf("Legacy study") - 2000, html.indexOf("Legacy study"));
    expect(legacyRow).toMatch(/<img[^>]*alt=""/);

    const studies = [
      {
        id: ids.published,
        slug: "published-study",
        title: "Published study",
        client: "C",
        industry: "I",
        image_url: "/x-1600.webp",
        image_alt: "A phone showing the shop",
      },
      {
        id: ids.legacy,
        slug: "legacy-study",
        title: "Legacy study",
        client: "C",
        industry: "I",
        image_url: "/y-1600.webp",
        image_alt: null,
      },
    ];
    const routes = [{ path: "/", Component: () => createElement(LatestWork, { studies }) }];
    const handler = createStaticHandler(routes);
    const context = await handler.query(get("/"));
    if (context instanceof Response) throw new Error("unexpected response");
    const latest = renderToString(
      createElement(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, context), context, hydrate: false }),
    );
    expect(latest.match(/<img[^>]*>/g)?.map((tag) => /alt="([^"]*)"/.exec(tag)?.[1])).toEqual(["A phone showing the shop", ""]);
  });
});

describe("the dashboard's list", () => {
  it("shows every entry with counts, the Draft badge on drafts only", async () => {
    const result = await call(dashboardList.loader, get(LIST, admin.cookie));
    const data = result.data as { list: { items: { title: string }[] }; status: string | null; counts: Record<string, number> };
    expect(titles(data.list.items)).toEqual(["Secret draft", "Published study", "Legacy study"]);
    expect(data).toMatchObject({ status: null, counts: { all: 3, published: 2, draft: 1 } });

    const html = await render(LIST, LIST, dashboardList, admin.cookie);
    const cardOf = (title: string) =>
      html.slice(html.lastIndexOf("<li", html.indexOf(`>${title}<`)), html.indexOf("</li>", html.indexOf(`>${title}<`)));
    expect(cardOf("Secret draft")).toMatch(/<span[^>]*data-status="draft"[^>]*>Draft<\/span>/);
    expect(cardOf("Published study")).not.toContain('data-status="draft"');
    expect(cardOf("Published study")).toContain('alt="A phone showing the shop"');
    expect(html).toMatch(/<nav aria-label="Filter by status"/);
    expect(html).toMatch(/<a aria-current="page"[^>]*href="\/dashboard\/case-studies\/list"[^>]*>All/);
  });

  it("filters by ?status=, and anything else shows all", async () => {
    const drafts = await call(dashboardList.loader, get(`${LIST}?status=draft`, admin.cookie));
    expect(titles((drafts.data as { list: { items: { title: string }[] } }).list.items)).toEqual(["Secret draft"]);
    const published = await call(dashboardList.loader, get(`${LIST}?status=published`, admin.cookie));
    expect(titles((published.data as { list: { items: { title: string }[] } }).list.items)).toEqual(["Published study", "Legacy study"]);
    const nonsense = await call(dashboardList.loader, get(`${LIST}?status=everything`, admin.cookie));
    expect(nonsense.data as { status: string | null; list: { total: number } }).toMatchObject({ status: null, list: { total: 3 } });

    const html = await render(`${LIST}?status=draft`, LIST, dashboardList, admin.cookie);
    expect(html).toMatch(/<a aria-current="page"[^>]*href="\/dashboard\/case-studies\/list\?status=draft"[^>]*>Drafts/);
    expect(html).not.toContain(">Published study<");
  });

  it("keeps the filter in its page links, and says when a filter finds nothing", async () => {
    await CaseStudyModel.create(
      Array.from({ length: 12 }, (_, index) => ({ ...base(`Extra draft ${index}`, 2), status: "draft" })),
      { timestamps: false },
    );
    const html = await render(`${LIST}?status=draft`, LIST, dashboardList, admin.cookie);
    expect(html).toContain(`href="${LIST}?status=draft&amp;page=2"`);
    const second = await call(dashboardList.loader, get(`${LIST}?status=draft&page=2`, admin.cookie));
    expect((second.data as { list: { page: number; items: unknown[] } }).list).toMatchObject({ page: 2, items: [expect.anything()] });
    await CaseStudyModel.deleteMany({ title: { $regex: /^Extra draft / } });

    await CaseStudyModel.updateOne({ _id: ids.draft }, { $set: { status: "published" } });
    try {
      const none = await render(`${LIST}?status=draft`, LIST, dashboardList, admin.cookie);
      expect(none).toContain("No drafts.");
      expect(none).toContain(`href="${LIST}"`);
    } finally {
      await CaseStudyModel.updateOne({ _id: ids.draft }, { $set: { status: "draft" } });
    }
  });
});
