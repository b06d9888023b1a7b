import { resendInvitation } from "~/domain/invitations.server";
import { messages } from "~/domain/messages";
import { requireApiAdmin } from "~/server/api/auth.server";
import { ApiError, apiJson } from "~/server/api/responses.server";
import { apiRoute } from "~/server/api/route.server";
import { requestOrigin } from "~/server/client-address.server";
import { getEnv } from "~/server/env.server";
import { ports } from "~/server/ports.server";

// A new link for a pending or expired invitation; the old link stops working.
const route = apiRoute({
  POST: async ({ request, params }) => {
    const { admin } = await requireApiAdmin(request);
    const sent = await resendInvitation(params.id ?? "", requestOrigin(request, admin, "api"), {
      mail: ports.mail,
      siteUrl: getEnv().SITE_URL,
    });
    if (!sent.ok) {
      if (sent.reason === "email-taken") throw new ApiError(409, messages.emailTaken);
      throw new ApiError(404, messages.invitationNotFound);
    }
    const { invitation, emailed, link } = sent.value;
    return apiJson({ invitation, emailed, link: emailed ? null : link });
  },
});

export const loader = route.loader;
export const action = route.action;
