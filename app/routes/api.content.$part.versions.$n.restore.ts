import { messages } from "~/domain/messages";
import { restoreContentVersion } from "~/domain/site-content.server";
import { requireApiAdmin } from "~/server/api/auth.server";
import { readInput } from "~/server/api/body.server";
import { contentPartOf, readRestore, savedAnswer, versionNumberOf } from "~/server/api/content.server";
import { ApiError, apiJson } from "~/server/api/responses.server";
import { apiRoute } from "~/server/api/route.server";
import { requestOrigin } from "~/server/client-address.server";
import { ports } from "~/server/ports.server";

const route = apiRoute({
  POST: async ({ request, params }) => {
    const { admin } = await requireApiAdmin(request);
    const part = contentPartOf(params);
    const n = versionNumberOf(params);
    const { publish } = readRestore(await readInput(request));
    const result = await restoreContentVersion(part, n, { publish, origin: requestOrigin(request, admin, "api"), images: ports.images });
    if (result.ok) return apiJson(savedAnswer(result.value, request));
    if (result.reason === "version-not-found") throw new ApiError(404, messages.versionNotFound);
    throw new ApiError(409, messages.versionOutdated);
  },
});

export const loader = route.loader;
export const action = route.action;
