import { apiRoute, type ApiContract } from "~/server/api/route.server";
import { XSRF_COOKIE, xsrfCookieHeader } from "~/server/api/xsrf.server";
import { SESSION_LIFETIME_MS } from "~/domain/constants";
import { fail } from "~/server/openapi.server";
import { z } from "zod";

const contract: ApiContract<"GET"> = {
  GET: () => ({
    operationId: "csrfCookie",
    tags: ["Authentication"],
    summary: "Get an XSRF token cookie",
    description: `Sets a fresh ${XSRF_COOKIE} cookie (readable by scripts, SameSite=Lax). Cookie-session clients echo it in the X-XSRF-TOKEN header on every POST, PUT, PATCH and DELETE.`,
    security: [],
    responses: {
      204: {
        description: "The cookie is set; no body.",
        headers: z.object({
          "Set-Cookie": z
            .string()
            .openapi({ description: `${XSRF_COOKIE}=<token>; Path=/; Max-Age=${SESSION_LIFETIME_MS / 1000}; SameSite=Lax` }),
        }),
      },
      ...fail(),
    },
  }),
};

const route = apiRoute(
  {
    GET: async () => new Response(null, { status: 204, headers: { "Set-Cookie": xsrfCookieHeader(), "Cache-Control": "no-store" } }),
  },
  contract,
);

export const loader = route.loader;
export const action = route.action;
