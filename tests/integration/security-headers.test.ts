import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestAdmin } from "../support/admins";
import { CaseStudyModel } from "~/models/case-study.server";
import * as unknownApi from "~/routes/api.$";
import * as caseStudiesApi from "~/routes/api.case-studies";
import * as login from "~/routes/api.login";
import * as openApi from "~/routes/api.openapi[.]json";
import * as publicList from "~/routes/api.public.case-studies";
import * as validate from "~/routes/api.validate-token";
import * as healthz from "~/routes/healthz";
import * as robots from "~/routes/robots[.]txt";
import * as csrfCookie from "~/routes/sanctum.csrf-cookie";
import { connectDb } from "~/server/db.server";
import { NO_STORE } from "~/server/http-cache.server";
import { call } from "../support/remix";
import { startBuiltServer, type Running, buildIfStale } from "../support/processes";

/**
 * Issue 11, items 4 and 5: the Content-Security-Policy with a nonce on every page, Strict-Transport-Security
 * on every answer of an https site, nosniff on every API answer, no-store on sign-in and the dashboard.
 * Pages are checked on the built app as `npm start` serves it (the headers are set in entry.server, which
 * only a real server runs), once on an https site with both tracking ids and once on a plain http one.
 * The API's headers are also checked here, by calling its routes in this process.
 */

// This process's own site (for the in-process calls below) is an https one.
vi.hoisted(() => {
  process.env.SITE_URL = "https://studio.test";
});

const HSTS = "max-age=31536000; includeSubDomains";
const TAG_MANAGER_ID = "GTM-SEC1234";
const SESSION_RECORDING_ID = "secrec42";

/** The policy written out, so that a change of any directive shows here. */
function expectedPolicy(nonce: string, trackers: boolean): string {
  const trackerImg = trackers
    ? " https://*.googletagmanager.com https://*.google-analytics.com https://*.clarity.ms https://c.bing.com"
    : "";
  const trackerConnect = trackers
    ? " https://*.googletagmanager.com https://*.google-analytics.com https://*.analytics.google.com https://*.clarity.ms https://c.bing.com"
    : "";
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${trackerImg}`,
    "font-src 'self'",
    `connect-src 'self'${trackerConnect}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

const nonceOf = (response: Response) => /'nonce-([A-Za-z0-9+/]{22}==)'/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1];

/** The <script> start tags of a page that are not JSON-LD. */
const codeScripts = (html: string) =>
  [...html.matchAll(/<script\b[^>]*>/gi)].map((match) => match[0]).filter((tag) => !tag.includes('type="application/ld+json"'));

const admin = { name: "Header Check", email: "header-check@studio.test", password: "header-check-password-1" };
let caseStudyId = "";
let adminId = "";

type Site = { server: Running; base: string };
let secure: Site;
let plain: Site;

function startSite(env: Record<string, string>, siteUrl?: string): Promise<Site> {
  return startBuiltServer({
    MONGODB_URI: process.env.MONGODB_URI,
    SESSION_SECRET: process.env.SESSION_SECRET,
    ...(siteUrl ? { SITE_URL: siteUrl } : {}),
    ...env,
  });
}

beforeAll(async () => {
  await connectDb();
  const created = await createTestAdmin(admin);
  if (!created.ok) throw new Error(created.reason);
  adminId = created.value.id;
  const study = await CaseStudyModel.create({
    slug: "header-study",
    title: "Header study",
    client: "Header Client",
    industry: "Retail",
    project_insight: "A study whose pages are checked for their security headers.",
    technologies: ["React"],
    outcomes: [{ label: "Speed", value: "+50%" }],
    image_url: "/uploads/header.webp",
  });
  caseStudyId = String(study._id);
  await buildIfStale();
  [secure, plain] = await Promise.all([startSite({ TAG_MANAGER_ID, SESSION_RECORDING_ID }, "https://studio.test"), startSite({})]);
}, 180_000);

afterAll(async () => {
  for (const site of [secure, plain]) {
    if (site && site.server.child.exitCode === null) site.server.child.kill("SIGTERM");
    await site?.server.exited;
  }
});

const get = (site: Site, path: string, init: RequestInit = {}) => fetch(site.base + path, { redirect: "manual", ...init });

async function signedInCookie(site: Site): Promise<string> {
  const response = await get(site, "/login", {
    method: "POST",
    body: new URLSearchParams({ email: admin.email, password: admin.password }),
  });
  expect(response.status).toBe(302);
  // On the https site the cookies are marked Secure; this client sends them back over http all the same.
  expect(response.headers.getSetCookie().join("\n")).toMatch(/; Secure/i);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}

const PAGES = ["/", "/services", "/about", "/case-studies", "/contact", "/privacy", "/terms", "/disclaimer", "/login", "/api/docs"];

