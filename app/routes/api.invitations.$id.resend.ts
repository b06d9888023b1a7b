import { resendInvitation } from "~/domain/invitations.server";
import { messages } from "~/domain/messages";
import { apiForbidden, requireApiAdmin } from "~/server/api/api-auth.server";
import { ApiError, apiJson } from "~/server/api/responses.server";
import { apiRoute, type ApiContract } from "~/server/api/route.server";
import { requestOrigin } from "~/server/client-address.server";
import { getEnv } from "~/server/env.server";
import { ports } from "~/server/ports.server";
import { WRITE, fail, idParams, json, notPending, ref } from "~/server/openapi.server";
import { validityOf } from "~/domain/account-links";

// A new link for a pending or expired invitation; the old link stops working.
const contract: ApiContract<"POST"> = {
  POST: () => ({
    operationId: "resendInvitation",
    tags: ["Invitations"],
    summary: "Re-send an invitation",
    description: `A new link, valid ${validityOf("invitation")}, for a pending or expired invitation: the earlier link stops working.`,
    security: WRITE,
    request: { params: idParams("invitation") },
    responses: {
      200: { description: "Sent again.", content: json(ref("InvitationSent")) },
      ...fail(401),
      404: notPending,
      409: { description: `An admin has this email by now: '${messages.emailTaken}'`, content: json(ref("Error")) },
      ...fail(419, 503),
    },
  }),
};

const route = apiRoute(
  {
    POST: async ({ request, params }) => {
      const auth = await requireApiAdmin(request, "admins:write");
      // An invitation rests on its sender's password (decision 0026): a key has none to vouch with.
      if (auth.key) throw new ApiError(403, messages.apiKeyCannotInvite);
      const delivery = { mail: ports.mail, siteUrl: getEnv().SITE_URL };
      const sent = await resendInvitation(params.id ?? "", requestOrigin(request, auth.admin, "api"), delivery, { by: auth.actor });
      if (!sent.ok) {
        if (sent.reason === "forbidden") throw await apiForbidden(auth, "owners:write");
        if (sent.reason === "email-taken") throw new ApiError(409, messages.emailTaken);
        throw new ApiError(404, messages.invitationNotFound);
      }
      const { invitation, emailed, link } = sent.value;
      return apiJson({ invitation, emailed, link: emailed ? null : link });
    },
  },
  contract,
);

export const loader = route.loader;
export const action = route.action;
