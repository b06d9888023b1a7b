import { discardContentDraft } from "~/domain/site-content.server";
import { requireApiAdmin } from "~/server/api/api-auth.server";
import { contentPartOf, stateAnswer } from "~/server/api/content.server";
import { apiJson } from "~/server/api/responses.server";
import { apiRoute, type ApiContract } from "~/server/api/route.server";
import { requestOrigin } from "~/server/client-address.server";
import { ports } from "~/server/ports.server";
import { WRITE, contentTags, fail, json, noPart, partParams, ref } from "~/server/openapi.server";

// Discarding is idempotent: no draft answers the state as it is.
const contract: ApiContract<"DELETE"> = {
  DELETE: () => ({
    operationId: "discardContentDraft",
    tags: contentTags,
    summary: "Discard a part's draft",
    description: "Drops the draft (its versions stay). Without a draft nothing changes.",
    security: WRITE,
    request: { params: partParams },
    responses: {
      200: { description: "The part's state, without a draft.", content: json(ref("ContentState")) },
      ...fail(401),
      404: noPart,
      ...fail(419, 503),
    },
  }),
};

const route = apiRoute(
  {
    DELETE: async ({ request, params }) => {
      const { admin } = await requireApiAdmin(request, "content:write");
      const state = await discardContentDraft(contentPartOf(params), {
        origin: requestOrigin(request, admin, "api"),
        images: ports.images,
      });
      return apiJson(stateAnswer(state, request));
    },
  },
  contract,
);

export const loader = route.loader;
export const action = route.action;
