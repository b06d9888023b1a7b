import type { LoaderFunctionArgs } from "@remix-run/node";
import { messages } from "~/domain/messages";
import { drainBody } from "../bounded-body.server";
import { withCors } from "./cors.server";
import type { ApiOperation } from "../openapi.server";
import { ApiError, errorResponse } from "./responses.server";

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
