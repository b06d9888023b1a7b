import { issueToken } from "~/domain/api-tokens.server";
import { messages } from "~/domain/messages";
import { loginInput } from "~/domain/schemas";
import { mustSetUpTwoFactor } from "~/domain/two-factor.server";
import { readInput, validInput } from "~/server/api/body.server";
import { apiFailure, apiJson } from "~/server/api/responses.server";
import { apiRoute } from "~/server/api/route.server";
import { requestClient } from "~/server/client-address.server";
import { throttledSignIn } from "~/server/sign-in-limits.server";
import { checkPassword, signedIn } from "~/server/sign-in.server";
import { requireDb } from "~/server/db.server";

/** Refusals that a right code would turn into a sign-in: the answer says so (docs/api.md#two-factor-sign-in). */
const ASKS_FOR_A_CODE = new Set(["code-required", "invalid-code", "code-used", "recovery-code-used"]);

// Issues a token only: no CSRF check. A 503 for too many waiting password checks is not counted as an attempt.
const route = apiRoute({
  POST: async ({ request }) => {
    const input = await readInput(request);
    await requireDb();
    // The limits are checked first: a throttled client is refused before its fields are.
    const outcome = await throttledSignIn(request, input.email, async () =>
      checkPassword(request, validInput(loginInput, input), { door: "api", askForCode: false }),
    );
    if (!outcome.ok) {
      const headers: Record<string, string> = outcome.retryAfterSeconds ? { "Retry-After": String(outcome.retryAfterSeconds) } : {};
      if (ASKS_FOR_A_CODE.has(outcome.reason)) {
        return apiJson({ message: outcome.message, errors: outcome.errors, two_factor_required: true }, { status: 401 });
      }
      return apiFailure(outcome.status, outcome.message, outcome.errors, headers);
    }
    // With two-factor sign-in required, a token would be refused at every call: none is issued.
    if (await mustSetUpTwoFactor(outcome.admin.id)) return apiFailure(403, messages.apiTwoFactorSetupRequired);
    const { token, expiresAt } = await issueToken(outcome.admin.id, Date.now(), requestClient(request));
    await signedIn(request, outcome, "api");
    return apiJson({ token, token_type: "Bearer", expires_at: expiresAt.toISOString(), user: outcome.admin });
  },
});

export const loader = route.loader;
export const action = route.action;
