import { isSecureSite } from "./session.server";

/**
 * Headers every answer the app makes carries (entry.server.tsx for pages and `.data`, ~/server/api/cors.server
 * for /api/*, and the other resource routes through `withSecurityHeaders`):
 * - Strict-Transport-Security when the site is served over https (SITE_URL), for a year, subdomains too;
 * - X-Content-Type-Options: nosniff, so that no answer is read as another type than it says.
 * Pages also get the Content-Security-Policy (~/server/csp.server) and the headers below.
 */
export const HSTS = "max-age=31536000; includeSubDomains";

/** Sent with every HTML page on top of `setSecurityHeaders`'s. */
export const DOCUMENT_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
};

/** Sets HSTS (on https sites) and nosniff on `headers`, in place. */
export function setSecurityHeaders(headers: Headers): Headers {
  headers.set("X-Content-Type-Options", "nosniff");
  if (isSecureSite()) headers.set("Strict-Transport-Security", HSTS);
  return headers;
}

/** The same response with `setSecurityHeaders` applied (a copy: a fetched response's headers are immutable). */
export function withSecurityHeaders(response: Response): Response {
  const headers = setSecurityHeaders(new Headers(response.headers));
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * A resource route's loader whose answers, returned or thrown, carry `setSecurityHeaders`'s headers
 * (those routes' answers do not pass through entry.server.tsx).
 */
export function withSecurityHeadersOn<Args>(loader: (args: Args) => Response | Promise<Response>) {
  return async (args: Args): Promise<Response> => {
    try {
      return withSecurityHeaders(await loader(args));
    } catch (error) {
      throw error instanceof Response ? withSecurityHeaders(error) : error;
    }
  };
}
