import type { LoaderFunctionArgs } from "@remix-run/node";
import { messages } from "~/domain/messages";
import { getEnv } from "../env.server";
import type { ApiOperation } from "../openapi.server";
import { setSecurityHeaders } from "../security-headers.server";
import { ApiError, errorResponse } from "./responses.server";

// The JSON API's route wrapper: methods dispatched, failures answered as JSON, CORS, and whatever no handler read of a
// body drained.

type Params = LoaderFunctionArgs["params"];
type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

type ApiContext = { request: Request; params: Params; url: URL };
export type ApiHandler = (context: ApiContext) => Promise<Response>;

/** What each method of a route answers, for /api/openapi.json: built when the document is. */
export type ApiContract<M extends Method = Method> = Record<M, () => ApiOperation>;
type Documented = { contract?: ApiContract };

/** A route's loader and action; the loader carries the contract, so the document is gathered from the routes themselves. */
export function apiRoute<M extends Method>(handlers: Record<M, ApiHandler>, contract?: ApiContract<M>) {
  const methods = Object.keys(handlers) as Method[];
  const allow = [...methods, ...(methods.includes("GET") ? ["HEAD"] : []), "OPTIONS"];
  const handle = ({ request, params }: { request: Request; params: Params }) =>
    withApi(request, allow, async () => {
      const method = request.method.toUpperCase();
      if (method === "OPTIONS") return new Response(null, { status: 204, headers: { Allow: allow.join(", ") } });
      const handler = (handlers as Partial<Record<Method, ApiHandler>>)[method === "HEAD" ? "GET" : (method as Method)];
      if (!handler) throw new ApiError(405, messages.apiMethodNotAllowed(method, allow), undefined, { Allow: allow.join(", ") });
      return handler({ request, params, url: new URL(request.url) });
    });
  const loader: typeof handle & Documented = Object.assign((args: { request: Request; params: Params }) => handle(args), {
    contract: contract as ApiContract | undefined,
  });
  return { loader, action: handle };
}

// Enough for any body the API accepts at the default MAX_UPLOAD_MB (decision 0017).
const DRAIN = { maxBytes: 8 * 1024 * 1024, maxMs: 5_000 };

// Every /api answer leaves through here.
async function withApi(request: Request, allow: string[], work: () => Promise<Response>): Promise<Response> {
  let response: Response;
  try {
    response = await work();
  } catch (error) {
    response = await errorResponse(error);
  }
  const answer = withCors(request, response, allow);
  // A body left unread would stall the kept-alive connection until Node resets it.
  if (!(await drainBody(request, DRAIN))) answer.headers.set("Connection", "close");
  return answer;
}

/**
 * Reads and discards what nobody read of a body, so that the connection can carry the client's next request.
 * False when that would take more than `maxBytes` or `maxMs`: the answer should then say `Connection: close`.
 * A body already taken by a reader counts as read (the parsers read to the end or fail).
 */
async function drainBody(request: Request, { maxBytes, maxMs }: { maxBytes: number; maxMs: number }): Promise<boolean> {
  const body = request.body;
  if (!body || body.locked) return true;
  const declared = Number(request.headers.get("Content-Length"));
  if (Number.isFinite(declared) && declared > maxBytes) return false;
  const reader = body.getReader();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), maxMs)));
  let size = 0;
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), timedOut]);
      if (next === null) return false;
      if (next.done) return true;
      size += next.value.byteLength;
      if (size > maxBytes) return false;
    }
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

// CORS (docs/api.md#cors): origins listed in CORS_ORIGINS may call with cookies.

function allowedOrigin(request: Request): string | null {
  const origin = request.headers.get("Origin");
  return origin && getEnv().CORS_ORIGINS.includes(origin) ? origin : null;
}

const CORS_ALLOWED_HEADERS = ["Accept", "Authorization", "Content-Type", "X-Requested-With", "X-XSRF-TOKEN", "X-CSRF-TOKEN"];

// A script on another origin reads only the safelisted headers (Cache-Control, Content-Type...) unless told: these are
// the others the API answers with that a client acts on (revalidating, paging, waiting, the methods of a 405).
const CORS_EXPOSED_HEADERS = ["ETag", "X-Total-Count", "Retry-After", "Allow"];

function withCors(request: Request, response: Response, allow: string[]): Response {
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
