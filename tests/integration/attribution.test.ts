import { getContactMessage } from "~/domain/contact-messages.server";
import { createCookie } from "@remix-run/node";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PAGES_KEPT } from "~/domain/lead-source";
import { isRecordingPagesViewed, recordsPagesViewed } from "~/domain/settings.server";
import { ContactMessageModel } from "~/models/contact-message.server";
import { SettingModel } from "~/models/setting.server";
import * as contactRoute from "~/routes/_site.contact";
import * as settingsRoute from "~/routes/dashboard.settings";
import { recordPageView, VISIT_CACHE, VISIT_COOKIE } from "~/server/attribution.server";
import { createCaptcha } from "~/server/captcha.server";
import { connectDb } from "~/server/db.server";
import { PUBLIC_CACHE, PUBLIC_DATA_CACHE, PRIVATE_NO_STORE, withCachePolicy } from "~/server/http-cache.server";
import { randomAddress } from "../support/addresses";
import { fetchMetadata } from "../support/form-replies";
import { call, cookiesFrom, postForm } from "../support/remix";
import { signedInAdmin } from "../support/session";
import { url } from "../support/factories";

/** A public page's answer as entry.server gives it: the cache policy first, then the page view. */
async function view(
  path: string,
  { cookie = "", headers = {}, method = "GET" }: { cookie?: string; headers?: Record<string, string>; method?: string } = {},
) {
  const request = new Request(url(path), { method, headers: { ...(cookie ? { Cookie: cookie } : {}), ...headers } });
  const cached = await withCachePolicy(request, new Response("<!DOCTYPE html><p>A page</p>", { status: 200 }));
  return recordPageView(request, cached, { data: new URL(request.url).pathname.endsWith(".data"), enabled: recordsPagesViewed });
}

const on = async () => true;

const visitCookie = (response: Response) => response.headers.getSetCookie().find((line) => line.startsWith(`${VISIT_COOKIE}=`));

/** Opens pages one after the other as a browser would, sending back the cookie each answer sets. */
async function browse(paths: string[], first: { headers?: Record<string, string> } = {}) {
  let cookie = "";
  for (const [n, path] of paths.entries()) {
    const response = await view(path, { cookie, headers: n === 0 ? first.headers : {} });
    cookie = cookiesFrom(response.headers, cookie);
  }
  return cookie;
}

function postContact(cookie: string) {
  const captcha = createCaptcha();
  const fields = {
    name: "Ada Lovelace",
    email: "ada@example.com",
    message: "We would like a booking app.",
    captchaToken: captcha.token,
    captchaAnswer: String(captcha.a + captcha.b),
    website: "",
  };
  const request = new Request(url("/contact"), {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Forwarded-For": `10.0.0.1, ${randomAddress()}`,
      Cookie: cookie,
      ...fetchMetadata,
    },
    body: new URLSearchParams(fields).toString(),
  });
  return call(contactRoute.action, request);
}

beforeAll(async () => {
  await connectDb();
  await ContactMessageModel.init();
});
beforeEach(async () => {
  await ContactMessageModel.deleteMany({});
});

