import { passwordResetRequestInput } from "~/domain/schemas";
import { validInput } from "~/server/api/body.server";
import { readAnonymousInput } from "~/server/api/links.server";
import { apiFailure, apiJson } from "~/server/api/responses.server";
import { apiRoute } from "~/server/api/route.server";
import { requireDb } from "~/server/db.server";
import { requestReset } from "~/server/password-reset.server";

// docs/api.md#password-reset: anonymous, no XSRF check; the same 202 whether or not an admin has the email.
const route = apiRoute({
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
});

export const loader = route.loader;
export const action = route.action;
