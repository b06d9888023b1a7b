import { messages } from "~/domain/messages";
import { deleteWebhook, getWebhook, updateWebhook } from "~/domain/webhooks.server";
import { webhookChanges } from "~/domain/webhook-schemas";
import { requireApiAdmin } from "~/server/api/api-auth.server";
import { readInput, validInput } from "~/server/api/body.server";
import { apiJson } from "~/server/api/responses.server";
import { apiRoute, type ApiContract } from "~/server/api/route.server";
import { requestOrigin } from "~/server/client-address.server";
import { READ, WRITE, bodyFor, fail, idParams, json, message } from "~/server/openapi.server";
import { ports } from "~/server/ports.server";
import { webhookNotFound, webhookNotFoundAnswer, webhookRefusal, webhookSchema } from "./__webhook-api.server";

// docs/api.md#webhooks
const contract: ApiContract<"GET" | "PATCH" | "DELETE"> = {
  GET: () => ({
    operationId: "getWebhook",
    tags: ["Webhooks"],
    summary: "Get a webhook",
    description: "Needs webhooks:write.",
    security: READ,
    request: { params: idParams("webhook") },
    responses: {
      200: { description: "The endpoint.", content: json(webhookSchema) },
      ...fail(401),
      404: webhookNotFoundAnswer,
      ...fail(503),
    },
  }),
  PATCH: () => ({
    operationId: "updateWebhook",
    tags: ["Webhooks"],
    summary: "Change a webhook",
    description: "The fields sent change, the others stay; a new address is checked as a new endpoint's is. Needs webhooks:write.",
    security: WRITE,
    request: {
      params: idParams("webhook"),
      body: bodyFor(
        webhookChanges.openapi("WebhookChanges", { minProperties: 1, description: "Some fields of WebhookInput." }),
        "The changes, as JSON or a form.",
      ),
    },
    responses: {
      200: { description: "Changed.", content: json(webhookSchema) },
      ...fail(400, 401),
      404: webhookNotFoundAnswer,
      ...fail(413, 415, 419, 422, 503),
    },
  }),
  DELETE: () => ({
    operationId: "deleteWebhook",
    tags: ["Webhooks"],
    summary: "Delete a webhook",
    description: "Its deliveries, sent or not, go with it. Needs webhooks:write.",
    security: WRITE,
    request: { params: idParams("webhook") },
    responses: {
      200: { description: "Deleted.", content: json(message(messages.webhookDeleted)) },
      ...fail(401),
      404: webhookNotFoundAnswer,
      ...fail(419, 503),
    },
  }),
};

const route = apiRoute(
  {
    GET: async ({ request, params }) => {
      await requireApiAdmin(request, "webhooks:write");
      const webhook = await getWebhook(params.id ?? "", ports.secrets);
      if (!webhook) throw webhookNotFound();
      return apiJson(webhook);
    },
    PATCH: async ({ request, params }) => {
      const { admin } = await requireApiAdmin(request, "webhooks:write");
      if (!(await getWebhook(params.id ?? "", ports.secrets))) throw webhookNotFound();
      const changes = validInput(webhookChanges, await readInput(request));
      const write = { origin: requestOrigin(request, admin, "api"), secrets: ports.secrets, guard: ports.webhooks };
      const updated = await updateWebhook(params.id ?? "", changes, write);
      if (!updated.ok) throw webhookRefusal(updated.reason);
      return apiJson(updated.value);
    },
    DELETE: async ({ request, params }) => {
      const { admin } = await requireApiAdmin(request, "webhooks:write");
      const deleted = await deleteWebhook(params.id ?? "", requestOrigin(request, admin, "api"));
      if (!deleted.ok) throw webhookNotFound();
      return apiJson({ message: messages.webhookDeleted });
    },
  },
  contract,
);

export const loader = route.loader;
export const action = route.action;
