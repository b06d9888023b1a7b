import { requireApiAdmin } from "~/server/api/auth.server";
import { contentPartOf, stateAnswer } from "~/server/api/content.server";
import { apiJson } from "~/server/api/responses.server";
import { apiRoute } from "~/server/api/route.server";
import { discardRecorded } from "~/server/audit-content.server";

// Discarding is idempotent: no draft answers the state as it is.
const route = apiRoute({
  DELETE: async ({ request, params }) => {
    const { admin } = await requireApiAdmin(request);
    return apiJson(stateAnswer(await discardRecorded(request, admin, contentPartOf(params)), request));
  },
});

export const loader = route.loader;
export const action = route.action;
