import { issueToken, mustSetUpTwoFactor } from "~/domain/access.server";
import { messages } from "~/domain/messages";
import { loginInput } from "~/domain/schemas";
import { readInput, validInput } from "~/server/api/body.server";
import { apiFailure, apiJson } from "~/server/api/responses.server";
import { apiRoute, type ApiContract } from "~/server/api/route.server";
import { requestClient } from "~/server/client-address.server";
import { throttledSignIn } from "~/server/sign-in-limits.server";
import { checkPassword, signedIn } from "~/server/sign-in.server";
import { requireDb } from "~/server/db.server";
import { SESSION_LIFETIME_MS } from "~/domain/constants";
import { bodyFor, fail, json, ref, retryAfter } from "~/server/openapi.server";

/** Refusals that a right code would turn into a sign-in: the answer says so (docs/api.md#two-factor-sign-in). */
const ASKS_FOR_A_CODE = new Set(["code-required", "invalid-code", "code-used", "recovery-code-used"]);

// Issues a token only: no CSRF check. A 503 for too many waiting password checks is not counted as an attempt.
const contract: ApiContract<"POST"> = {
  POST: () => ({
    operationId: "login",
    tags: ["Authentication"],
    summary: "Sign in and get a bearer token",
    description: `Checks an admin's email and password (and, with two-factor sign-in on, \`code\`) and answers a token valid for ${SESSION_LIFETIME_MS / 3_600_000} hours. Failed attempts, wrong codes included, are throttled per email and address, together with the dashboard's sign-in. No XSRF check.`,
    security: [],
    request: {
      body: bodyFor(
        loginInput.openapi("LoginInput", { description: "An admin's credentials." }),
        "The admin's email and password (and code), as JSON or a form.",
      ),
    },
    responses: {
      200: { description: "Signed in.", content: json(ref("TokenAnswer")) },
      ...fail(400, 413, 415),
      401: {
        description: `Wrong email or password: '${messages.invalidCredentials}' (also under errors.email). Or the admin has two-factor sign-in on and \`code\` is missing, wrong or already used: \`two_factor_required: true\`, the message also under errors.code.`,
        content: { "application/json": { schema: { anyOf: [ref("ValidationError"), ref("TwoFactorRequired")] } } },
      },
      403: {
        description: `Two-factor sign-in is required for every admin and this admin has not set it up: no token is issued ('${messages.apiTwoFactorSetupRequired}').`,
        content: json(ref("TwoFactorSetupRequired")),
      },
      ...fail(422, 429),
      503: {
        description: `The database cannot be reached, or too many sign-ins are being checked at once ('${messages.signInBusy}'); neither counts as a failed attempt.`,
        headers: retryAfter("Seconds to wait before trying again."),
        content: json(ref("SignInUnavailable")),
      },
    },
  }),
};

const route = apiRoute(
  {
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
  },
  contract,
);

export const loader = route.loader;
export const action = route.action;
