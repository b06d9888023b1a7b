import { sendTestEvent } from "~/domain/webhooks.server";
import { requireApiAdmin } from "~/server/api/api-auth.server";
import { apiJson } from "~/server/api/responses.server";
import { apiRoute, type ApiContract } from "~/server/api/route.server";
import { WRITE, fail, idParams, json } from "~/server/openapi.server";
import { webhookDeliverySchema, webhookNotFound, webhookNotFoundAnswer } from "./__webhook-api.server";

// docs/api.md#webhooks
const contract: ApiContract<"POST"> = {
  POST: () => ({
    operationId: "sendWebhookTestEvent",
    tags: ["Webhooks"],
    summary: "Send a test event",
    description: "Queues a webhook.test event to this endpoint, on or off. Needs webhooks:write.",
    security: WRITE,
    request: { params: idParams("webhook") },
    responses: {
      202: { description: "Queued: the delivery.", content: json(webhookDeliverySchema) },
      ...fail(401),
      404: webhookNotFoundAnswer,
      ...fail(419, 503),
    },
  }),
};

const route = apiRoute(
  {
    POST: async ({ request, params }) => {
      await requireApiAdmin(request, "webhooks:write");
      const queued = await sendTestEvent(params.id ?? "");
      if (!queued.ok) throw webhookNotFound();
      return apiJson(queued.value, { status: 202 });
    },
  },
  contract,
);

export const loader = route.loader;
export const action = route.action;
