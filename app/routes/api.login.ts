import { TOKEN_FORMAT, issueToken, mustSetUpTwoFactor } from "~/domain/access.server";
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
import { z } from "~/domain/zod-openapi";
import { adminSchema, bodyFor, validationErrorSchema, fail, json, ref, retryAfter } from "~/server/openapi.server";

/** Refusals that a right code would turn into a sign-in: the answer says so (docs/api.md#two-factor-sign-in). */
const ASKS_FOR_A_CODE = new Set(["code-required", "invalid-code", "code-used", "recovery-code-used"]);

const tokenAnswer = () =>
  z
    .object({
      token: z.string().regex(TOKEN_FORMAT).openapi({ description: "Send as `Authorization: Bearer <token>`." }),
      token_type: z.literal("Bearer"),
      expires_at: z.string().datetime().openapi({ description: "When the token stops working." }),
      user: adminSchema,
    })
    .strict()
    .openapi("TokenAnswer", { description: "A new bearer token and the admin it belongs to." });

function twoFactorRequired() {
  const codeMessages = [
    messages.twoFactorCodeRequired,
    messages.twoFactorCodeInvalid,
    messages.twoFactorCodeUsed,
    messages.recoveryCodeUsed,
  ] as const;
  return z
    .object({
      message: z.enum(codeMessages),
      errors: z.object({ code: z.array(z.enum(codeMessages)).min(1) }).strict(),
      two_factor_required: z.literal(true).openapi({ description: "Send the request again with `code`." }),
    })
    .strict()
    .openapi("TwoFactorRequired", {
      description:
        "The email and password are right, and the admin has two-factor sign-in on: `code` is missing, wrong, or already used (a code from the app is accepted once; so is each recovery code).",
    });
}

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
      200: { description: "Signed in.", content: json(tokenAnswer()) },
      ...fail(400, 413, 415),
      401: {
        description: `Wrong email or password: '${messages.invalidCredentials}' (also under errors.email). Or the admin has two-factor sign-in on and \`code\` is missing, wrong or already used: \`two_factor_required: true\`, the message also under errors.code.`,
        content: json(z.union([validationErrorSchema, twoFactorRequired()])),
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
