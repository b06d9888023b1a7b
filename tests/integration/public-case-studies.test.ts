import { connect } from "node:net";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { PUBLIC_CASE_STUDIES_PAGE_SIZE } from "~/domain/constants";
import { messages } from "~/domain/messages";
import type { CaseStudy } from "~/domain/types";
import { CaseStudyModel } from "~/models/case-study.server";
import * as root from "~/root";
import * as detail from "~/routes/_site.case-studies.$id";
import * as list from "~/routes/_site.case-studies._index";
import * as robots from "~/routes/robots[.]txt";
import * as sitemap from "~/routes/sitemap[.]xml";
import { connectDb } from "~/server/db.server";
import { startEmbeddedEngine, type EmbeddedEngine } from "~/server/embedded-engine.server";
import { call, get } from "../support/remix";
import { BASE_URL, url } from "../support/factories";

// This file runs its own engine so that it can take the database away (the load-failure test)
// and bring it back; everything else is the real stack: routes, domain, mongoose, the engine.
// The engine starts before any module is imported: the configuration (MONGODB_URI included) is read once,
// by the first module that needs it (the routes' session and toast cookies do at import).
const first = await vi.hoisted(async () => {
  const { startEmbeddedEngine: start } = await import("~/server/embedded-engine.server");
  const started = await start("public_case_studies");
  process.env.MONGODB_URI = started.uri;
  return started;
});
let engine: EmbeddedEngine = first;
const port = Number(new URL(first.uri.replace(/^mongodb:/, "http:")).port);

const DAY = 24 * 60 * 60 * 1000;
const now = Date.now();

/** Six studies, "Study 1" the oldest; the odd ones have a website. */
const fixtures = Array.from({ length: 6 }, (_, i) => {
  const n = i + 1;
  const created_at = new Date(now - (10 - n) * DAY);
  return {
    title: `Study ${n}`,
    client: `Client ${n}`,
    industry: n % 2 ? "Retail" : "Fintech",
    project_insight: `Insight of study ${n}. `.repeat(n === 1 ? 20 : 2).trim(),
    technologies: ["React", "Node.js"],
    outcomes: [
      { label: "Conversion", value: `+${n}0%` },
      { label: "Load time", value: `${n}.1 s` },
      { label: "Rating", value: "4.9" },
    ],
    image_url: `/images/case-studies/study-${n}-1600.webp`,
    website_url: n % 2 ? `https://example.com/study-${n}` : null,
    created_at,
    updated_at: new Date(created_at.getTime() + n * 60_000),
  };
});

async function seed() {
  await CaseStudyModel.deleteMany({});
  for (const fixture of fixtures) await CaseStudyModel.create([fixture], { timestamps: false });
}

async function idOf(title: string): Promise<string> {
  const doc = await CaseStudyModel.findOne({ title }).lean();
  return doc!._id.toString();
}

