import { messages } from "~/domain/messages";
import { unavailableAnswerFor } from "../db.server";
import { PRIVATE_NO_STORE, withCachePolicy } from "../http-cache.server";
import { addressesConfigured } from "../public-urls.server";
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
