import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAdmin } from "../support/admins";
import { CaseStudyModel } from "~/models/case-study.server";
import { connectDb } from "~/server/db.server";
import { NO_STORE, PRIVATE_NO_STORE } from "~/server/http-cache.server";
import { redirectWithSuccess } from "~/server/toast.server";
import { startBuiltServer, type Running, buildIfStale } from "../support/processes";

/**
 * What a CDN in front of the site may keep, checked on the built app as `npm start` serves it (the
 * caching rules live in entry.server, which only a real server runs): public pages and the public API
 * are cacheable with an ETag and answer 304; anything per visitor, the dashboard and sign-in are not.
 */
let server: Running;
let base = "";
let caseStudyId = "";
const admin = { name: "Cache Check", email: "cache-check@studio.test", password: "cache-check-password-1" };

beforeAll(async () => {
  await connectDb();
  const created = await createTestAdmin(admin);
  if (!created.ok) throw new Error(created.reason);
  const study = await CaseStudyModel.create({
    slug: "cached-study",
    title: "Cached study",
    client: "Cache Client",
    industry: "Retail",
    project_insight: "A study that a CDN may keep for a minute.",
    technologies: ["React"],
    outcomes: [{ label: "Speed", value: "+50%" }],
    image_url: "/uploads/cached.webp",
  });
  caseStudyId = String(study._id);
  await buildIfStale();
  ({ server, base } = await startBuiltServer({
    MONGODB_URI: process.env.MONGODB_URI,
    // The same secret as this process, so that a toast cookie made here is one the server reads.
    SESSION_SECRET: process.env.SESSION_SECRET,
  }));
}, 180_000);

afterAll(async () => {
  if (server && server.child.exitCode === null) server.child.kill("SIGTERM");
  await server?.exited;
});

