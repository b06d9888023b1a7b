import { apiKeyInput } from "~/domain/api-key-schemas";
import { createApiKey, listApiKeys, type ApiKeySummary } from "~/domain/api-keys.server";
import { SCOPES } from "~/domain/permissions";
import { objectIdText } from "~/domain/shapes";
import { z } from "~/domain/zod-openapi";
import { requireApiAdmin } from "~/server/api/api-auth.server";
import { readInput, validInput } from "~/server/api/body.server";
import { apiJson } from "~/server/api/responses.server";
import { apiRoute, type ApiContract } from "~/server/api/route.server";
import { requestOrigin } from "~/server/client-address.server";
import { READ, WRITE, bodyFor, fail, json } from "~/server/openapi.server";
import { keysForbidden } from "./__api-key-answers.server";

// docs/api.md#api-keys: Owners and Admins (keys:write), never a key.

const apiKeyShape = {
  id: objectIdText,
  name: z.string(),
  scopes: z.array(z.enum(SCOPES)),
  created_by: z
    .object({ id: objectIdText, name: z.string(), email: z.string(), deleted: z.boolean() })
    .strict()
    .openapi({ description: "The admin who made it, as named then; `deleted` once that admin is gone (the key still works: review it)." }),
  created_at: z.string().datetime(),
  expires_at: z.string().datetime().nullable().openapi({ description: "When it stops working; null: never, until revoked." }),
  expired: z.boolean(),
  last_used_at: z.string().datetime().nullable().openapi({ description: "Noted at most every 5 minutes; null: never used." }),
  last_used_address: z.string().openapi({ description: "The client's address then, as the server saw it (TRUST_PROXY)." }),
};

const apiKeySchema = z.object(apiKeyShape).strict().openapi("ApiKey", { description: "An API key, never its secret." });

const apiKeyJson = (key: ApiKeySummary) => ({
  id: key.id,
  name: key.name,
  scopes: key.scopes,
  created_by: key.createdBy,
  created_at: key.createdAt,
  expires_at: key.expiresAt,
  expired: key.expired,
  last_used_at: key.lastUsedAt,
  last_used_address: key.lastUsedAddress,
});

const contract: ApiContract<"GET" | "POST"> = {
  GET: () => ({
    operationId: "listApiKeys",
    tags: ["API keys"],
    summary: "List API keys",
    description: "Every key not revoked, expired ones too, newest first. Needs keys:write: Owners and Admins; no key.",
    security: READ,
    responses: { 200: { description: "The keys.", content: json(z.array(apiKeySchema)) }, ...fail(401), ...keysForbidden(), ...fail(503) },
  }),
  POST: () => ({
    operationId: "createApiKey",
    tags: ["API keys"],
    summary: "Make an API key",
    description:
      "Answers the key (`sk_<id>_<secret>`) once: only a hash of it is kept. Send it as `Authorization: Bearer <key>`. Needs keys:write: Owners and Admins; no key.",
    security: WRITE,
    request: {
      body: bodyFor(apiKeyInput.openapi("ApiKeyInput", { description: "A new key." }), "The new key, as JSON.", ["application/json"]),
    },
    responses: {
      201: {
        description: "Made: the key, shown this once.",
        content: json(
          z
            .object({
              ...apiKeyShape,
              key: z
                .string()
                .regex(/^sk_[0-9a-f]{24}_[A-Za-z0-9_-]{43}$/)
                .openapi({ description: "The key itself: keep it now." }),
            })
            .strict()
            .openapi("NewApiKey", { description: "The new key, with its text this once." }),
        ),
      },
      ...fail(400, 401),
      ...keysForbidden(),
      ...fail(413, 415, 419, 422, 503),
    },
  }),
};

const route = apiRoute(
  {
    GET: async ({ request }) => {
      await requireApiAdmin(request, "keys:write");
      return apiJson((await listApiKeys()).map(apiKeyJson));
    },
    POST: async ({ request }) => {
      const { admin } = await requireApiAdmin(request, "keys:write");
      const input = validInput(apiKeyInput, await readInput(request));
      const { key, summary } = await createApiKey(input, requestOrigin(request, admin, "api"));
      return apiJson({ ...apiKeyJson(summary), key }, { status: 201 });
    },
  },
  contract,
);

export const loader = route.loader;
export const action = route.action;
