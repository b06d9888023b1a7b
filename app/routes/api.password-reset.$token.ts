import { messages } from "~/domain/messages";
import { resetLinkByToken, resetPassword } from "~/domain/password-resets.server";
import { newPasswordInput } from "~/domain/schemas";
import { validInput } from "~/server/api/body.server";
import { linkRefused, readAnonymousInput } from "~/server/api/links.server";
import { apiJson } from "~/server/api/responses.server";
import { apiRoute, type ApiContract } from "~/server/api/route.server";
import { requestOrigin } from "~/server/client-address.server";
import { requireDb } from "~/server/db.server";
import { ports } from "~/server/ports.server";
import { anonymousBody, endedLink, fail, json, message, tokenParams, tooLarge, unknownLink } from "~/server/openapi.server";
import { z } from "zod";

// docs/api.md#password-reset: the mail's token is the only credential; no XSRF check.
const contract: ApiContract<"GET" | "POST"> = {
  GET: () => ({
    operationId: "getPasswordResetLink",
    tags: ["Password reset"],
    summary: "Check a password reset link",
    description: "The account's email, while the link can be used. No authentication: the token is the credential.",
    security: [],
    request: { params: tokenParams },
    responses: {
      200: {
        description: "The link can be used.",
        content: json(z.object({ state: z.literal("pending"), email: z.string().email() }).strict()),
      },
      404: unknownLink,
      410: endedLink,
      ...fail(503),
    },
  }),
  POST: () => ({
    operationId: "resetPassword",
    tags: ["Password reset"],
    summary: "Choose a new password",
    description:
      "Sets the password and ends every session and API token of the admin; the link is used up. Then sign in. No authentication: the token is the credential.",
    security: [],
    request: { params: tokenParams, body: anonymousBody("NewPassword", "The new password, as JSON or a form.") },
    responses: {
      200: { description: "Changed.", content: json(message(messages.passwordResetDone)) },
      ...fail(400),
      404: unknownLink,
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
      const link = await resetLinkByToken(params.token ?? "");
      return link.state === "pending" ? apiJson(link) : linkRefused("reset", link.state);
    },
    POST: async ({ request, params }) => {
      await requireDb();
      const { password } = validInput(newPasswordInput, await readAnonymousInput(request));
      const reset = await resetPassword(params.token ?? "", password, ports.passwords, requestOrigin(request, null, "api"));
      if (!reset.ok) return linkRefused("reset", reset.reason);
      return apiJson({ message: messages.passwordResetDone });
    },
  },
  contract,
);

export const loader = route.loader;
export const action = route.action;