// Written out, so that a change of wording shows here: pages get stale-while-revalidate for every cache;
// what scripts fetch gets it for CDNs only (Chromium would hand fetch() a stale answer).
const PAGE = "public, max-age=0, s-maxage=60, stale-while-revalidate=600";
const DATA = "public, max-age=0, s-maxage=60";
const CDN_DATA = "public, max-age=60, stale-while-revalidate=600";
const policyOf = (path: string) => (/\.data(\?|$)|^\/api\//.test(path) ? DATA : PAGE);

// With Global Privacy Control the site sets no visit cookie, so what a shared cache may keep shows as it is; the
// visitors it records are checked apart, below.
const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(base + path, { headers: { "Sec-GPC": "1", ...headers }, redirect: "manual" });
const withoutNonce = (html: string) => html.replace(/ nonce="[^"]*"/g, "");

async function signedInCookie(): Promise<string> {
  const response = await fetch(`${base}/login`, {
    method: "POST",
    body: new URLSearchParams({ email: admin.email, password: admin.password }),
    headers: { "X-Forwarded-For": "198.51.100.200" },
    redirect: "manual",
  });
  expect(response.status).toBe(302);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}

describe("public pages and the public API", () => {
  const publicPaths = () => [
    "/",
    "/about",
    "/services",
    "/case-studies",
    "/case-studies/cached-study",
    "/privacy",
    "/terms",
    "/disclaimer",
    "/_root.data",
    "/case-studies.data",
    "/api/public/case-studies",
    "/api/public/case-studies?page=1&per_page=2",
    "/case-studies?industry=retail",
    "/api/public/case-studies?industry=retail",
  ];

  it("are cacheable by a CDN for a minute, with an ETag, and answer a matching If-None-Match with an empty 304", async () => {
    for (const path of publicPaths()) {
      const first = await get(path);
      expect(first.status, path).toBe(200);
      expect(first.headers.get("Cache-Control"), path).toBe(policyOf(path));
      expect(first.headers.get("CDN-Cache-Control"), path).toBe(policyOf(path) === DATA ? CDN_DATA : null);
      const etag = first.headers.get("ETag");
      expect(etag, path).toMatch(/^W\/"[\w-]+"$/);
      const body = await first.text();
      expect(body.length, path).toBeGreaterThan(0);

      // The same bytes again: the same ETag (nothing in a public answer differs per request but a page's
      // Content-Security-Policy nonce, which the ETag leaves out).
      const again = await get(path);
      expect(again.headers.get("ETag"), path).toBe(etag);
      expect(withoutNonce(await again.text()), path).toBe(withoutNonce(body));

      const revalidated = await get(path, { "If-None-Match": etag! });
      expect(revalidated.status, path).toBe(304);
      expect(await revalidated.text(), path).toBe("");
      expect(revalidated.headers.get("ETag"), path).toBe(etag);
      expect(revalidated.headers.get("Cache-Control"), path).toBe(policyOf(path));

      // A list of validators, one of them ours, and the strong form of ours both match (weak comparison).
      expect((await get(path, { "If-None-Match": `W/"other", ${etag}` })).status, path).toBe(304);
      expect((await get(path, { "If-None-Match": etag!.replace(/^W\//, "") })).status, path).toBe(304);
      expect((await get(path, { "If-None-Match": `W/"something-else"` })).status, path).toBe(200);
    }
  });

  it("for a visitor the site records, are private, no-cache with the visit cookie, and still answer 304 with it", async () => {
    for (const path of ["/", "/case-studies/cached-study", "/case-studies.data"]) {
      const first = await fetch(base + path, { redirect: "manual" });
      expect(first.status, path).toBe(200);
      expect(first.headers.get("Cache-Control"), path).toBe("private, no-cache");
      expect(first.headers.has("CDN-Cache-Control"), path).toBe(false);
      expect(
        first.headers.getSetCookie().some((line) => line.startsWith("__visit=")),
        path,
      ).toBe(true);
      const etag = first.headers.get("ETag");
      expect(etag, path).toMatch(/^W\//);
      const revalidated = await fetch(base + path, { headers: { "If-None-Match": etag! }, redirect: "manual" });
      expect(revalidated.status, path).toBe(304);
      expect(
        revalidated.headers.getSetCookie().some((line) => line.startsWith("__visit=")),
        path,
      ).toBe(true);
    }
  });

  it("change their ETag when the content changes, so a CDN never keeps a stale copy past revalidation", async () => {
    const paths = ["/case-studies", "/case-studies/cached-study", "/api/public/case-studies"];
    const before = await Promise.all(paths.map(async (path) => (await get(path)).headers.get("ETag")));
    await CaseStudyModel.updateOne({ _id: caseStudyId }, { title: "Cached study, renamed" });
    for (const [index, path] of paths.entries()) {
      const response = await get(path, { "If-None-Match": before[index]! });
      expect(response.status, path).toBe(200);
      expect(response.headers.get("ETag"), path).not.toBe(before[index]);
      expect(await response.text(), path).toContain("Cached study, renamed");
    }
  });

  it("give a filtered list its own ETag: the query string is part of the address", async () => {
    await CaseStudyModel.create({
      ...(await CaseStudyModel.findById(caseStudyId).lean())!,
      _id: undefined,
      slug: "fintech-study",
      title: "Fintech study",
      industry: "Fintech",
    });
    for (const [all, filtered] of [
      ["/case-studies", "/case-studies?industry=retail"],
      ["/api/public/case-studies", "/api/public/case-studies?industry=retail"],
    ] as const) {
      const etag = (await get(all)).headers.get("ETag")!;
      const narrowed = await get(filtered, { "If-None-Match": etag });
      expect(narrowed.status, filtered).toBe(200);
      expect(narrowed.headers.get("ETag"), filtered).not.toBe(etag);
      expect(await narrowed.text(), filtered).not.toContain("Fintech study");
    }
  });

  it("HEAD gives the same validators without a body", async () => {
    const page = await get("/about");
    const head = await fetch(`${base}/about`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("ETag")).toBe(page.headers.get("ETag"));
    expect(head.headers.get("Cache-Control")).toBe(PAGE);
    expect(await head.text()).toBe("");
  });
});

describe("what is per visitor is never stored", () => {
  it("a public page showing a toast is private, no-store, and carries no ETag", async () => {
    const flash = await redirectWithSuccess("/", "Cached toast check");
    const cookie = flash.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    const response = await get("/", { Cookie: cookie });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Cached toast check");
    expect(response.headers.get("Cache-Control")).toBe(PRIVATE_NO_STORE);
    expect(response.headers.get("ETag")).toBeNull();
  });

  it("a public page asked for with a session cookie is private, no-store", async () => {
    const cookie = await signedInCookie();
    for (const path of ["/", "/about", "/_root.data"]) {
      const response = await get(path, { Cookie: cookie });
      expect(response.status, path).toBe(200);
      expect(response.headers.get("Cache-Control"), path).toBe(PRIVATE_NO_STORE);
      expect(response.headers.get("ETag"), path).toBeNull();
    }
  });

  it("the contact page (a captcha of its own) is private, no-store, page and data", async () => {
    for (const path of ["/contact", "/contact.data"]) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("Cache-Control"), path).toBe(PRIVATE_NO_STORE);
      expect(response.headers.get("ETag"), path).toBeNull();
    }
  });

  it("dashboard pages and their .data requests, sign-in, and the way to sign-in are no-store", async () => {
    const cookie = await signedInCookie();
    const dashboard = [
      "/dashboard",
      "/dashboard/case-studies/list",
      "/dashboard/users",
      "/dashboard/settings",
      "/dashboard/messages",
      "/dashboard/analytics",
      "/dashboard.data",
      "/dashboard/users.data",
      "/dashboard/case-studies/list.data",
    ];
    for (const path of dashboard) {
      const response = await get(path, { Cookie: cookie });
      expect(response.status, path).toBe(200);
      expect(response.headers.get("Cache-Control"), path).toBe(NO_STORE);
      expect(response.headers.get("ETag"), path).toBeNull();
    }
    for (const path of ["/login", "/login.data"]) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("Cache-Control"), path).toBe(NO_STORE);
    }
    const signedOut = await get("/dashboard/users");
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("Location")).toMatch(/^\/login/);
    expect(signedOut.headers.get("Cache-Control")).toBe(NO_STORE);
  });

  it("an unknown page (404) is not stored either", async () => {
    for (const path of ["/no-such-page", "/case-studies/0123456789abcdef01234567"]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("Cache-Control"), path).toBe(NO_STORE);
      expect(response.headers.get("ETag"), path).toBeNull();
    }
  });
});
