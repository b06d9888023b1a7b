import { apiRoute } from "~/server/api/route.server";
import { xsrfCookieHeader } from "~/server/api/xsrf.server";

/**
 * GET /sanctum/csrf-cookie → 204 with a fresh XSRF-TOKEN cookie (readable by scripts, SameSite=Lax). A client
 * on the dashboard's cookie session echoes it in X-XSRF-TOKEN on every state-changing /api call.
 */
const route = apiRoute({
  GET: async () => new Response(null, { status: 204, headers: { "Set-Cookie": xsrfCookieHeader(), "Cache-Control": "no-store" } }),
});

export const loader = route.loader;
export const action = route.action;
