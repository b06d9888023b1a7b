import { getPublishedContent } from "~/domain/site-content.server";
import { withAbsoluteImages } from "~/server/api/content.server";
import { publicApiJson } from "~/server/api/responses.server";
import { apiRoute, type ApiContract } from "~/server/api/route.server";
import { requireDb } from "~/server/db.server";
import { CONTENT_PARTS } from "~/domain/content-schemas";
import { z } from "~/domain/zod-openapi";
import { SHARED_WHEN_CONFIGURED, contentPartSchema, contentTags, etag, fail, json, sharedEtag } from "~/server/openapi.server";

// docs/api.md#site-content: what visitors see, every part; cached like a public page, so a publish changes the ETag.
const contract: ApiContract<"GET"> = {
  GET: () => ({
    operationId: "getPublicContent",
    tags: contentTags,
    summary: "Get the site's content (public)",
    description:
      "Every part as visitors see it (never a draft), keyed by part; a part's fields keep their schema's names (camelCase). Image addresses are absolute.",
    security: [],
    request: {
      headers: z.object({
        "If-None-Match": z
          .string()
          .optional()
          .openapi({ description: "The ETag of a copy already held: answered 304 without a body until something is published." }),
      }),
    },
    responses: {
      200: {
        description: `The published content. ${SHARED_WHEN_CONFIGURED("it")} A publish changes the ETag.`,
        headers: sharedEtag,
        content: json(
          z
            .object(Object.fromEntries(CONTENT_PARTS.map((part) => [part, contentPartSchema(part)])))
            .strict()
            .openapi("SiteContent", { description: "Every part of the site's content as visitors see it (published), keyed by part." }),
        ),
      },
      304: { description: "Not modified: the copy whose ETag was sent in If-None-Match is current; no body.", headers: etag },
      ...fail(503),
    },
  }),
};

const route = apiRoute(
  {
    GET: async ({ request }) => {
      await requireDb();
      return publicApiJson(withAbsoluteImages(await getPublishedContent(), request), request);
    },
  },
  contract,
);

export const loader = route.loader;
export const action = route.action;
