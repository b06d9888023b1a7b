import { messages } from "~/domain/messages";
import { publishContentDraft } from "~/domain/site-content.server";
import { requireApiAdmin } from "~/server/api/api-auth.server";
import { contentPartOf, savedAnswer } from "~/server/api/content.server";
import { ApiError, apiJson } from "~/server/api/responses.server";
import { apiRoute, type ApiContract } from "~/server/api/route.server";
import { requestOrigin } from "~/server/client-address.server";
import { ports } from "~/server/ports.server";
import { WRITE, contentSaved, contentTags, fail, json, message, noPart, partParams } from "~/server/openapi.server";

const contract: ApiContract<"POST"> = {
  POST: () => ({
    operationId: "publishContentDraft",
    tags: contentTags,
    summary: "Publish a part's draft",
    description: "Publishes the saved draft as it is (a new version).",
    security: WRITE,
    request: { params: partParams },
    responses: {
      200: contentSaved,
      ...fail(401),
      404: noPart,
      409: {
        description: `No draft to publish: '${messages.contentNoDraft}'`,
        content: json(message(messages.contentNoDraft).openapi("ContentNoDraft", { description: "There is no draft to publish." })),
      },
      ...fail(419, 503),
    },
  }),
};

const route = apiRoute(
  {
    POST: async ({ request, params }) => {
      const { admin } = await requireApiAdmin(request, "content:write");
      const part = contentPartOf(params);
      const result = await publishContentDraft(part, { origin: requestOrigin(request, admin, "api"), images: ports.images });
      if (!result.ok) throw new ApiError(409, messages.contentNoDraft);
      return apiJson(savedAnswer(result.value, request));
    },
  },
  contract,
);

export const loader = route.loader;
export const action = route.action;
