import { withdrawInvitation } from "~/domain/invitations.server";
import { messages } from "~/domain/messages";
import { requireApiAdmin } from "~/server/api/auth.server";
import { ApiError, apiJson } from "~/server/api/responses.server";
import { apiRoute } from "~/server/api/route.server";
import { requestOrigin } from "~/server/client-address.server";

const route = apiRoute({
  DELETE: async ({ request, params }) => {
    const { admin } = await requireApiAdmin(request);
    const withdrawn = await withdrawInvitation(params.id ?? "", requestOrigin(request, admin, "api"));
    if (!withdrawn.ok) throw new ApiError(404, messages.invitationNotFound);
    return apiJson({ message: messages.invitationWithdrawn(withdrawn.value.email) });
  },
});

export const loader = route.loader;
export const action = route.action;
