import { createHash } from "node:crypto";
import { PREVIEW_COOKIE, SESSION_COOKIE } from "./auth.server";

// What scripts fetch gets stale-while-revalidate only through CDN-Cache-Control (RFC 9213): Chromium honours it for
// fetch() and would hand a client navigation stale data. Other statuses are not stored (a 404 may be a case study about to be published).
export const PUBLIC_CACHE = "public, max-age=0, s-maxage=60, stale-while-revalidate=600";
export const PUBLIC_DATA_CACHE = "public, max-age=0, s-maxage=60";
const CDN_DATA_CACHE = "public, max-age=60, stale-while-revalidate=600";
export const PRIVATE_NO_STORE = "private, no-store";
// A moved case study's address (an id, a former slug): browsers ask again each time and a CDN keeps it a minute, as it
// keeps pages, because an entry may take a former slug back and a 301 kept longer would then loop.
export const MOVED_PERMANENTLY_CACHE = "public, max-age=0, s-maxage=60";
export const NO_STORE = "no-store";

// The pages around signing in answer per visitor (a link's cookie, a sign-in's refusal).
const ALWAYS_PRIVATE = /^\/(?:dashboard|login|forgot-password|reset-password|invitation)(?:[./]|$)/;

export function cachePolicy(request: Request, status: number, headers: Headers): string {
  const { pathname } = new URL(request.url);
  if (ALWAYS_PRIVATE.test(pathname)) return NO_STORE;
  const own = headers.get("Cache-Control");
  if (own) return own;
  if (!["GET", "HEAD"].includes(request.method.toUpperCase()) || status !== 200) return NO_STORE;
  // An admin's preview shows drafts: never a shared answer, even when the cookie comes without a session.
  if (headers.has("Set-Cookie") || hasCookie(request, SESSION_COOKIE) || hasCookie(request, PREVIEW_COOKIE)) return PRIVATE_NO_STORE;
  return fetchedByScripts(pathname) ? PUBLIC_DATA_CACHE : PUBLIC_CACHE;
}

const fetchedByScripts = (pathname: string) => pathname.endsWith(".data") || pathname.startsWith("/api/");

function hasCookie(request: Request, name: string): boolean {
  return (request.headers.get("Cookie") ?? "").split(/;\s*/).some((pair) => pair.split("=", 1)[0]?.trim() === name);
}

/**
 * Weak, since a proxy may recompress the bytes. `leaveOut` (the CSP nonce) is skipped wherever it occurs, found in the
 * bytes themselves: decoding a page to text and encoding it again took a tenth of the server's time on `/` (decision 0031).
 */
export function etagOf(body: Uint8Array | string, leaveOut?: string): string {
  const hash = createHash("sha256");
  const bytes = typeof body === "string" ? Buffer.from(body) : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  let from = 0;
  if (leaveOut) {
    const needle = Buffer.from(leaveOut);
    for (let at = bytes.indexOf(needle); at !== -1; at = bytes.indexOf(needle, from)) {
      hash.update(bytes.subarray(from, at));
      from = at + needle.length;
    }
  }
  hash.update(bytes.subarray(from));
  return `W/"${hash.digest("base64url").slice(0, 27)}"`;
}

export function matchesIfNoneMatch(request: Request, etag: string): boolean {
  const header = request.headers.get("If-None-Match");
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === opaque(etag));
}

// The CSP nonce changes with every response, so it is left out of the ETag; a 304 carries no CSP and the
// browser keeps the one stored with its copy, whose nonce its scripts carry.
export async function withCachePolicy(request: Request, response: Response, { nonce }: { nonce?: string } = {}): Promise<Response> {
  const headers = new Headers(response.headers);
  const policy = cachePolicy(request, response.status, headers);
  headers.set("Cache-Control", policy);
  if (policy === PUBLIC_DATA_CACHE) headers.set("CDN-Cache-Control", CDN_DATA_CACHE);
  if (policy !== PUBLIC_CACHE && policy !== PUBLIC_DATA_CACHE)
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  const body = new Uint8Array(await response.arrayBuffer());
  const etag = etagOf(body, nonce);
  headers.set("ETag", etag);
  if (matchesIfNoneMatch(request, etag)) {
    for (const name of ["Content-Type", "Content-Length", "Content-Encoding", "Content-Security-Policy"]) headers.delete(name);
    return new Response(null, { status: 304, headers });
  }
  return new Response(request.method.toUpperCase() === "HEAD" ? null : body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}
