import { inviteAdmin, listInvitations } from "~/domain/invitations.server";
import { messages } from "~/domain/messages";
import { invitationInput } from "~/domain/schemas";
import { requireApiAdmin } from "~/server/api/auth.server";
import { readInput, validInput } from "~/server/api/body.server";
import { apiFailure, apiJson } from "~/server/api/responses.server";
import { apiRoute } from "~/server/api/route.server";
import { requestOrigin } from "~/server/client-address.server";
import { getEnv } from "~/server/env.server";
import { ports } from "~/server/ports.server";

// docs/api.md#invitations. `link` is in the answer only when no mail went (mail off, or the queue failed).
const route = apiRoute({
  GET: async ({ request }) => {
    await requireApiAdmin(request);
    return apiJson(await listInvitations());
  },
  POST: async ({ request }) => {
    const { admin } = await requireApiAdmin(request);
    const input = validInput(invitationInput, await readInput(request));
    const sent = await inviteAdmin(input, requestOrigin(request, admin, "api"), { mail: ports.mail, siteUrl: getEnv().SITE_URL });
    if (!sent.ok) {
      const message = sent.reason === "email-taken" ? messages.emailTaken : messages.emailInvited;
      return apiFailure(422, message, { email: [message] });
    }
    const { invitation, emailed, link } = sent.value;
    return apiJson({ invitation, emailed, link: emailed ? null : link }, { status: 201 });
  },
});

export const loader = route.loader;
export const action = route.action;
