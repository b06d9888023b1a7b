import { describe, expect, it } from "vitest";
import {
  cachePolicy,
  etagOf,
  matchesIfNoneMatch,
  NO_STORE,
  PRIVATE_NO_STORE,
  PUBLIC_CACHE,
  PUBLIC_DATA_CACHE,
  withCachePolicy,
} from "~/server/http-cache.server";

const request = (path: string, init: RequestInit = {}) => new Request(`http://localhost${path}`, init);

describe("cachePolicy", () => {
  it("lets a CDN keep a public page answered 200 to a visitor without cookies", () => {
    for (const path of ["/", "/about", "/case-studies", "/dashboarding", "/loginx"]) {
      expect(cachePolicy(request(path), 200, new Headers()), path).toBe(PUBLIC_CACHE);
    }
  });

  it("keeps stale-while-revalidate out of the browser's cache for what scripts fetch", () => {
    for (const path of ["/_root.data", "/case-studies.data", "/api/public/case-studies"]) {
      expect(cachePolicy(request(path), 200, new Headers()), path).toBe(PUBLIC_DATA_CACHE);
    }
    expect(PUBLIC_DATA_CACHE).not.toMatch(/stale-while-revalidate/);
  });

  it("never stores the dashboard or sign-in, documents or .data, whatever the route said", () => {
    for (const path of ["/dashboard", "/dashboard/users", "/dashboard.data", "/dashboard/users.data", "/login", "/login.data"]) {
      expect(cachePolicy(request(path), 200, new Headers({ "Cache-Control": PUBLIC_CACHE })), path).toBe(NO_STORE);
    }
  });

  it("makes an answer that sets a cookie (a toast read) or a request with a session private", () => {
    expect(cachePolicy(request("/"), 200, new Headers({ "Set-Cookie": "toast-session=; Max-Age=0" }))).toBe(PRIVATE_NO_STORE);
    expect(cachePolicy(request("/", { headers: { Cookie: "theme=dark; __session=abc" } }), 200, new Headers())).toBe(PRIVATE_NO_STORE);
    expect(cachePolicy(request("/", { headers: { Cookie: "not__session=abc" } }), 200, new Headers())).toBe(PUBLIC_CACHE);
  });

  it("makes a request asking for a preview private even without a session, with no ETag a CDN could keep", async () => {
    const asking = () => request("/", { headers: { Cookie: "__preview=1" } });
    expect(cachePolicy(asking(), 200, new Headers())).toBe(PRIVATE_NO_STORE);
    expect(cachePolicy(request("/about.data", { headers: { Cookie: "__preview=1" } }), 200, new Headers())).toBe(PRIVATE_NO_STORE);
    const answer = await withCachePolicy(asking(), new Response("<h1>Draft</h1>", { headers: { "Content-Type": "text/html" } }));
    expect(answer.headers.get("Cache-Control")).toBe(PRIVATE_NO_STORE);
    expect(answer.headers.get("ETag")).toBeNull();
  });

  it("keeps a route's own choice, and stores no error, redirect or POST answer", () => {
    expect(cachePolicy(request("/contact"), 200, new Headers({ "Cache-Control": PRIVATE_NO_STORE }))).toBe(PRIVATE_NO_STORE);
    for (const status of [204, 302, 404, 500, 503]) expect(cachePolicy(request("/"), status, new Headers()), String(status)).toBe(NO_STORE);
    expect(cachePolicy(request("/contact", { method: "POST" }), 200, new Headers())).toBe(NO_STORE);
  });
});

describe("ETag and If-None-Match", () => {
  it("gives equal bytes equal weak ETags and different bytes different ones", () => {
    expect(etagOf("<p>a</p>")).toMatch(/^W\/"[\w-]{27}"$/);
    expect(etagOf("<p>a</p>")).toBe(etagOf(new TextEncoder().encode("<p>a</p>")));
    expect(etagOf("<p>a</p>")).not.toBe(etagOf("<p>b</p>"));
  });

  it("leaves the nonce out wherever it occurs, so two answers that differ only in it share one ETag", () => {
    const page = (nonce: string) => `<script nonce="${nonce}">1</script><p>é ✓</p><script nonce="${nonce}">2</script>`;
    const bytes = (nonce: string) => new TextEncoder().encode(page(nonce));
    expect(etagOf(bytes("n0nceAAA"), "n0nceAAA")).toBe(etagOf(bytes("n0nceBBB"), "n0nceBBB"));
    expect(etagOf(bytes("n0nceAAA"), "n0nceAAA")).toBe(etagOf(page("")));
    expect(etagOf(bytes("n0nceAAA"), "n0nceAAA")).not.toBe(etagOf(bytes("n0nceAAA")));
    expect(etagOf(new TextEncoder().encode("<p>x</p>"), "absent")).toBe(etagOf("<p>x</p>"));
  });

  it("matches weakly, in a list, and for *", () => {
    const etag = 'W/"abc"';
    const asked = (value: string) => matchesIfNoneMatch(request("/", { headers: { "If-None-Match": value } }), etag);
    expect(asked('W/"abc"')).toBe(true);
    expect(asked('"abc"')).toBe(true);
    expect(asked('"x", W/"abc" ')).toBe(true);
    expect(asked("*")).toBe(true);
    expect(asked('W/"abcd"')).toBe(false);
    expect(matchesIfNoneMatch(request("/"), etag)).toBe(false);
  });

  it("answers 304 without a body, or the full body with its ETag", async () => {
    const page = () => new Response("<h1>Hello</h1>", { headers: { "Content-Type": "text/html" } });
    const full = await withCachePolicy(request("/"), page());
    expect(full.status).toBe(200);
    expect(await full.text()).toBe("<h1>Hello</h1>");
    const etag = full.headers.get("ETag")!;
    const notModified = await withCachePolicy(request("/", { headers: { "If-None-Match": etag } }), page());
    expect(notModified.status).toBe(304);
    expect(await notModified.text()).toBe("");
    expect(notModified.headers.get("ETag")).toBe(etag);
    expect(notModified.headers.get("Cache-Control")).toBe(PUBLIC_CACHE);
    const personal = await withCachePolicy(request("/", { headers: { Cookie: "__session=x", "If-None-Match": etag } }), page());
    expect(personal.status).toBe(200);
    expect(personal.headers.get("ETag")).toBeNull();
  });
});
