import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { findTokenAdmin } from "~/domain/api-tokens.server";
import { countCaseStudies, listCaseStudies, type CaseStudyPage } from "~/domain/case-studies.server";
import { SESSION_LIFETIME_MS } from "~/domain/constants";
import { messages } from "~/domain/messages";
import { caseStudyFieldsFromForm } from "~/domain/schemas";
import type { Admin } from "~/domain/types";
import { getAdmin } from "./auth.server";
import { BodyTooLarge, readBoundedBody } from "./bounded-body.server";
import { requireDb } from "./db.server";
import { getEnv } from "./env.server";
import { setSecurityHeaders } from "./security-headers.server";
import { isSecureSite } from "./session.server";
import { chosenFile, parseMultipartForm, UploadError } from "./uploads.server";

/**
 * The JSON API's HTTP layer (SPEC §7): every /api answer is JSON, including errors (401, 404, 405, 413,
 * 419, 422, 429, 503, 500 without stack traces); token or cookie-session authentication, the
 * Sanctum-style XSRF check for cookie sessions, and CORS for the configured origins. The rules
 * themselves live in ~/domain, shared with the dashboard.
 */

type Params = LoaderFunctionArgs["params"];
type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export type ApiContext = { request: Request; params: Params; url: URL };
export type ApiHandler = (context: ApiContext) => Promise<Response>;

/** An error answer: `{ message, errors? }` with a status and optional headers. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly headers: HeadersInit = {},
  ) {
    super(message);
  }
}

export function apiJson(data: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  headers.set("Cache-Control", "no-store");
  return new Response(JSON.stringify(data), { ...init, headers });
}

/** A failure in the API's shape; `errors` only when there are field errors. */
export function apiFailure(status: number, message: string, errors?: Record<string, string[]>, headers: HeadersInit = {}): Response {
  return apiJson(errors && Object.keys(errors).length ? { message, errors } : { message }, { status, headers });
}

export const notFound = (message: string = messages.apiNotFound) => new ApiError(404, message);

// ---------------------------------------------------------------------------------------------
// routes: method dispatch, 405, preflight, JSON for everything thrown, CORS

/**
 * A resource route's loader and action: dispatches on the method (HEAD is GET without a body; OPTIONS is a
 * CORS preflight), answers 405 with an Allow header for other methods, and turns anything thrown into JSON.
 */
export function apiRoute(handlers: Partial<Record<Method, ApiHandler>>) {
  const methods = Object.keys(handlers) as Method[];
  const allow = [...methods, ...(handlers.GET ? ["HEAD"] : []), "OPTIONS"];
  const handle = ({ request, params }: { request: Request; params: Params }) =>
    withApi(request, allow, async () => {
      const method = request.method.toUpperCase();
      if (method === "OPTIONS") return new Response(null, { status: 204, headers: { Allow: allow.join(", ") } });
      const handler = method === "HEAD" ? handlers.GET : handlers[method as Method];
      if (!handler) throw new ApiError(405, messages.apiMethodNotAllowed(method, allow), undefined, { Allow: allow.join(", ") });
      return handler({ request, params, url: new URL(request.url) });
    });
  return { loader: handle, action: handle };
}

/**
 * Runs `work`, turning whatever it throws into a JSON answer, and adds the CORS headers, nosniff and (on
 * an https site) Strict-Transport-Security: every /api answer leaves through here.
 */
export async function withApi(request: Request, allow: string[], work: () => Promise<Response>): Promise<Response> {
  let response: Response;
  try {
    response = await work();
  } catch (error) {
    response = await errorResponse(error);
  }
  return withCors(request, response, allow);
}

async function errorResponse(error: unknown): Promise<Response> {
  if (error instanceof ApiError) return apiFailure(error.status, error.message, error.errors, error.headers);
  if (error instanceof UploadError) return apiFailure(error.status, error.message, { image: [error.message] });
  if (error instanceof Response) {
    // For instance requireDb()'s 503: keep the status and headers, say it in JSON.
    if (error.headers.get("Content-Type")?.includes("application/json")) return error;
    const text = (await error.text().catch(() => "")).trim();
    const headers = new Headers(error.headers);
    headers.delete("Content-Length");
    const message = text && text.length < 500 ? text : error.statusText || messages.apiServerError;
    return apiFailure(error.status, message, undefined, headers);
  }
  console.error("API error:", error);
  return apiFailure(500, messages.apiServerError);
}

