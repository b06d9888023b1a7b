import { inviteAdmin, listInvitations } from "~/domain/invitations.server";
import { messages } from "~/domain/messages";
import { invitationInput } from "~/domain/schemas";
import { apiForbidden, requireApiAdmin } from "~/server/api/api-auth.server";
import { readInput, validInput } from "~/server/api/body.server";
import { apiFailure, apiJson } from "~/server/api/responses.server";
import { apiRoute, type ApiContract } from "~/server/api/route.server";
import { requestOrigin } from "~/server/client-address.server";
import { getEnv } from "~/server/env.server";
import { ports } from "~/server/ports.server";
import { READ, WRITE, arrayOf, bodyFor, fail, json, ref } from "~/server/openapi.server";
import { validityOf } from "~/domain/account-links";

// docs/api.md#invitations. `link` is in the answer only when no mail went (mail off, or the queue failed).
const contract: ApiContract<"GET" | "POST"> = {
  GET: () => ({
    operationId: "listInvitations",
    tags: ["Invitations"],
    summary: "List pending invitations",
    description: "Those neither accepted nor withdrawn, oldest first; an expired one stays listed (`expired`) until re-sent or withdrawn.",
    security: READ,
    responses: { 200: { description: "The invitations.", content: json(arrayOf(ref("Invitation"))) }, ...fail(401, 503) },
  }),
  POST: () => ({
    operationId: "inviteAdmin",
    tags: ["Invitations"],
    summary: "Invite an admin",
    description: `Emails a one-time link, valid ${validityOf("invitation")}, with which the invitee chooses a password and so makes the account. Refused (422 on email) for an admin's email ('${messages.emailTaken}') or one already invited ('${messages.emailInvited}'). Without mail the link is answered instead. An optional \`role\` (default \`admin\`; 422 for an unknown one), which the accepted admin gets; inviting an Owner needs owners:write.`,
    security: WRITE,
    request: {
      body: bodyFor(
        invitationInput.openapi("InvitationInput", { description: "Whom to invite: the new admin chooses the password." }),
        "Whom to invite, as JSON or a form.",
      ),
    },
    responses: { 201: { description: "Invited.", content: json(ref("InvitationSent")) }, ...fail(400, 401, 413, 415, 419, 422, 503) },
  }),
};

const route = apiRoute(
  {
    GET: async ({ request }) => {
      await requireApiAdmin(request, "admins:read");
      return apiJson(await listInvitations());
    },
    POST: async ({ request }) => {
      const auth = await requireApiAdmin(request, "admins:write");
      // An invitation rests on its sender's password (decision 0026): a key has none to vouch with.
      if (auth.key) return apiFailure(403, messages.apiKeyCannotInvite);
      const input = validInput(invitationInput, await readInput(request));
      const delivery = { mail: ports.mail, siteUrl: getEnv().SITE_URL };
      const sent = await inviteAdmin(input, requestOrigin(request, auth.admin, "api"), delivery, { by: auth.actor });
      if (!sent.ok && sent.reason === "forbidden") throw await apiForbidden(auth, "owners:write");
      if (!sent.ok) {
        const message = sent.reason === "email-taken" ? messages.emailTaken : messages.emailInvited;
        return apiFailure(422, message, { email: [message] });
      }
      const { invitation, emailed, link } = sent.value;
      return apiJson({ invitation, emailed, link: emailed ? null : link }, { status: 201 });
    },
  },
  contract,
);

export const loader = route.loader;
export const action = route.action;
