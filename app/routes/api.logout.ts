import { revokeToken } from "~/domain/api-tokens.server";
import { messages } from "~/domain/messages";
import { bearerToken } from "~/server/api/auth.server";
import { apiJson } from "~/server/api/responses.server";
import { apiRoute } from "~/server/api/route.server";
import { requireXsrf } from "~/server/api/xsrf.server";
import { getAdmin } from "~/server/auth.server";
import { requireDb } from "~/server/db.server";
import { destroySession } from "~/server/session.server";

// 200 even when the token was already invalid or missing (docs/api.md#routes).
const route = apiRoute({
  POST: async ({ request }) => {
    const token = bearerToken(request);
    if (token !== null) {
      if (token) {
        await requireDb();
        await revokeToken(token);
      }
      return apiJson({ message: messages.logoutSuccess });
    }
    const { admin } = await getAdmin(request);
    if (admin) {
      requireXsrf(request);
      return apiJson({ message: messages.logoutSuccess }, { headers: { "Set-Cookie": await destroySession(request) } });
    }
    return apiJson({ message: messages.logoutSuccess });
  },
});

export const loader = route.loader;
export const action = route.action;
