import { ANY_CALLER, requireApiAdmin } from "~/server/api/api-auth.server";
import { apiJson } from "~/server/api/responses.server";
import { apiRoute, type ApiContract } from "~/server/api/route.server";
import { z } from "~/domain/zod-openapi";
import { DEFAULT_ROLE, SCOPES } from "~/domain/permissions";
import { objectIdText } from "~/domain/shapes";
import { READ, adminSchema, fail, json } from "~/server/openapi.server";

const userAnswer = () =>
  z.object({ user: adminSchema }).strict().openapi("UserAnswer", { description: "The admin the token or session belongs to." });

const keyAnswer = () =>
  z
    .object({
      key: z
        .object({ id: objectIdText, name: z.string(), scopes: z.array(z.enum(SCOPES)) })
        .strict()
        .openapi({ description: "The API key's id, name and scopes." }),
    })
    .strict()
    .openapi("KeyAnswer", { description: "The API key sent, which is no admin." });

const contract: ApiContract<"GET"> = {
  GET: () => ({
    operationId: "validateToken",
    tags: ["Authentication"],
    summary: "Check a token or session",
    description:
      "200 with the admin while the bearer token (or cookie session) is valid, or with the key for a live API key; 401 otherwise (an expired or revoked key too).",
    security: READ,
    responses: { 200: { description: "Valid.", content: json(z.union([userAnswer(), keyAnswer()])) }, ...fail(401, 503) },
  }),
};

const route = apiRoute(
  {
    GET: async ({ request }) => {
      const { admin, actor, key } = await requireApiAdmin(request, ANY_CALLER);
      return apiJson(key ? { key } : { user: { ...admin, role: actor.kind === "admin" ? actor.role : DEFAULT_ROLE } });
    },
  },
  contract,
);

export const loader = route.loader;
export const action = route.action;
