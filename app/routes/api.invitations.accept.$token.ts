import { acceptInvitation, invitationByToken } from "~/domain/invitations.server";
import { messages } from "~/domain/messages";
import { newPasswordInput } from "~/domain/schemas";
import { validInput } from "~/server/api/body.server";
import { linkRefused, readAnonymousInput } from "~/server/api/links.server";
import { ApiError, apiJson } from "~/server/api/responses.server";
import { apiRoute, type ApiContract } from "~/server/api/route.server";
import { requestOrigin } from "~/server/client-address.server";
import { requireDb } from "~/server/db.server";
import { ports } from "~/server/ports.server";
import { anonymousBody, endedLink, fail, json, ref, tokenParams, tooLarge, unknownLink } from "~/server/openapi.server";
import { ROLES } from "~/domain/permissions";
import { z } from "~/domain/zod-openapi";

// docs/api.md#invitations: the invitee's door, with the mail's token as the only credential; no XSRF check.
const contract: ApiContract<"GET" | "POST"> = {
  GET: () => ({
    operationId: "getInvitationLink",
    tags: ["Invitations"],
    summary: "Check an invitation's link",
    description: "Whom the link invites, while it can be used. No authentication: the token is the credential.",
    security: [],
    request: { params: tokenParams },
    responses: {
      200: {
        description: "The link can be used.",
        content: json(
          z
            .object({
              state: z.literal("pending"),
              name: z.string(),
              email: z.string().email(),
              role: z.enum(ROLES).openapi({ description: "The role the invitation gives (docs/security.md#roles)." }),
            })
            .strict(),
        ),
      },
      404: unknownLink,
      410: endedLink,
      ...fail(503),
    },
  }),
  POST: () => ({
    operationId: "acceptInvitation",
    tags: ["Invitations"],
    summary: "Accept an invitation",
    description:
      "Makes the admin with the invitation's name, email and role and the password chosen; the link is used up. Then sign in (POST /api/login). No authentication: the token is the credential.",
    security: [],
    request: { params: tokenParams, body: anonymousBody("NewPassword", "The password chosen, as JSON or a form.") },
    responses: {
      201: { description: "The new admin.", content: json(ref("Admin")) },
      ...fail(400),
      404: unknownLink,
      409: { description: `An admin has this email by now: '${messages.emailTaken}'`, content: json(ref("Error")) },
      410: endedLink,
      413: tooLarge,
      ...fail(415, 422, 503),
    },
  }),
};

const route = apiRoute(
  {
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
  },
  contract,
);

export const loader = route.loader;
export const action = route.action;