describe("the attribution cookie", () => {
  it("is set on a public page: signed, HttpOnly, SameSite=Lax, 30 days, and the answer becomes private with its ETag kept", async () => {
    const response = await view("/about?utm_source=news");
    const line = visitCookie(response);
    expect(line).toBeDefined();
    expect(line).toMatch(/; HttpOnly/i);
    expect(line).toMatch(/; SameSite=Lax/i);
    expect(line).toMatch(/; Max-Age=2592000/i);
    expect(line).not.toMatch(/; Secure/i);
    // Remix's signed cookie: the value and its signature.
    expect(decodeURIComponent(line!.split(";")[0]!.slice(VISIT_COOKIE.length + 1))).toMatch(/^[A-Za-z0-9+/=]+\.[A-Za-z0-9+/=]+$/);
    expect(response.headers.get("Cache-Control")).toBe(VISIT_CACHE);
    expect(response.headers.get("ETag")).toMatch(/^W\//);
  });

  it("a data request (a client navigation) is recorded as its page, and loses the CDN's own policy", async () => {
    const response = await view("/case-studies.data");
    expect(visitCookie(response)).toBeDefined();
    expect(response.headers.get("Cache-Control")).toBe(VISIT_CACHE);
    expect(response.headers.has("CDN-Cache-Control")).toBe(false);
    const source = await sourceSent(await browse(["/", "/_root.data", "/about.data"]));
    expect(source.pages.map((page) => page.path)).toEqual(["/", "/about"]);
  });

  it("a 304 carries the cookie too, so a browser's copy still counts the view", async () => {
    const first = await view("/about");
    const again = await view("/about", { headers: { "If-None-Match": first.headers.get("ETag")! } });
    expect(again.status).toBe(304);
    expect(visitCookie(again)).toBeDefined();
  });

  it("is not set with Sec-GPC: 1 or DNT: 1, and the page stays publicly cacheable", async () => {
    for (const headers of [{ "Sec-GPC": "1" }, { DNT: "1" }] as Record<string, string>[]) {
      const response = await view("/about", { headers });
      expect(visitCookie(response)).toBeUndefined();
      expect(response.headers.get("Cache-Control")).toBe(PUBLIC_CACHE);
    }
    expect((await view("/about.data", { headers: { "Sec-GPC": "1" } })).headers.get("Cache-Control")).toBe(PUBLIC_DATA_CACHE);
  });

  it("is not set on the API, the dashboard, sign-in, a HEAD, a prefetch, a POST or a page that is not there", async () => {
    for (const path of ["/api/case-studies", "/dashboard", "/dashboard/messages.data", "/login", "/reset-password/abc"])
      expect(visitCookie(await view(path)), path).toBeUndefined();
    expect(visitCookie(await view("/about", { method: "HEAD" }))).toBeUndefined();
    expect(visitCookie(await view("/about.data", { headers: { "Sec-Purpose": "prefetch" } }))).toBeUndefined();
    expect(visitCookie(await view("/about", { headers: { Purpose: "prefetch" } }))).toBeUndefined();
    const request = new Request(url("/about"));
    expect(visitCookie(await recordPageView(request, new Response("Not found", { status: 404 }), { enabled: on }))).toBeUndefined();
  });

  it("leaves an answer already private as it was", async () => {
    const request = new Request(url("/contact"));
    const response = await recordPageView(request, new Response("<p>form</p>", { headers: { "Cache-Control": PRIVATE_NO_STORE } }), {
      enabled: on,
    });
    expect(visitCookie(response)).toBeDefined();
    expect(response.headers.get("Cache-Control")).toBe(PRIVATE_NO_STORE);
  });

  it("keeps the last 20 pages, paths only (no query), a reload counted once", async () => {
    const paths = Array.from({ length: 25 }, (_, n) => `/case-studies/study-${n}?industry=retail&email=someone@example.com`);
    const cookie = await browse(["/services", "/services", ...paths]);
    const source = await sourceSent(cookie);
    expect(source.pages).toHaveLength(PAGES_KEPT);
    expect(source.pages.map((page) => page.path)).toEqual(Array.from({ length: 20 }, (_, n) => `/case-studies/study-${n + 5}`));
    expect(JSON.stringify(source)).not.toContain("example.com");
  });

  it("stays under the size cap however long the paths, dropping the oldest", async () => {
    const long = (n: number) => `/case-studies/${String(n).padStart(3, "0")}-${"x".repeat(180)}`;
    const cookie = await browse(Array.from({ length: 20 }, (_, n) => long(n)));
    expect(cookie.length).toBeLessThan(4_000);
    const source = await sourceSent(cookie);
    expect(source.pages.length).toBeGreaterThan(5);
    expect(source.pages.length).toBeLessThan(20);
    expect(source.pages.at(-1)?.path).toBe(long(19));
  });

  it("a forged or unsigned cookie is ignored: the message has no source, a new visit starts", async () => {
    const forged = await createCookie(VISIT_COOKIE, { secrets: ["not-the-secret-not-the-secret-0000"] }).serialize({
      l: "/forged",
      r: "evil.example",
      u: {},
      p: [["/forged", 1]],
    });
    const unsigned = `${VISIT_COOKIE}=${btoa(JSON.stringify({ l: "/x", r: null, u: {}, p: [] }))}`;
    for (const cookie of [forged.split(";")[0]!, unsigned]) {
      await ContactMessageModel.deleteMany({});
      expect((await postContact(cookie)).status).toBe(200);
      expect((await ContactMessageModel.findOne().lean())?.source).toBeNull();
      const response = await view("/about", { cookie });
      expect((await sourceSent(cookiesFrom(response.headers))).landing_page).toBe("/about");
    }
  });
});

describe("the setting", () => {
  it("is on by default; off (the form sent without its box, as with JavaScript off), no cookie and the page stays public", async () => {
    const { cookie } = await signedInAdmin();
    const save = (fields: Record<string, string>) =>
      call(
        settingsRoute.action,
        postForm("/dashboard/settings", { whatsappNumber: "+1 (201) 555-0123", contactEmail: "hello@studio.test", ...fields }, cookie),
      );
    expect(await isRecordingPagesViewed()).toBe(true);
    expect((await save({ recordPagesViewed: "false" })).status).toBe(302);
    expect(await isRecordingPagesViewed()).toBe(false);
    const response = await view("/about");
    expect(visitCookie(response)).toBeUndefined();
    expect(response.headers.get("Cache-Control")).toBe(PUBLIC_CACHE);
    const settingsPage = await call(settingsRoute.loader, new Request(url("/dashboard/settings"), { headers: { Cookie: cookie } }));
    expect(settingsPage.data).toMatchObject({ recordPagesViewed: false });
    expect((await save({ recordPagesViewed: "true" })).status).toBe(302);
    expect(await isRecordingPagesViewed()).toBe(true);
    expect(visitCookie(await view("/about"))).toBeDefined();
  });
});

describe("the setting read on page views", () => {
  it("follows a change made on another instance within half a second", async () => {
    expect(await recordsPagesViewed()).toBe(true);
    // Another instance's save: this one learns of it only from the database.
    await SettingModel.updateOne({ key: "recordPagesViewed" }, { $set: { value: "false" } }, { upsert: true });
    const changed = Date.now();
    while ((await recordsPagesViewed()) && Date.now() - changed < 1_000) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(Date.now() - changed).toBeLessThan(700);
    expect(visitCookie(await view("/about"))).toBeUndefined();
    await SettingModel.deleteOne({ key: "recordPagesViewed" });
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(visitCookie(await view("/about"))).toBeDefined();
  });
});

describe("the source stored with the message", () => {
  it("keeps the first page, the referrer's host only and the utm fields, then clears the cookie", async () => {
    const cookie = await browse(
      [
        "/?utm_source=newsletter&utm_medium=email&utm_campaign=spring&utm_term=apps&utm_content=hero&other=x",
        "/case-studies/one",
        "/contact",
      ],
      { headers: { Referer: "https://news.example.org/issue/42?who=someone" } },
    );
    const reply = await postContact(cookie);
    expect(reply.status).toBe(200);
    expect(reply.headers.getSetCookie().some((line) => line.startsWith(`${VISIT_COOKIE}=;`) && /Max-Age=0/i.test(line))).toBe(true);
    const doc = await ContactMessageModel.findOne().lean();
    expect(doc?.source).toMatchObject({
      landing_page: "/",
      referrer: "news.example.org",
      utm: { source: "newsletter", medium: "email", campaign: "spring", term: "apps", content: "hero" },
      pages: [
        { path: "/", at: expect.any(String) },
        { path: "/case-studies/one", at: expect.any(String) },
        { path: "/contact", at: expect.any(String) },
      ],
    });
  });

  it("a plain form post (no JavaScript) stores it and clears the cookie on its redirect", async () => {
    const cookie = await browse(["/services"], { headers: { Referer: "https://www.google.com/" } });
    const captcha = createCaptcha();
    const request = new Request(url("/contact"), {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "X-Forwarded-For": `10.0.0.1, ${randomAddress()}`,
        Cookie: cookie,
        "Sec-Fetch-Dest": "document",
        "Sec-Fetch-Mode": "navigate",
        "Sec-Fetch-Site": "same-origin",
      },
      body: new URLSearchParams({
        name: "Grace",
        email: "grace@example.com",
        message: "Hello",
        captchaToken: captcha.token,
        captchaAnswer: String(captcha.a + captcha.b),
        website: "",
      }).toString(),
    });
    const reply = await call(contactRoute.action, request);
    expect(reply.status).toBe(302);
    expect(cookiesFrom(reply.headers, cookie)).not.toContain(`${VISIT_COOKIE}=`);
    expect((await ContactMessageModel.findOne().lean())?.source).toMatchObject({ landing_page: "/services", referrer: "www.google.com" });
  });

  it("a visit without utm fields keeps an empty utm and no pages lost, as the dashboard reads it", async () => {
    const cookie = await browse(["/about"]);
    expect(await sourceSent(cookie)).toMatchObject({ landing_page: "/about", utm: {} });
    const stored = await ContactMessageModel.findOne().lean();
    expect((await getContactMessage(stored!._id.toString()))?.source).toMatchObject({ utm: {}, pages: [{ path: "/about" }] });
  });

  it("a move inside the site is no referrer", async () => {
    const cookie = await browse(["/about"], { headers: { Referer: `${url("/")}` } });
    expect((await sourceSent(cookie)).referrer).toBeNull();
  });
});

/** Sends a message with the cookie and reads the source stored with it. */
async function sourceSent(cookie: string) {
  await ContactMessageModel.deleteMany({});
  expect((await postContact(cookie)).status).toBe(200);
  const doc = await ContactMessageModel.findOne().lean();
  if (!doc?.source) throw new Error("no source stored");
  return doc.source;
}
