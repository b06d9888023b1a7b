import { createHash } from "node:crypto";
import { SESSION_COOKIE } from "./session.server";

/**
 * What a browser or a CDN may keep, decided in one place for every page and data request:
 * - the dashboard and sign-in (documents and `.data`) are never stored;
 * - anything per visitor (a toast being read, a session cookie, a route's own choice such as the contact
 *   page's captcha) is `private, no-store`;
 * - a public page answered 200 may be kept by a shared cache for a minute and served stale while it
 *   revalidates, and carries an ETag so that a revalidation costs a 304 without a body;
 * - what scripts fetch (`.data`, the public API) gets the same, except that the stale-while-revalidate
 *   goes to CDNs only (`CDN-Cache-Control`, RFC 9213): Chromium honours it for fetch() (not for page
 *   loads), and would hand a client navigation the previous data while it revalidates.
 * Any other status is not stored (a 404 may be a case study about to be published, a 503 an outage).
 */
export const PUBLIC_CACHE = "public, max-age=0, s-maxage=60, stale-while-revalidate=600";
export const PUBLIC_DATA_CACHE = "public, max-age=0, s-maxage=60";
export const CDN_DATA_CACHE = "public, max-age=60, stale-while-revalidate=600";
export const PRIVATE_NO_STORE = "private, no-store";
export const NO_STORE = "no-store";

const ALWAYS_PRIVATE = /^\/(?:dashboard|login)(?:[./]|$)/;

/** The Cache-Control a page or `.data` answer gets; a route's own Cache-Control is kept when it has one. */
export function cachePolicy(request: Request, status: number, headers: Headers): string {
  const { pathname } = new URL(request.url);
  if (ALWAYS_PRIVATE.test(pathname)) return NO_STORE;
  const own = headers.get("Cache-Control");
  if (own) return own;
  if (!["GET", "HEAD"].includes(request.method.toUpperCase()) || status !== 200) return NO_STORE;
  if (headers.has("Set-Cookie") || hasCookie(request, SESSION_COOKIE)) return PRIVATE_NO_STORE;
  return fetchedByScripts(pathname) ? PUBLIC_DATA_CACHE : PUBLIC_CACHE;
}

const fetchedByScripts = (pathname: string) => pathname.endsWith(".data") || pathname.startsWith("/api/");

function hasCookie(request: Request, name: string): boolean {
  return (request.headers.get("Cookie") ?? "").split(/;\s*/).some((pair) => pair.split("=", 1)[0]?.trim() === name);
}

/** A weak validator of the body: equal bytes, equal ETag (weak, since a proxy may recompress the bytes). */
export function etagOf(body: Uint8Array | string): string {
  return `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
}

/** True when If-None-Match names this ETag (weak comparison, as RFC 9110 asks for GET and HEAD) or is `*`. */
export function matchesIfNoneMatch(request: Request, etag: string): boolean {
  const header = request.headers.get("If-None-Match");
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === opaque(etag));
}

/**
 * The response with `Cache-Control` set by `cachePolicy`; a public answer is read whole to get its ETag
 * and becomes a 304 without a body when the client already holds those bytes.
 *
 * A page's Content-Security-Policy nonce (~/server/csp.server) changes with every response: it is left
 * out of the ETag, so the same page keeps the same ETag. A 304 then carries no Content-Security-Policy:
 * the browser keeps the one stored with its copy, whose nonce is the one that copy's scripts carry.
 */
export async function withCachePolicy(request: Request, response: Response, { nonce }: { nonce?: string } = {}): Promise<Response> {
  const headers = new Headers(response.headers);
  const policy = cachePolicy(request, response.status, headers);
  headers.set("Cache-Control", policy);
  if (policy === PUBLIC_DATA_CACHE) headers.set("CDN-Cache-Control", CDN_DATA_CACHE);
  if (policy !== PUBLIC_CACHE && policy !== PUBLIC_DATA_CACHE) return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  const body = new Uint8Array(await response.arrayBuffer());
  const etag = etagOf(nonce ? new TextDecoder().decode(body).replaceAll(nonce, "") : body);
  headers.set("ETag", etag);
  if (matchesIfNoneMatch(request, etag)) {
    for (const name of ["Content-Type", "Content-Length", "Content-Encoding", "Content-Security-Policy"]) headers.delete(name);
    return new Response(null, { status: 304, headers });
  }
  return new Response(request.method.toUpperCase() === "HEAD" ? null : body, { status: response.status, statusText: response.statusText, headers });
}
