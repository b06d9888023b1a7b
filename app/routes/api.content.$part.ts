import { getContentPart, saveContentPart } from "~/domain/site-content.server";
import { requireApiAdmin } from "~/server/api/auth.server";
import { readInput } from "~/server/api/body.server";
import { contentPartOf, readContentPut, savedAnswer, stateAnswer } from "~/server/api/content.server";
import { apiJson } from "~/server/api/responses.server";
import { apiRoute } from "~/server/api/route.server";
import { requestOrigin } from "~/server/client-address.server";
import { ports } from "~/server/ports.server";

const route = apiRoute({
  GET: async ({ request, params }) => {
    await requireApiAdmin(request);
    return apiJson(stateAnswer(await getContentPart(contentPartOf(params)), request));
  },
  PUT: async ({ request, params }) => {
    const { admin } = await requireApiAdmin(request);
    const part = contentPartOf(params);
    const { content, publish } = await readContentPut(part, await readInput(request), request);
    const saved = await saveContentPart(part, content, { publish, origin: requestOrigin(request, admin, "api"), images: ports.images });
    return apiJson(savedAnswer(saved, request));
  },
});

export const loader = route.loader;
export const action = route.action;
