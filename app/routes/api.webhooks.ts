import { messages } from "~/domain/messages";
import { createWebhook, listWebhooks } from "~/domain/webhooks.server";
import { MAX_WEBHOOKS, webhookInput } from "~/domain/webhook-schemas";
import { requireApiAdmin } from "~/server/api/api-auth.server";
import { readInput, validInput } from "~/server/api/body.server";
import { apiJson } from "~/server/api/responses.server";
import { apiRoute, type ApiContract } from "~/server/api/route.server";
import { requestOrigin } from "~/server/client-address.server";
import { READ, WRITE, arrayOf, bodyFor, fail, json, ref } from "~/server/openapi.server";
import { ports } from "~/server/ports.server";
import { webhookRefusal, webhookSchema } from "./__webhook-api.server";

// docs/api.md#webhooks
const contract: ApiContract<"GET" | "POST"> = {
  GET: () => ({
    operationId: "listWebhooks",
    tags: ["Webhooks"],
    summary: "List webhooks",
    description: "Every endpoint, oldest first. Needs webhooks:write.",
    security: READ,
    responses: { 200: { description: "The endpoints.", content: json(arrayOf(ref("Webhook"))) }, ...fail(401, 503) },
  }),
  POST: () => ({
    operationId: "createWebhook",
    tags: ["Webhooks"],
    summary: "Add a webhook",
    description: `The server makes its secret. The address must be https:// and lead to the public internet (docs/security.md#webhooks). Needs webhooks:write.`,
    security: WRITE,
    request: {
      body: bodyFor(
        webhookInput.openapi("WebhookInput", { description: "A new endpoint." }),
        "The endpoint, as JSON or a form (events comma-separated).",
      ),
    },
    responses: {
      201: { description: "Added, with its secret.", content: json(webhookSchema) },
      ...fail(400, 401),
      409: { description: `'${messages.webhookTooMany(MAX_WEBHOOKS)}'`, content: json(ref("Error")) },
      ...fail(413, 415, 419, 422, 503),
    },
  }),
};

const route = apiRoute(
  {
    GET: async ({ request }) => {
      await requireApiAdmin(request, "webhooks:write");
      return apiJson(await listWebhooks(ports.secrets));
    },
    POST: async ({ request }) => {
      const { admin } = await requireApiAdmin(request, "webhooks:write");
      const input = validInput(webhookInput, await readInput(request));
      const created = await createWebhook(input, {
        origin: requestOrigin(request, admin, "api"),
        secrets: ports.secrets,
        guard: ports.webhooks,
      });
      if (!created.ok) throw webhookRefusal(created.reason);
      return apiJson(created.value, { status: 201 });
    },
  },
  contract,
);

export const loader = route.loader;
export const action = route.action;
