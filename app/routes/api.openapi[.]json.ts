import { apiJson } from "~/server/api/responses.server";
import { apiRoute } from "~/server/api/route.server";
import { getOpenApiDocument } from "./__openapi.server";

const route = apiRoute({
  GET: async () => apiJson(getOpenApiDocument()),
});

export const loader = route.loader;
export const action = route.action;
