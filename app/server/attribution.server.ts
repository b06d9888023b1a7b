import { createCookie } from "@remix-run/node";
import { addPageView, capVisit, leadSourceOf, pagePath, parseVisit, startVisit, type LeadSource, type Visit } from "~/domain/lead-source";
import { getEnv, isSecureSite } from "./env.server";
import { PUBLIC_CACHE, PUBLIC_DATA_CACHE } from "./http-cache.server";

/**
 * The attribution cookie (decision 0048): the visit's source and the last pages viewed, signed so a visitor cannot
 * forge a source, kept in the browser so a page view writes nothing to the database.
 */
export const VISIT_COOKIE = "__visit";
const VISIT_DAYS = 30;
// Before signing and base64: the whole Set-Cookie stays well under browsers' 4 KB per cookie.
const VISIT_MAX_BYTES = 2_400;
/** The answer that sets the cookie is this visitor's: no shared cache may keep it, and the browser asks again each time (the ETag still gives 304s). */
export const VISIT_CACHE = "private, no-cache";

let cookie: ReturnType<typeof createCookie> | undefined;

function visitCookie() {
  cookie ??= createCookie(VISIT_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: isSecureSite(),
    secrets: [getEnv().SESSION_SECRET],
    maxAge: VISIT_DAYS * 24 * 60 * 60,
  });
  return cookie;
}

// The dashboard, sign-in, the API: no visitor's page. Resource routes never reach entry.server's handlers.
const NOT_RECORDED = /^\/(?:dashboard|login|logout|forgot-password|reset-password|invitation|api)(?:[./]|$)/;

/** Whether the visitor asked not to be followed: Global Privacy Control or Do Not Track. */
const optedOut = (request: Request) => request.headers.get("Sec-GPC") === "1" || request.headers.get("DNT") === "1";

// A prefetch (a link hovered) is no page view.
const prefetch = (request: Request) =>
  /prefetch/i.test(`${request.headers.get("Sec-Purpose") ?? ""} ${request.headers.get("Purpose") ?? ""}`);

/** The page a document or single-fetch data request shows: `/about.data` is `/about`, `/_root.data` is `/`. */
function viewedPath(url: URL, data: boolean): string | null {
  if (!data) return pagePath(url.pathname);
  if (!url.pathname.endsWith(".data")) return null;
  const path = url.pathname.slice(0, -".data".length);
  return pagePath(path === "/_root" ? "/" : path);
}

async function readVisit(request: Request): Promise<Visit | null> {
  const value: unknown = await visitCookie()
    .parse(request.headers.get("Cookie"))
    .catch(() => null);
  return parseVisit(value);
}

/** What brought the lead, from the visitor's cookie; null without one (opted out, or a forged or missing cookie). */
export async function leadSourceFrom(request: Request): Promise<LeadSource | null> {
  const visit = await readVisit(request);
  return visit ? leadSourceOf(visit) : null;
}

/** The Set-Cookie that ends the visit once its message is sent. */
export function clearVisit(): Promise<string> {
  return visitCookie().serialize("", { maxAge: 0 });
}

/**
 * Records a public page's view in the visitor's cookie: GET pages and their data requests answered 200 or 304, never
 * for a visitor who opted out, nor when the studio's setting (`enabled`, read last: only for a page it would record) is off. A public answer that sets it becomes private (VISIT_CACHE) and loses CDN-Cache-Control.
 */
export async function recordPageView(
  request: Request,
  response: Response,
  { data = false, enabled }: { data?: boolean; enabled: () => Promise<boolean> },
): Promise<Response> {
  if (request.method !== "GET" || ![200, 304].includes(response.status) || optedOut(request) || prefetch(request)) return response;
  const url = new URL(request.url);
  const path = viewedPath(url, data);
  if (!path || NOT_RECORDED.test(path) || !(await enabled())) return response;
  const now = new Date();
  const previous = await readVisit(request);
  const visit = previous ? addPageView(previous, path, now) : startVisit(url, path, data ? null : request.headers.get("Referer"), now);
  if (visit === previous) return response;
  const headers = new Headers(response.headers);
  headers.append("Set-Cookie", await visitCookie().serialize(capVisit(visit, VISIT_MAX_BYTES)));
  const policy = headers.get("Cache-Control");
  if (policy === PUBLIC_CACHE || policy === PUBLIC_DATA_CACHE) {
    headers.set("Cache-Control", VISIT_CACHE);
    headers.delete("CDN-Cache-Control");
  }
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
