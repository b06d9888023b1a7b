import { messages } from "~/domain/messages";
import { contentSubject, getVersion } from "~/domain/versions.server";
import { requireApiAdmin } from "~/server/api/api-auth.server";
import { contentPartOf, versionNumberOf, versionWithData } from "~/server/api/content.server";
import { ApiError, apiJson } from "~/server/api/responses.server";
import { apiRoute, type ApiContract } from "~/server/api/route.server";
import { z } from "~/domain/zod-openapi";
import {
  READ,
  anyContentPart,
  contentTags,
  contentVersionFields,
  contentVersionParams,
  fail,
  json,
  noVersion,
} from "~/server/openapi.server";

const contract: ApiContract<"GET"> = {
  GET: () => ({
    operationId: "getContentVersion",
    tags: contentTags,
    summary: "Get one version of a part",
    security: READ,
    request: { params: contentVersionParams },
    responses: {
      200: {
        description: "The version and its data.",
        content: json(
          z
            .object({ ...contentVersionFields, data: anyContentPart() })
            .strict()
            .openapi("ContentVersionWithData", { description: "A version and the part as it was saved (image addresses absolute)." }),
        ),
      },
      ...fail(401),
      404: noVersion,
      ...fail(503),
    },
  }),
};

const route = apiRoute(
  {
    GET: async ({ request, params }) => {
      await requireApiAdmin(request, "content:read");
      const version = await getVersion(contentSubject(contentPartOf(params)), versionNumberOf(params));
      if (!version) throw new ApiError(404, messages.versionNotFound);
      return apiJson(versionWithData(version, request));
    },
  },
  contract,
);

export const loader = route.loader;
export const action = route.action;
