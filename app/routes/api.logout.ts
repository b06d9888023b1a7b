import { getAdminById } from "~/domain/admins.server";
import { findTokenAdmin, revokeToken, recordSignOut } from "~/domain/access.server";
import { messages } from "~/domain/messages";
import { bearerToken } from "~/server/api/api-auth.server";
import { apiJson } from "~/server/api/responses.server";
import { apiRoute, type ApiContract } from "~/server/api/route.server";
import { requireXsrf } from "~/server/api/xsrf.server";
import { getAdmin, destroySession } from "~/server/auth.server";
import { requestOrigin } from "~/server/client-address.server";
import { requireDb } from "~/server/db.server";
import { WRITE, fail, json, message } from "~/server/openapi.server";

// 200 even when the token was already invalid or missing (docs/api.md#routes).
const contract: ApiContract<"POST"> = {
  POST: () => ({
    operationId: "logout",
    tags: ["Authentication"],
    summary: "Sign out",
    description:
      "With a bearer token: revokes it (200 even when it was already invalid). Without one: ends the cookie session (after the XSRF check). 200 also when there is nothing to end.",
    security: [...WRITE, {}],
    responses: {
      200: {
        description: `Signed out: '${messages.logoutSuccess}'. A cookie session's cookie is cleared with Set-Cookie.`,
        content: json(
          message(messages.logoutSuccess).openapi("LoggedOut", { description: "Signed out (also when there was nothing to end)." }),
        ),
      },
      ...fail(419, 503),
    },
  }),
};

const route = apiRoute(
  {
    POST: async ({ request }) => {
      const token = bearerToken(request);
      if (token !== null) {
        if (token) {
          await requireDb();
          const found = await findTokenAdmin(token);
          const admin = found && (await revokeToken(token)) ? await getAdminById(found.adminId) : null;
          if (admin) await recordSignOut(requestOrigin(request, admin, "api"));
        }
        return apiJson({ message: messages.logoutSuccess });
      }
      const { admin } = await getAdmin(request);
      if (admin) {
        requireXsrf(request);
        const cookie = await destroySession(request);
        await recordSignOut(requestOrigin(request, admin, "api"));
        return apiJson({ message: messages.logoutSuccess }, { headers: { "Set-Cookie": cookie } });
      }
      return apiJson({ message: messages.logoutSuccess });
    },
  },
  contract,
);

export const loader = route.loader;
export const action = route.action;
