import { discardContentDraft } from "~/domain/site-content.server";
import { requireApiAdmin } from "~/server/api/auth.server";
import { contentPartOf, stateAnswer } from "~/server/api/content.server";
import { apiJson } from "~/server/api/responses.server";
import { apiRoute } from "~/server/api/route.server";
import { ports } from "~/server/ports.server";

// Discarding is idempotent: no draft answers the state as it is.
const route = apiRoute({
  DELETE: async ({ request, params }) => {
    await requireApiAdmin(request);
    return apiJson(stateAnswer(await discardContentDraft(contentPartOf(params), { images: ports.images }), request));
  },
});

export const loader = route.loader;
export const action = route.action;
