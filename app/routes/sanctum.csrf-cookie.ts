import { apiRoute } from "~/server/api/route.server";
import { xsrfCookieHeader } from "~/server/api/xsrf.server";

const route = apiRoute({
  GET: async () => new Response(null, { status: 204, headers: { "Set-Cookie": xsrfCookieHeader(), "Cache-Control": "no-store" } }),
});

export const loader = route.loader;
export const action = route.action;
