import { messages } from "~/domain/messages";
import { contentSubject, getVersion } from "~/domain/versions.server";
import { requireApiAdmin } from "~/server/api/auth.server";
import { contentPartOf, versionNumberOf, versionWithData } from "~/server/api/content.server";
import { ApiError, apiJson } from "~/server/api/responses.server";
import { apiRoute } from "~/server/api/route.server";

const route = apiRoute({
  GET: async ({ request, params }) => {
    await requireApiAdmin(request);
    const version = await getVersion(contentSubject(contentPartOf(params)), versionNumberOf(params));
    if (!version) throw new ApiError(404, messages.versionNotFound);
    return apiJson(versionWithData(version, request));
  },
});

export const loader = route.loader;
export const action = route.action;
