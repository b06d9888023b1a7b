import { inviteAdmin, listInvitations } from "~/domain/invitations.server";
import { messages } from "~/domain/messages";
import { invitationInput } from "~/domain/schemas";
import { invitationTarget } from "~/server/account-audit.server";
import { requireApiAdmin } from "~/server/api/auth.server";
import { readInput, validInput } from "~/server/api/body.server";
import { apiFailure, apiJson } from "~/server/api/responses.server";
import { apiRoute } from "~/server/api/route.server";
import { audit } from "~/server/audit.server";
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
    const sent = await inviteAdmin(input, admin, { mail: ports.mail, siteUrl: getEnv().SITE_URL });
    if (!sent.ok) {
      const message = sent.reason === "email-taken" ? messages.emailTaken : messages.emailInvited;
      return apiFailure(422, message, { email: [message] });
    }
    const { invitation, emailed, link } = sent.value;
    await audit(request, "invitation.sent", { actor: admin, target: invitationTarget(invitation), details: { emailed } });
    return apiJson({ invitation, emailed, link: emailed ? null : link }, { status: 201 });
  },
});

export const loader = route.loader;
export const action = route.action;
