import { acceptInvitation, invitationByToken } from "~/domain/invitations.server";
import { messages } from "~/domain/messages";
import { newPasswordInput } from "~/domain/schemas";
import { validInput } from "~/server/api/body.server";
import { linkRefused, readAnonymousInput } from "~/server/api/links.server";
import { ApiError, apiJson } from "~/server/api/responses.server";
import { apiRoute } from "~/server/api/route.server";
import { requestOrigin } from "~/server/client-address.server";
import { requireDb } from "~/server/db.server";
import { ports } from "~/server/ports.server";

// docs/api.md#invitations: the invitee's door, with the mail's token as the only credential; no XSRF check.
const route = apiRoute({
  GET: async ({ params }) => {
    await requireDb();
    const invitation = await invitationByToken(params.token ?? "");
    return invitation.state === "pending"
      ? apiJson({ state: invitation.state, ...invitation.invitee })
      : linkRefused("invitation", invitation.state);
  },
  POST: async ({ request, params }) => {
    await requireDb();
    const { password } = validInput(newPasswordInput, await readAnonymousInput(request));
    const accepted = await acceptInvitation(params.token ?? "", password, ports.passwords, requestOrigin(request, null, "api"));
    if (!accepted.ok) {
      if (accepted.reason === "email-taken") throw new ApiError(409, messages.emailTaken);
      return linkRefused("invitation", accepted.reason);
    }
    return apiJson(accepted.value, { status: 201 });
  },
});

export const loader = route.loader;
export const action = route.action;
