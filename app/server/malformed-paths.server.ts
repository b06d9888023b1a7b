import { remember } from "@epic-web/remember";
import { subscribe } from "node:diagnostics_channel";
import type { IncomingMessage } from "node:http";

// A run of escapes is judged whole: a multi-byte character spans several.
const ESCAPE_RUNS = /(?:%[0-9a-f]{2})+|%/gi;

/** The path with every escape that does not decode to UTF-8 turned into literal text (`%ff` → `%25ff`); the query is kept as sent. */
export function escapeMalformedEscapes(url: string): string {
  if (!url.includes("%")) return url;
  const queryAt = url.indexOf("?");
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const repaired = path.replace(ESCAPE_RUNS, (run) => {
    try {
      decodeURIComponent(run);
      return run;
    } catch {
      return run.replaceAll("%", "%25");
    }
  });
  return queryAt === -1 ? repaired : repaired + url.slice(queryAt);
}

/**
 * remix-serve's Express decodes the path for its catch-all route and answers a malformed escape with its own HTML 400
 * before Remix runs (decision 0016); repaired here first, such a path reaches the app and is an ordinary 404.
 */
export function repairMalformedPaths(): void {
  remember("malformed-paths-repaired", () => {
    subscribe("http.server.request.start", (message) => {
      const request = (message as { request: IncomingMessage }).request;
      if (request.url) request.url = escapeMalformedEscapes(request.url);
    });
    return true;
  });
}