/** Whether something accepts TCP connections on 127.0.0.1:port. */
function accepts(tcpPort: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port: tcpPort });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** Polls until `condition` holds or the time is up. */
async function until(condition: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

/**
 * The /case-studies page rendered on the server from its real loader's answer (the router Remix
 * itself is built on), as text: what a visitor reads.
 */
async function renderListPage(path: string): Promise<string> {
  const routes = [{ path: "/case-studies", loader: async () => (await call(list.loader, get(path))).data, Component: list.default }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(get(path));
  if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(createElement(StaticRouterProvider, { router, context, hydrate: false }));
  return html;
}

/** The text of some HTML, tags dropped and entities decoded. */
function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

type ListData = { ok: boolean; items: CaseStudy[]; total: number; page: number; pageCount: number; message: string | null };

async function listPage(path: string) {
  const result = await call(list.loader, get(path));
  return { ...result, data: result.data as ListData };
}

/** The JSON-LD block of a meta function's answer. */
function structuredData(tags: readonly object[]): Record<string, unknown> {
  const tag = tags.find((candidate) => "script:ld+json" in candidate) as { "script:ld+json": Record<string, unknown> } | undefined;
  expect(tag).toBeDefined();
  return tag!["script:ld+json"];
}

beforeAll(async () => {
  await connectDb();
  await seed();
});

afterAll(() => engine?.stop());

describe("/case-studies loader", () => {
  it("reads the first page: the 4 newest studies, newest first", async () => {
    const { status, data } = await listPage("/case-studies");
    expect(status).toBe(200);
    expect(data.ok).toBe(true);
    expect(data.items.map((study) => study.title)).toEqual(["Study 6", "Study 5", "Study 4", "Study 3"]);
    expect(data).toMatchObject({ page: 1, pageCount: 2, total: 6, message: null });
    expect(data.items).toHaveLength(PUBLIC_CASE_STUDIES_PAGE_SIZE);
    expect(data.items[0]).toMatchObject({ client: "Client 6", website_url: null, technologies: ["React", "Node.js"] });
    expect(data.items[1]).toMatchObject({ website_url: "https://example.com/study-5" });
    expect(data.items[0]!.outcomes).toHaveLength(3);
  });

  it("renders each study once, with Visit Website only where a website exists", async () => {
    const html = await renderListPage("/case-studies");
    expect(html.match(/<article/g)).toHaveLength(4);
    expect(html.match(/>Visit Website</g)).toHaveLength(2); // Study 5 and Study 3
    expect(html).toContain('href="https://example.com/study-5" target="_blank" rel="noopener noreferrer"');
    expect(html).not.toContain("example.com/study-6");
    expect(html).toContain('aria-current="page"');
    expect(html).toContain('href="/case-studies?page=2"');
  });

  it("reads the second page on the server: the next studies only", async () => {
    const { status, data } = await listPage("/case-studies?page=2");
    expect(status).toBe(200);
    expect(data.items.map((study) => study.title)).toEqual(["Study 2", "Study 1"]);
    expect(data).toMatchObject({ page: 2, pageCount: 2, total: 6 });
  });

  it.each([
    ["/case-studies?page=99", "/case-studies?page=2"],
    ["/case-studies?page=3", "/case-studies?page=2"],
    ["/case-studies?page=2.5", "/case-studies?page=2"],
    ["/case-studies?page=0", "/case-studies"],
    ["/case-studies?page=-4", "/case-studies"],
    ["/case-studies?page=abc", "/case-studies"],
    ["/case-studies?page=", "/case-studies"],
    ["/case-studies?page=1", "/case-studies"],
  ])("redirects %s to the nearest valid page %s", async (path, location) => {
    const { status, headers } = await call(list.loader, get(path));
    expect(status).toBe(302);
    expect(headers.get("Location")).toBe(location);
  });

  it("gives canonical URLs and an ItemList in its meta", async () => {
    const { data } = await listPage("/case-studies?page=2");
    const tags = list.meta({
      data,
      matches: [{ id: "root", data: { siteUrl: BASE_URL } }],
      params: {},
      location: { pathname: "/case-studies", search: "?page=2" },
    } as unknown as Parameters<typeof list.meta>[0]);
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: `${BASE_URL}/case-studies?page=2` });
    const ld = structuredData(tags) as { "@type": string; mainEntity: { itemListElement: { position: number; name: string }[] } };
    expect(ld["@type"]).toBe("CollectionPage");
    expect(ld.mainEntity.itemListElement.map(({ position, name }) => [position, name])).toEqual([
      [5, "Study 2"],
      [6, "Study 1"],
    ]);
  });
});

describe("/case-studies/{id} loader", () => {
  it("answers one study with all its fields", async () => {
    const id = await idOf("Study 3");
    const { status, data } = await call(detail.loader, get(`/case-studies/${id}`), { id });
    expect(status).toBe(200);
    expect((data as { study: CaseStudy }).study).toMatchObject({
      id,
      title: "Study 3",
      client: "Client 3",
      industry: "Retail",
      website_url: "https://example.com/study-3",
      image_url: "/images/case-studies/study-3-1600.webp",
    });
  });

  it.each([
    ["an unknown id", "0123456789abcdef01234567"],
    ["a malformed id", "not-an-id"],
    ["a 12-character string", "abcdefghijkl"],
  ])("answers a real 404 for %s", async (_, id) => {
    const { status } = await call(detail.loader, get(`/case-studies/${id}`), { id });
    expect(status).toBe(404);
  });

  it("describes the study for search engines and social previews", async () => {
    const id = await idOf("Study 1");
    const { data } = await call(detail.loader, get(`/case-studies/${id}`), { id });
    const { data: rootData } = await call(root.loader, get(`/case-studies/${id}`));
    const tags = detail.meta({
      data,
      matches: [{ id: "root", data: rootData }],
      params: { id },
      location: { pathname: `/case-studies/${id}`, search: "" },
    } as unknown as Parameters<typeof detail.meta>[0]);
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: `${BASE_URL}/case-studies/${id}` });
    expect(tags).toContainEqual({ property: "og:image", content: `${BASE_URL}/images/case-studies/study-1-1600.webp` });
    expect(tags).toContainEqual({ property: "og:type", content: "article" });
    const description = tags.find((tag) => "name" in tag && tag.name === "description") as { content: string };
    expect(description.content.startsWith("Insight of study 1.")).toBe(true);
    expect(description.content.length).toBeLessThanOrEqual(160);
    const ld = structuredData(tags);
    expect(ld).toMatchObject({
      "@type": "CreativeWork",
      name: "Study 1",
      description: fixtures[0]!.project_insight,
      image: `${BASE_URL}/images/case-studies/study-1-1600.webp`,
      dateCreated: fixtures[0]!.created_at.toISOString(),
      author: { "@type": "Organization", name: "Northbeam Studio" },
      creator: { "@type": "Organization", name: "Northbeam Studio" },
    });
  });
});

