import type { LoaderFunctionArgs } from "@remix-run/node";
import { messages } from "~/domain/messages";
import { withCors } from "./cors.server";
import { ApiError, errorResponse } from "./responses.server";

/** An /api resource route's loader and action: method dispatch, 405, preflights, JSON for anything thrown. */

type Params = LoaderFunctionArgs["params"];
type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export type ApiContext = { request: Request; params: Params; url: URL };
export type ApiHandler = (context: ApiContext) => Promise<Response>;

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
