import { requireApiAdmin } from "~/server/api/auth.server";
import { apiJson } from "~/server/api/responses.server";
import { apiRoute } from "~/server/api/route.server";

const route = apiRoute({
  GET: async ({ request }) => {
    const { admin } = await requireApiAdmin(request);
    return apiJson({ user: admin });
  },
});

export const loader = route.loader;
export const action = route.action;
