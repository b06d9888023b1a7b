import { getContentPart, saveContentPart } from "~/domain/site-content.server";
import { requireApiAdmin } from "~/server/api/api-auth.server";
import { readInput } from "~/server/api/body.server";
import { contentPartOf, readContentPut, savedAnswer, stateAnswer } from "~/server/api/content.server";
import { apiJson } from "~/server/api/responses.server";
import { apiRoute, type ApiContract } from "~/server/api/route.server";
import { requestOrigin } from "~/server/client-address.server";
import { ports } from "~/server/ports.server";
import { z } from "~/domain/zod-openapi";
import {
  READ,
  WRITE,
  anyContentPart,
  bodyFor,
  contentSaved,
  contentTags,
  fail,
  json,
  noPart,
  partParams,
  ref,
} from "~/server/openapi.server";

const contentUpdate = () =>
  z
    .object({
      content: anyContentPart().openapi({
        description: `The whole part, in the schema of the part in the path (ContentBrand, ContentHome, …; ContentLegal for ${["privacy", "terms", "disclaimer"].join(", ")}). Checked once by that schema; fields it does not know are dropped.`,
      }),
      publish: z
        .boolean()
        .optional()
        .openapi({ description: "true publishes at once (and drops any draft); left out or false saves a draft." }),
    })
    .openapi("ContentUpdate", { description: "A part's new content, saved as a draft unless `publish` is true." });

const contract: ApiContract<"GET" | "PUT"> = {
  GET: () => ({
    operationId: "getContentPart",
    tags: contentTags,
    summary: "Get a part's published state and draft",
    security: READ,
    request: { params: partParams },
    responses: { 200: { description: "The part.", content: json(ref("ContentState")) }, ...fail(401), 404: noPart, ...fail(503) },
  }),
  PUT: () => ({
    operationId: "putContentPart",
    tags: contentTags,
    summary: "Save a part as a draft, or publish it",
    description:
      "The whole part under `content`, checked by the part's schema (every problem in one 422, keyed by path such as `content.figures.0.value`). A draft unless `publish` is true; every save is a new version. Images must be uploads that exist (POST /api/content/images) or the site's own images.",
    security: WRITE,
    request: { params: partParams, body: bodyFor(contentUpdate(), "The part's content, as JSON.", ["application/json"]) },
    responses: { 200: contentSaved, ...fail(400, 401), 404: noPart, ...fail(413, 415, 419, 422, 503) },
  }),
};

const route = apiRoute(
  {
    GET: async ({ request, params }) => {
      await requireApiAdmin(request, "content:read");
      return apiJson(stateAnswer(await getContentPart(contentPartOf(params)), request));
    },
    PUT: async ({ request, params }) => {
      const { admin } = await requireApiAdmin(request, "content:write");
      const part = contentPartOf(params);
      const { content, publish } = await readContentPut(part, await readInput(request), request);
      const saved = await saveContentPart(part, content, { publish, origin: requestOrigin(request, admin, "api"), images: ports.images });
      return apiJson(savedAnswer(saved, request));
    },
  },
  contract,
);

export const loader = route.loader;
export const action = route.action;