/** The origin of the request when CORS_ORIGINS allows it. */
function allowedOrigin(request: Request): string | null {
  const origin = request.headers.get("Origin");
  return origin && getEnv().CORS_ORIGINS.includes(origin) ? origin : null;
}

export const CORS_ALLOWED_HEADERS = ["Accept", "Authorization", "Content-Type", "X-Requested-With", "X-XSRF-TOKEN", "X-CSRF-TOKEN"];

function withCors(request: Request, response: Response, allow: string[]): Response {
  const headers = setSecurityHeaders(new Headers(response.headers));
  headers.append("Vary", "Origin");
  const origin = allowedOrigin(request);
  if (origin) {
    headers.set("Access-Control-Allow-Origin", origin);
    headers.set("Access-Control-Allow-Credentials", "true");
    headers.set("Access-Control-Expose-Headers", "X-Total-Count, Retry-After, Allow");
    if (request.method.toUpperCase() === "OPTIONS") {
      headers.set("Access-Control-Allow-Methods", allow.join(", "));
      headers.set("Access-Control-Allow-Headers", CORS_ALLOWED_HEADERS.join(", "));
      headers.set("Access-Control-Max-Age", "7200");
    }
  }
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

// ---------------------------------------------------------------------------------------------
// CSRF (Sanctum's XSRF-TOKEN cookie, echoed in the X-XSRF-TOKEN header by cookie-session clients)

export const XSRF_COOKIE = "XSRF-TOKEN";

function sign(nonce: string): string {
  return createHmac("sha256", getEnv().SESSION_SECRET).update(`xsrf:${nonce}`).digest("base64url");
}

/** A new random XSRF token, signed with SESSION_SECRET so that only this server's tokens are accepted. */
export function newXsrfToken(): string {
  const nonce = randomBytes(32).toString("base64url");
  return `${nonce}.${sign(nonce)}`;
}

/** The Set-Cookie header of a fresh XSRF-TOKEN cookie: readable by scripts (not HttpOnly), SameSite=Lax. */
export function xsrfCookieHeader(token = newXsrfToken()): string {
  const parts = [`${XSRF_COOKIE}=${encodeURIComponent(token)}`, "Path=/", `Max-Age=${SESSION_LIFETIME_MS / 1000}`, "SameSite=Lax"];
  if (isSecureSite()) parts.push("Secure");
  return parts.join("; ");
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export function readCookie(request: Request, name: string): string | null {
  for (const pair of (request.headers.get("Cookie") ?? "").split(/;\s*/)) {
    const at = pair.indexOf("=");
    if (at > 0 && pair.slice(0, at).trim() === name) return safeDecode(pair.slice(at + 1).trim());
  }
  return null;
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** True when the X-XSRF-TOKEN header (URL-decoded) equals the XSRF-TOKEN cookie and carries our signature. */
export function hasValidXsrf(request: Request): boolean {
  const cookie = readCookie(request, XSRF_COOKIE);
  const header = request.headers.get("X-XSRF-TOKEN") ?? request.headers.get("X-CSRF-TOKEN");
  if (!cookie || !header || !sameText(safeDecode(header), cookie)) return false;
  const [nonce, signature, ...rest] = cookie.split(".");
  return Boolean(nonce && signature && rest.length === 0 && sameText(signature, sign(nonce)));
}

export function requireXsrf(request: Request): void {
  if (!hasValidXsrf(request)) throw new ApiError(419, messages.apiCsrfMismatch);
}

// ---------------------------------------------------------------------------------------------
// authentication: a bearer token, else the dashboard's cookie session (within its 4 h)

/** The bearer token of the Authorization header; "" when the header is there but not a bearer token. */
export function bearerToken(request: Request): string | null {
  const header = request.headers.get("Authorization");
  if (header === null) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : "";
}

export type ApiAuth = { admin: Admin; via: "token" | "session" };

const unauthenticated = () => new ApiError(401, messages.apiUnauthenticated);

/**
 * The calling admin, or a 401. A valid bearer token needs nothing else; a cookie session must also pass
 * the XSRF check on state-changing methods (419 otherwise), as with Sanctum.
 */
export async function requireApiAdmin(request: Request): Promise<ApiAuth> {
  await requireDb();
  const token = bearerToken(request);
  if (token) {
    const found = await findTokenAdmin(token);
    if (found) return { admin: found.admin, via: "token" };
  }
  const { admin } = await getAdmin(request);
  if (!admin) throw unauthenticated();
  if (STATE_CHANGING.has(request.method.toUpperCase())) requireXsrf(request);
  return { admin, via: "session" };
}

// ---------------------------------------------------------------------------------------------
// request bodies

export const MAX_TEXT_BODY_BYTES = 1024 * 1024;

async function readText(request: Request): Promise<string> {
  try {
    return Buffer.from(await readBoundedBody(request, MAX_TEXT_BODY_BYTES)).toString("utf8");
  } catch (error) {
    if (error instanceof BodyTooLarge) throw new ApiError(413, messages.apiBodyTooLarge);
    throw error;
  }
}

function contentType(request: Request): string {
  return (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
}

async function readJson(request: Request): Promise<Record<string, unknown>> {
  const text = await readText(request);
  if (!text.trim()) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError(400, messages.apiInvalidJson);
  }
  // Only an object has fields; anything else is an empty submission, which the schemas refuse.
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

async function readForm(request: Request): Promise<FormData> {
  const type = contentType(request);
  if (type === "multipart/form-data") {
    try {
      return await parseMultipartForm(request);
    } catch (error) {
      if (error instanceof UploadError) throw error;
      throw new ApiError(400, messages.apiUnreadableBody);
    }
  }
  const form = new FormData();
  if (type === "application/x-www-form-urlencoded") {
    for (const [name, value] of new URLSearchParams(await readText(request))) form.append(name, value);
  }
  return form;
}

/**
 * The fields of a JSON, urlencoded or multipart body as a plain object (first value of each form field;
 * files dropped). Values keep their JSON types so the schemas can refuse wrong ones.
 */
export async function readInput(request: Request): Promise<Record<string, unknown>> {
  if (contentType(request).endsWith("json")) return readJson(request);
  const form = await readForm(request);
  const input: Record<string, unknown> = {};
  for (const [name, value] of form) if (typeof value === "string" && !(name in input)) input[name] = value;
  return input;
}

/** A case study submission: §7's multipart names (or urlencoded), or a JSON object (no image then). */
export async function readCaseStudyInput(request: Request): Promise<{ fields: unknown; image: File | null }> {
  if (contentType(request).endsWith("json")) return { fields: await readJson(request), image: null };
  const form = await readForm(request);
  return { fields: caseStudyFieldsFromForm(form), image: chosenFile(form.get("image")) };
}

// ---------------------------------------------------------------------------------------------
// paging of case study lists: ?page=&per_page= (per_page at most 100); all of them by default

export const MAX_PER_PAGE = 100;
export const DEFAULT_PER_PAGE = 15;

function positiveInt(value: string | null): number | null | undefined {
  if (value === null || value.trim() === "") return undefined;
  return /^\d+$/.test(value.trim()) && Number(value) >= 1 ? Number(value) : null;
}

/** Newest first; paged when `page` or `per_page` is given (a page past the end is empty). */
export async function pagedCaseStudies(url: URL): Promise<{ items: CaseStudyPage["items"]; total: number; headers: Headers }> {
  const page = positiveInt(url.searchParams.get("page"));
  const perPage = positiveInt(url.searchParams.get("per_page"));
  const errors: Record<string, string[]> = {};
  if (page === null) errors.page = [messages.apiPageInvalid];
  if (perPage === null || (perPage !== undefined && perPage > MAX_PER_PAGE)) errors.per_page = [messages.apiPerPageInvalid(MAX_PER_PAGE)];
  const problems = Object.values(errors).flat();
  if (problems.length) throw new ApiError(422, problems[0]!, errors);

  await requireDb();
  let items: CaseStudyPage["items"];
  let total: number;
  if (page === undefined && perPage === undefined) {
    const all = await listCaseStudies({ page: 1, perPage: Math.max(1, await countCaseStudies()) });
    ({ items, total } = all);
  } else {
    const wanted = page ?? 1;
    const result = await listCaseStudies({ page: wanted, perPage: perPage ?? DEFAULT_PER_PAGE });
    total = result.total;
    // listCaseStudies clamps a page past the end to the last one; the API answers it empty instead.
    items = result.page === wanted ? result.items : [];
  }
  return { items, total, headers: new Headers({ "X-Total-Count": String(total) }) };
}
