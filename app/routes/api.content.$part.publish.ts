import { messages } from "~/domain/messages";
import { publishContentDraft } from "~/domain/site-content.server";
import { requireApiAdmin } from "~/server/api/auth.server";
import { authorOf, contentPartOf, savedAnswer } from "~/server/api/content.server";
import { ApiError, apiJson } from "~/server/api/responses.server";
import { apiRoute } from "~/server/api/route.server";
import { ports } from "~/server/ports.server";
import { auditContentSave } from "~/server/audit-content.server";

const route = apiRoute({
  POST: async ({ request, params }) => {
    const { admin } = await requireApiAdmin(request);
    const part = contentPartOf(params);
    const result = await publishContentDraft(part, { author: authorOf(admin), images: ports.images });
    if (!result.ok) throw new ApiError(409, messages.contentNoDraft);
    await auditContentSave(request, admin, part, result.value);
    return apiJson(savedAnswer(result.value, request));
  },
});

export const loader = route.loader;
export const action = route.action;
