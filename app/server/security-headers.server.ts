import { unavailableAnswerFor } from "./db.server";
import { isSecureSite } from "./env.server";

const HSTS = "max-age=31536000; includeSubDomains";

export const DOCUMENT_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
};

export function setSecurityHeaders(headers: Headers): Headers {
  headers.set("X-Content-Type-Options", "nosniff");
  if (isSecureSite()) headers.set("Strict-Transport-Security", HSTS);
  return headers;
}

// A copy: a fetched response's headers are immutable.
function withSecurityHeaders(response: Response): Response {
  const headers = setSecurityHeaders(new Headers(response.headers));
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

// Resource routes' answers do not pass through entry.server.tsx, so they get the headers here, and the database's 503
// for an error that says it went away (Remix would answer 500).
export function withSecurityHeadersOn<Args>(loader: (args: Args) => Response | Promise<Response>) {
  return async (args: Args): Promise<Response> => {
    try {
      return withSecurityHeaders(await loader(args));
    } catch (error) {
      const thrown = unavailableAnswerFor(error) ?? error;
      throw thrown instanceof Response ? withSecurityHeaders(thrown) : thrown;
    }
  };
}
