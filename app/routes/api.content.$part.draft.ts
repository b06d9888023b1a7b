import { discardContentDraft } from "~/domain/site-content.server";
import { requireApiAdmin } from "~/server/api/auth.server";
import { contentPartOf, stateAnswer } from "~/server/api/content.server";
import { apiJson } from "~/server/api/responses.server";
import { apiRoute } from "~/server/api/route.server";
import { requestOrigin } from "~/server/client-address.server";
import { ports } from "~/server/ports.server";

// Discarding is idempotent: no draft answers the state as it is.
const route = apiRoute({
  DELETE: async ({ request, params }) => {
    const { admin } = await requireApiAdmin(request);
    const state = await discardContentDraft(contentPartOf(params), { origin: requestOrigin(request, admin, "api"), images: ports.images });
    return apiJson(stateAnswer(state, request));
  },
});

export const loader = route.loader;
export const action = route.action;