describe("/sitemap.xml and /robots.txt", () => {
  it("lists every public page and every case study with absolute URLs", async () => {
    const { status, headers, data } = await call(sitemap.loader, get("/sitemap.xml"));
    expect(status).toBe(200);
    expect(headers.get("Content-Type")).toMatch(/^application\/xml/);
    expect(headers.get("Cache-Control")).toMatch(/max-age=\d+/);
    const xml = data as string;
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    const pages = ["/", "/services", "/about", "/case-studies", "/contact", "/privacy", "/terms", "/disclaimer"].map(url);
    const studies = await Promise.all(fixtures.map(async ({ title }) => `${BASE_URL}/case-studies/${await idOf(title)}`));
    expect(locs.sort()).toEqual([...pages, ...studies].sort());
    for (const fixture of fixtures) {
      const id = await idOf(fixture.title);
      expect(xml).toContain(`<loc>${BASE_URL}/case-studies/${id}</loc>\n    <lastmod>${fixture.updated_at.toISOString()}</lastmod>`);
    }
  });

  it("allows everything public, keeps crawlers out of the dashboard, sign-in and API, and names the sitemap", async () => {
    const response = await robots.loader({ request: get("/robots.txt"), params: {}, context: {} });
    expect(response.headers.get("Content-Type")).toMatch(/^text\/plain/);
    expect(await response.text()).toBe(
      [
        "User-agent: *",
        "Allow: /",
        "Disallow: /dashboard",
        "Disallow: /login",
        "Disallow: /api/",
        "",
        `Sitemap: ${BASE_URL}/sitemap.xml`,
        "",
      ].join("\n"),
    );
  });
});

describe("/case-studies without content", () => {
  it("gives the empty state's data, and sends any other page to the first", async () => {
    await CaseStudyModel.deleteMany({});
    try {
      const { status, data } = await listPage("/case-studies");
      expect(status).toBe(200);
      expect(data).toMatchObject({ ok: true, items: [], total: 0, page: 1, pageCount: 1 });
      const html = await renderListPage("/case-studies");
      expect(html).toMatch(/<h2[^>]*>No Case Studies Available<\/h2>/);
      expect(textOf(html)).toContain("No Case Studies Available We'll be adding more case studies soon!");
      expect(html).not.toContain("<article");
      expect(html).not.toContain('aria-label="Case studies pages"');
      const { status: redirected, headers } = await call(list.loader, get("/case-studies?page=2"));
      expect(redirected).toBe(302);
      expect(headers.get("Location")).toBe("/case-studies");
    } finally {
      await seed();
    }
  });
});

// Last: takes the database away for real, then brings it back.
describe("/case-studies when loading fails", () => {
  it("answers 503 with 'Failed to load case studies: {error message}', then recovers", async () => {
    engine.stop();
    // The engine runs under a small watchdog shell: wait until the engine itself no longer answers.
    expect(await until(async () => !(await accepts(port)), 10_000)).toBe(true);

    const { status, data, headers } = await listPage("/case-studies");
    expect(status).toBe(503);
    expect(headers.get("Retry-After")).toBe("5");
    expect(data.ok).toBe(false);
    expect(data.items).toEqual([]);
    expect(data.message).toMatch(/^Failed to load case studies: \S/);
    expect(data.message).toBe(messages.caseStudiesLoadFailed(data.message!.slice("Failed to load case studies: ".length)));
    const html = await renderListPage("/case-studies");
    const alert = /<div role="alert"[^>]*>([\s\S]*?)<\/div>/.exec(html);
    expect(alert).not.toBeNull();
    expect(textOf(alert![1]!)).toMatch(/^Failed to load case studies: \S.* Try again$/);

    engine = await startEmbeddedEngine("public_case_studies", { port });
    let recovered: Awaited<ReturnType<typeof listPage>> | undefined;
    const back = await until(async () => {
      recovered = await listPage("/case-studies");
      return recovered.status === 200;
    }, 20_000);
    expect(back).toBe(true);
    // The engine keeps nothing on disk: back, and empty.
    expect(recovered?.data).toMatchObject({ ok: true, total: 0 });
  }, 60_000);
});
