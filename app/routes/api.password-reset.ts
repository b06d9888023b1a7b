import { passwordResetRequestInput } from "~/domain/schemas";
import { validInput } from "~/server/api/body.server";
import { readAnonymousInput } from "~/server/api/links.server";
import { apiFailure, apiJson } from "~/server/api/responses.server";
import { apiRoute, type ApiContract } from "~/server/api/route.server";
import { requireDb } from "~/server/db.server";
import { requestReset } from "./__password-reset-request.server";
import { bodyFor, fail, json, message, ref, retryAfter, tooLarge } from "~/server/openapi.server";
import { limits } from "~/server/rate-limit.server";
import { messages } from "~/domain/messages";
import { validityOf } from "~/domain/account-links";

// docs/api.md#password-reset: anonymous, no XSRF check; the same 202 whether or not an admin has the email.
const contract: ApiContract<"POST"> = {
  POST: () => ({
    operationId: "requestPasswordReset",
    tags: ["Password reset"],
    summary: "Ask for a password reset link",
    description: `The same 202 whether or not an admin has the email, in the same time: the request is queued either way, and the mail outbox's next turn (within about 10 s) finds the admin. An admin with it is emailed a one-time link, valid ${validityOf("reset")}, to /reset-password/{token}; an earlier link of theirs stops working. No authentication, no XSRF check.`,
    security: [],
    request: {
      body: bodyFor(
        passwordResetRequestInput.openapi("PasswordResetRequest", {
          description: "The email of the account whose password was forgotten.",
        }),
        "The email, as JSON or a form.",
      ),
    },
    responses: {
      202: { description: "Taken.", content: json(message(messages.resetRequested(validityOf("reset")))) },
      ...fail(400),
      413: tooLarge,
      ...fail(415, 422),
      429: {
        description: `Too many requests: ${limits.passwordResetAddress.points} per ${limits.passwordResetAddress.duration / 60} minutes from one address, ${limits.passwordResetAccount.points} per ${limits.passwordResetAccount.duration / 60} minutes for one email, whether or not an admin has it.`,
        headers: retryAfter("Seconds until a request is taken again."),
        content: json(ref("Error")),
      },
      501: {
        description: `Mail is off on this server (no SMTP_URL), so no link can be sent; asking again does not help: '${messages.resetMailOff}'`,
        content: json(message(messages.resetMailOff)),
      },
      ...fail(503),
    },
  }),
};

const route = apiRoute(
  {
    POST: async ({ request }) => {
      await requireDb();
      const input = validInput(passwordResetRequestInput, await readAnonymousInput(request));
      const outcome = await requestReset(request, input.email, "api");
      if (!outcome.ok) {
        const headers: Record<string, string> = outcome.status === 429 ? { "Retry-After": String(outcome.retryAfterSeconds) } : {};
        return apiFailure(outcome.status, outcome.message, undefined, headers);
      }
      return apiJson({ message: outcome.message }, { status: 202 });
    },
  },
  contract,
);

export const loader = route.loader;
export const action = route.action;
