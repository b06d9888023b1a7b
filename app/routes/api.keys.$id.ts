import { revokeApiKey } from "~/domain/api-keys.server";
import { messages } from "~/domain/messages";
import { requireApiAdmin } from "~/server/api/api-auth.server";
import { ApiError } from "~/server/api/responses.server";
import { apiRoute, type ApiContract } from "~/server/api/route.server";
import { requestOrigin } from "~/server/client-address.server";
import { WRITE, fail, idParams, json, message } from "~/server/openapi.server";
import { keysForbidden } from "./__api-key-answers.server";

// docs/api.md#api-keys
const contract: ApiContract<"DELETE"> = {
  DELETE: () => ({
    operationId: "revokeApiKey",
    tags: ["API keys"],
    summary: "Revoke an API key",
    description: "The key stops working at once, on every instance. Needs keys:write: Owners and Admins; no key.",
    security: WRITE,
    request: { params: idParams("API key") },
    responses: {
      204: { description: "Revoked." },
      ...fail(401),
      ...keysForbidden(),
      404: { description: `No live key with this id: '${messages.apiKeyNotFound}'`, content: json(message(messages.apiKeyNotFound)) },
      ...fail(419, 503),
    },
  }),
};

const route = apiRoute(
  {
    DELETE: async ({ request, params }) => {
      const { admin } = await requireApiAdmin(request, "keys:write");
      const revoked = await revokeApiKey(params.id ?? "", requestOrigin(request, admin, "api"));
      if (!revoked.ok) throw new ApiError(404, messages.apiKeyNotFound);
      return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
    },
  },
  contract,
);

export const loader = route.loader;
export const action = route.action;
