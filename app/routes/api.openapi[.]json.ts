import { apiJson } from "~/server/api/responses.server";
import { apiRoute } from "~/server/api/route.server";
import { getOpenApiDocument } from "~/server/openapi.server";

/**
 * GET /api/openapi.json (no auth): the API's OpenAPI 3.1 document, generated from the zod schemas the API
 * itself uses (~/server/openapi.server) and built once per process. People read it at /api/docs.
 */
const route = apiRoute({
  GET: async () => apiJson(getOpenApiDocument()),
});

export const loader = route.loader;
export const action = route.action;