describe("pages of an https site with both tracking ids", () => {
  it("carry the policy with a nonce and the trackers' hosts, HSTS, nosniff and the other page headers", async () => {
    for (const path of [...PAGES, "/case-studies/header-study"]) {
      const response = await get(secure, path);
      expect(response.status, path).toBe(200);
      const nonce = nonceOf(response);
      expect(nonce, path).toBeDefined();
      expect(response.headers.get("Content-Security-Policy"), path).toBe(expectedPolicy(nonce!, true));
      expect(response.headers.get("Strict-Transport-Security"), path).toBe(HSTS);
      expect(response.headers.get("X-Content-Type-Options"), path).toBe("nosniff");
      expect(response.headers.get("X-Frame-Options"), path).toBe("DENY");
      expect(response.headers.get("Referrer-Policy"), path).toBe("strict-origin-when-cross-origin");

      const html = await response.text();
      const scripts = codeScripts(html);
      expect(
        scripts.filter((tag) => !tag.includes(` nonce="${nonce}"`)),
        path,
      ).toEqual([]);
      // The scripted-page mark, both tracking snippets, Remix's context and module scripts, the scroll restoration.
      expect(scripts.length, path).toBeGreaterThanOrEqual(6);
      expect(html, path).toContain(`googletagmanager.com/gtm.js?id=`);
      expect(html, path).toContain(`"${TAG_MANAGER_ID}"`);
      expect(html, path).toContain(`clarity.ms/tag/`);
      expect(html, path).toContain(`"${SESSION_RECORDING_ID}"`);
    }
  });

  it("get a new nonce with every answer, and the same ETag all the same", async () => {
    const [first, second] = [await get(secure, "/about"), await get(secure, "/about")];
    expect(nonceOf(first)).not.toBe(nonceOf(second));
    expect(first.headers.get("ETag")).toBeTruthy();
    expect(second.headers.get("ETag")).toBe(first.headers.get("ETag"));
  });

  it("answer a revalidation with a 304 that carries no policy (the browser keeps the stored one, matching its stored page), but HSTS", async () => {
    const first = await get(secure, "/privacy");
    const revalidated = await get(secure, "/privacy", { headers: { "If-None-Match": first.headers.get("ETag")! } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("Content-Security-Policy")).toBeNull();
    expect(revalidated.headers.get("Strict-Transport-Security")).toBe(HSTS);
  });

  it("an error page (404, the root error boundary) has the policy, its scripts the nonce", async () => {
    for (const path of ["/no-such-page", "/case-studies/0123456789abcdef01234567"]) {
      const response = await get(secure, path);
      expect(response.status, path).toBe(404);
      const nonce = nonceOf(response);
      expect(response.headers.get("Content-Security-Policy"), path).toBe(expectedPolicy(nonce!, true));
      expect(response.headers.get("Strict-Transport-Security"), path).toBe(HSTS);
      const scripts = codeScripts(await response.text());
      expect(scripts.length, path).toBeGreaterThan(0);
      expect(
        scripts.filter((tag) => !tag.includes(` nonce="${nonce}"`)),
        path,
      ).toEqual([]);
    }
  });

  it("client navigations' .data answers carry HSTS and nosniff", async () => {
    for (const path of ["/_root.data", "/about.data", "/case-studies.data"]) {
      const response = await get(secure, path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("Strict-Transport-Security"), path).toBe(HSTS);
      expect(response.headers.get("X-Content-Type-Options"), path).toBe("nosniff");
      expect(response.headers.get("Content-Security-Policy"), path).toBeNull();
    }
  });

  it("sign-in and every dashboard page, with their .data, are no-store, with the policy and HSTS", async () => {
    const cookie = await signedInCookie(secure);
    const dashboard = [
      "/dashboard",
      "/dashboard/analytics",
      "/dashboard/case-studies/list",
      "/dashboard/case-studies/upload",
      `/dashboard/case-studies/edit/${caseStudyId}`,
      `/dashboard/case-studies/${caseStudyId}/delete`,
      "/dashboard/messages",
      "/dashboard/settings",
      "/dashboard/users",
      `/dashboard/users/${adminId}/edit`,
    ];
    for (const path of dashboard) {
      const page = await get(secure, path, { headers: { Cookie: cookie } });
      expect(page.status, path).toBe(200);
      expect(page.headers.get("Cache-Control"), path).toBe(NO_STORE);
      expect(page.headers.get("Content-Security-Policy"), path).toBe(expectedPolicy(nonceOf(page)!, true));
      expect(page.headers.get("Strict-Transport-Security"), path).toBe(HSTS);
      const data = await get(secure, `${path}.data`, { headers: { Cookie: cookie } });
      expect(data.status, `${path}.data`).toBe(200);
      expect(data.headers.get("Cache-Control"), `${path}.data`).toBe(NO_STORE);
      expect(data.headers.get("Strict-Transport-Security"), `${path}.data`).toBe(HSTS);
    }
    for (const path of ["/login", "/login.data"]) {
      const response = await get(secure, path);
      expect(response.headers.get("Cache-Control"), path).toBe(NO_STORE);
      expect(response.headers.get("Strict-Transport-Security"), path).toBe(HSTS);
    }
  });
});

describe("the visit cookie", () => {
  it("is Secure on an https site, and not on an http one", async () => {
    const visit = (response: Response) => response.headers.getSetCookie().find((line) => line.startsWith("__visit="));
    expect(visit(await get(secure, "/about"))).toMatch(/; Secure/i);
    expect(visit(await get(plain, "/about"))).not.toMatch(/; Secure/i);
  });
});

describe("API and resource answers of an https site", () => {
  it("carry nosniff and HSTS: JSON, errors, the catch-all 404, CORS preflights, the OpenAPI document", async () => {
    const answers: [string, RequestInit, number][] = [
      ["/api/openapi.json", {}, 200],
      ["/api/public/case-studies", {}, 200],
      ["/api/no-such-thing", {}, 404],
      ["/api/no-such-thing", { method: "DELETE" }, 404],
      ["/api/validate-token", {}, 401],
      ["/api/case-studies", { method: "PUT" }, 405],
      ["/api/login", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" }, 422],
      [
        "/api/case-studies",
        { method: "OPTIONS", headers: { Origin: "https://studio.test", "Access-Control-Request-Method": "POST" } },
        204,
      ],
      [
        "/api/no-such-thing",
        { method: "OPTIONS", headers: { Origin: "https://studio.test", "Access-Control-Request-Method": "GET" } },
        204,
      ],
      ["/sanctum/csrf-cookie", {}, 204],
    ];
    for (const [path, init, status] of answers) {
      const label = `${init.method ?? "GET"} ${path}`;
      const response = await get(secure, path, init);
      expect(response.status, label).toBe(status);
      expect(response.headers.get("X-Content-Type-Options"), label).toBe("nosniff");
      expect(response.headers.get("Strict-Transport-Security"), label).toBe(HSTS);
      if (status !== 204) expect(response.headers.get("Content-Type"), label).toMatch(/^application\/json/);
    }
  });

  it("the other resource routes carry them too", async () => {
    for (const path of ["/robots.txt", "/sitemap.xml", "/healthz", "/readyz", "/resources/captcha", "/uploads/no-such-image.webp"]) {
      const response = await get(secure, path);
      expect(response.headers.get("X-Content-Type-Options"), path).toBe("nosniff");
      expect(response.headers.get("Strict-Transport-Security"), path).toBe(HSTS);
    }
  });
});

describe("an http site without tracking ids", () => {
  it("sends the policy without any tracker's host, and no HSTS", async () => {
    for (const path of ["/", "/services", "/no-such-page"]) {
      const response = await get(plain, path);
      const nonce = nonceOf(response);
      expect(response.headers.get("Content-Security-Policy"), path).toBe(expectedPolicy(nonce!, false));
      expect(response.headers.get("Strict-Transport-Security"), path).toBeNull();
      const html = await response.text();
      expect(html, path).not.toContain("googletagmanager");
      expect(html, path).not.toContain("clarity.ms");
      expect(
        codeScripts(html).filter((tag) => !tag.includes(` nonce="${nonce}"`)),
        path,
      ).toEqual([]);
    }
  });

  it("still sends nosniff on API answers, without HSTS", async () => {
    for (const path of ["/api/openapi.json", "/api/no-such-thing", "/robots.txt"]) {
      const response = await get(plain, path);
      expect(response.headers.get("X-Content-Type-Options"), path).toBe("nosniff");
      expect(response.headers.get("Strict-Transport-Security"), path).toBeNull();
    }
  });
});

describe("the API's routes, called in this process (SITE_URL https)", () => {
  const BASE = "https://studio.test";
  it("answer with nosniff and HSTS whatever happens: success, error, 404, 405, preflight", async () => {
    const calls = [
      [openApi.loader, new Request(`${BASE}/api/openapi.json`), 200],
      [publicList.loader, new Request(`${BASE}/api/public/case-studies`), 200],
      [unknownApi.loader, new Request(`${BASE}/api/nothing`), 404],
      [unknownApi.action, new Request(`${BASE}/api/nothing`, { method: "POST" }), 404],
      [validate.loader, new Request(`${BASE}/api/validate-token`), 401],
      [caseStudiesApi.action, new Request(`${BASE}/api/case-studies`, { method: "PUT" }), 405],
      [
        login.action,
        new Request(`${BASE}/api/login`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" }),
        422,
      ],
      [caseStudiesApi.loader, new Request(`${BASE}/api/case-studies`, { method: "OPTIONS", headers: { Origin: BASE } }), 204],
      [csrfCookie.loader, new Request(`${BASE}/sanctum/csrf-cookie`), 204],
      [robots.loader, new Request(`${BASE}/robots.txt`), 200],
      [healthz.loader, new Request(`${BASE}/healthz`), 200],
    ] as const;
    for (const [handler, request, status] of calls) {
      const label = `${request.method} ${new URL(request.url).pathname}`;
      const result = await call(handler as Parameters<typeof call>[0], request);
      expect(result.status, label).toBe(status);
      expect(result.headers.get("X-Content-Type-Options"), label).toBe("nosniff");
      expect(result.headers.get("Strict-Transport-Security"), label).toBe(HSTS);
    }
  });
});
