import { issueToken } from "~/domain/api-tokens.server";
import { verifyCredentials } from "~/domain/admins.server";
import { loginInput } from "~/domain/schemas";
import { readInput, validInput } from "~/server/api/body.server";
import { apiFailure, apiJson } from "~/server/api/responses.server";
import { apiRoute } from "~/server/api/route.server";
import { requestOrigin } from "~/server/audit.server";
import { throttledSignIn } from "~/server/sign-in-limits.server";
import { requireDb } from "~/server/db.server";
import { ports } from "~/server/ports.server";

// Issues a token only: no CSRF check. A 503 for too many waiting password checks is not counted as an attempt.
const route = apiRoute({
  POST: async ({ request }) => {
    const input = await readInput(request);
    await requireDb();
    // The limits are checked first: a throttled client is refused before its fields are.
    const outcome = await throttledSignIn(request, input.email, () => verifyCredentials(validInput(loginInput, input), ports.passwords));
    if (!outcome.ok) {
      const headers: Record<string, string> = outcome.retryAfterSeconds ? { "Retry-After": String(outcome.retryAfterSeconds) } : {};
      return apiFailure(outcome.status, outcome.message, outcome.errors, headers);
    }
    const { token, expiresAt } = await issueToken(outcome.admin.id, Date.now(), requestOrigin(request));
    return apiJson({ token, token_type: "Bearer", expires_at: expiresAt.toISOString(), user: outcome.admin });
  },
});

export const loader = route.loader;
export const action = route.action;
