import { messages } from "~/domain/messages";
import { publishContentDraft } from "~/domain/site-content.server";
import { requireApiAdmin } from "~/server/api/auth.server";
import { contentPartOf, savedAnswer } from "~/server/api/content.server";
import { ApiError, apiJson } from "~/server/api/responses.server";
import { apiRoute } from "~/server/api/route.server";
import { requestOrigin } from "~/server/client-address.server";
import { ports } from "~/server/ports.server";

const route = apiRoute({
  POST: async ({ request, params }) => {
    const { admin } = await requireApiAdmin(request);
    const part = contentPartOf(params);
    const result = await publishContentDraft(part, { origin: requestOrigin(request, admin, "api"), images: ports.images });
    if (!result.ok) throw new ApiError(409, messages.contentNoDraft);
    return apiJson(savedAnswer(result.value, request));
  },
});

export const loader = route.loader;
export const action = route.action;
