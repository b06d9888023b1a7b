import { requireApiAdmin } from "~/server/api/api-auth.server";
import { apiJson } from "~/server/api/responses.server";
import { apiRoute, type ApiContract } from "~/server/api/route.server";
import { z } from "~/domain/zod-openapi";
import { DEFAULT_ROLE } from "~/domain/permissions";
import { READ, adminSchema, fail, json } from "~/server/openapi.server";

const userAnswer = () =>
  z.object({ user: adminSchema }).strict().openapi("UserAnswer", { description: "The admin the token or session belongs to." });

const contract: ApiContract<"GET"> = {
  GET: () => ({
    operationId: "validateToken",
    tags: ["Authentication"],
    summary: "Check a token or session",
    description: "200 with the admin while the bearer token (or cookie session) is valid; 401 otherwise.",
    security: READ,
    responses: { 200: { description: "Valid.", content: json(userAnswer()) }, ...fail(401, 503) },
  }),
};

const route = apiRoute(
  {
    GET: async ({ request }) => {
      const { admin, actor } = await requireApiAdmin(request);
      return apiJson({ user: { ...admin, role: actor.kind === "admin" ? actor.role : DEFAULT_ROLE } });
    },
  },
  contract,
);

export const loader = route.loader;
export const action = route.action;
