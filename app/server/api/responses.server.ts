import { messages } from "~/domain/messages";
import { unavailableAnswerFor } from "../db.server";
import { PRIVATE_NO_STORE, withCachePolicy } from "../http-cache.server";
import { trustedForwarded } from "../client-address.server";
import { getEnv, type Env } from "../env.server";
import { UploadError } from "../uploads.server";

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

/** An answer for anyone, cached like a public page unless its absolute addresses came from the request. */
export function publicApiJson(data: unknown, request: Request, init: ResponseInit = {}): Promise<Response> {
  const response = apiJson(data, init);
  if (addressesConfigured()) response.headers.delete("Cache-Control");
  else response.headers.set("Cache-Control", PRIVATE_NO_STORE);
  return withCachePolicy(request, response);
}

export function apiFailure(status: number, message: string, errors?: Record<string, string[]>, headers: HeadersInit = {}): Response {
  return apiJson(errors && Object.keys(errors).length ? { message, errors } : { message }, { status, headers });
}

export const notFound = (message: string = messages.apiNotFound) => new ApiError(404, message);

export async function errorResponse(error: unknown): Promise<Response> {
  const unavailable = unavailableAnswerFor(error);
  if (unavailable) return errorResponse(unavailable);
  if (error instanceof ApiError) return apiFailure(error.status, error.message, error.errors, error.headers);
  if (error instanceof UploadError) {
    // Named as the schemas name fields: `gallery[2][image]` is `gallery.2.image`.
    const field = (error.field ?? "image").replace(/\[(\w+)\]/g, ".$1");
    return apiFailure(error.status, error.message, { [field]: [error.message] });
  }
  if (error instanceof Response) {
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

// Absolute addresses in answers (docs/api.md#routes): images a client on any host can load.

const HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * Whether absolute addresses come from configuration alone (ASSET_URL, SITE_URL). When not, they name the request's
 * host (a header a client can choose), so an answer holding them must not be kept by a shared cache.
 */
export const addressesConfigured = (env: Env = getEnv()) => env.ASSET_URL !== undefined || env.SITE_URL_SET;

/** Where clients reach the site: SITE_URL when set; else the request's own host, with forwarded values only from trusted proxies. */
export function siteOrigin(request: Request, env: Env = getEnv()): string {
  if (env.SITE_URL_SET) return new URL(env.SITE_URL).origin;
  const url = new URL(request.url);
  const protocol = trustedForwarded(request, "X-Forwarded-Proto", env.TRUST_PROXY)?.toLowerCase() ?? url.protocol.slice(0, -1);
  // The Host header rather than request.url's host: Remix takes the latter's port from X-Forwarded-Host, trusted or not.
  const host = trustedForwarded(request, "X-Forwarded-Host", env.TRUST_PROXY) ?? request.headers.get("Host") ?? url.host;
  if ((protocol !== "http" && protocol !== "https") || !HOST.test(host)) return new URL(env.SITE_URL).origin;
  return `${protocol}://${host.toLowerCase()}`;
}

/** A root-relative path of the site as an address a client on any host can load: under ASSET_URL when a CDN serves them. */
export function absoluteUrl(path: string, request: Request, env: Env = getEnv()): string {
  if (!path.startsWith("/") || path.startsWith("//")) return path;
  return `${env.ASSET_URL ?? siteOrigin(request, env)}${path}`;
}

type StudyImages = { image_url: string | null; gallery?: { url: string }[]; seo_image_url?: string | null };

/**
 * A case study as the JSON API answers it: its images' addresses absolute (pages keep them root-relative); a draft
 * without an image yet has `image_url` null.
 */
export function withAbsoluteImage<Study extends StudyImages>(study: Study, request: Request): Study {
  const images: Partial<StudyImages> = { image_url: study.image_url ? absoluteUrl(study.image_url, request) : null };
  if (study.gallery) images.gallery = study.gallery.map((image) => ({ ...image, url: absoluteUrl(image.url, request) }));
  if (study.seo_image_url) images.seo_image_url = absoluteUrl(study.seo_image_url, request);
  return { ...study, ...images };
}
