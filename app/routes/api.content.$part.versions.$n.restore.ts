import { messages } from "~/domain/messages";
import { restoreContentVersion } from "~/domain/site-content.server";
import { requireApiAdmin } from "~/server/api/api-auth.server";
import { readInput } from "~/server/api/body.server";
import { contentPartOf, readRestore, savedAnswer, versionNumberOf } from "~/server/api/content.server";
import { ApiError, apiJson } from "~/server/api/responses.server";
import { apiRoute, type ApiContract } from "~/server/api/route.server";
import { requestOrigin } from "~/server/client-address.server";
import { ports } from "~/server/ports.server";
import { z } from "~/domain/zod-openapi";
import { WRITE, bodyFor, contentSaved, contentTags, contentVersionParams, fail, json, message, noVersion } from "~/server/openapi.server";

const contract: ApiContract<"POST"> = {
  POST: () => ({
    operationId: "restoreContentVersion",
    tags: contentTags,
    summary: "Restore a version of a part",
    description: "Brings the version back as a new version (nothing is lost): as the draft, or published with `publish: true`.",
    security: WRITE,
    request: {
      params: contentVersionParams,
      body: {
        ...bodyFor(
          z
            .object({
              publish: z
                .boolean()
                .optional()
                .openapi({ description: "true publishes the restored version at once; else it becomes the draft." }),
            })
            .openapi("ContentRestore", { description: "How to restore a version (an empty body restores it as a draft)." }),
          "Optional: an empty body restores as a draft.",
          ["application/json"],
        ),
        required: false,
      },
    },
    responses: {
      200: contentSaved,
      ...fail(400, 401),
      404: noVersion,
      409: {
        description: `The version no longer fits the part's schema: '${messages.versionOutdated}'`,
        content: json(
          message(messages.versionOutdated).openapi("ContentVersionOutdated", {
            description: "The version no longer passes the part's schema.",
          }),
        ),
      },
      ...fail(413, 415, 419, 422, 503),
    },
  }),
};

const route = apiRoute(
  {
    POST: async ({ request, params }) => {
      const { admin } = await requireApiAdmin(request, "content:write");
      const part = contentPartOf(params);
      const n = versionNumberOf(params);
      const { publish } = readRestore(await readInput(request));
      const result = await restoreContentVersion(part, n, { publish, origin: requestOrigin(request, admin, "api"), images: ports.images });
      if (result.ok) return apiJson(savedAnswer(result.value, request));
      if (result.reason === "version-not-found") throw new ApiError(404, messages.versionNotFound);
      throw new ApiError(409, messages.versionOutdated);
    },
  },
  contract,
);

export const loader = route.loader;
export const action = route.action;
