import type { LoaderFunctionArgs } from "@remix-run/node";
import { messages } from "~/domain/messages";
import { drainBody } from "../bounded-body.server";
import { withCors } from "./cors.server";
import { ApiError, errorResponse } from "./responses.server";

type Params = LoaderFunctionArgs["params"];
type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

type ApiContext = { request: Request; params: Params; url: URL };
export type ApiHandler = (context: ApiContext) => Promise<Response>;

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
