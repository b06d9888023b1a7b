import { getEnv } from "../env.server";
import { setSecurityHeaders } from "../security-headers.server";

function allowedOrigin(request: Request): string | null {
  const origin = request.headers.get("Origin");
  return origin && getEnv().CORS_ORIGINS.includes(origin) ? origin : null;
}

const CORS_ALLOWED_HEADERS = ["Accept", "Authorization", "Content-Type", "X-Requested-With", "X-XSRF-TOKEN", "X-CSRF-TOKEN"];

// A script on another origin reads only the safelisted headers (Cache-Control, Content-Type...) unless told: these are
// the others the API answers with that a client acts on (revalidating, paging, waiting, the methods of a 405).
const CORS_EXPOSED_HEADERS = ["ETag", "X-Total-Count", "Retry-After", "Allow"];

export function withCors(request: Request, response: Response, allow: string[]): Response {
  const headers = setSecurityHeaders(new Headers(response.headers));
  headers.append("Vary", "Origin");
  const origin = allowedOrigin(request);
  if (origin) {
    headers.set("Access-Control-Allow-Origin", origin);
    headers.set("Access-Control-Allow-Credentials", "true");
    headers.set("Access-Control-Expose-Headers", CORS_EXPOSED_HEADERS.join(", "));
    if (request.method.toUpperCase() === "OPTIONS") {
      headers.set("Access-Control-Allow-Methods", allow.join(", "));
      headers.set("Access-Control-Allow-Headers", CORS_ALLOWED_HEADERS.join(", "));
      headers.set("Access-Control-Max-Age", "7200");
    }
  }
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
