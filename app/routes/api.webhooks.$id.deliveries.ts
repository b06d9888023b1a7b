import { z } from "zod";
import { listWebhookDeliveries } from "~/domain/webhooks.server";
import { requireApiAdmin } from "~/server/api/api-auth.server";
import { apiJson } from "~/server/api/responses.server";
import { apiRoute, type ApiContract } from "~/server/api/route.server";
import { READ, fail, idParams, json } from "~/server/openapi.server";
import { webhookDeliverySchema, webhookNotFound, webhookNotFoundAnswer } from "./__webhook-api.server";

// docs/api.md#webhooks
const contract: ApiContract<"GET"> = {
  GET: () => ({
    operationId: "listWebhookDeliveries",
    tags: ["Webhooks"],
    summary: "List a webhook's deliveries",
    description: "The newest 50, newest first; finished ones are kept 7 days, at most 100 an endpoint. Needs webhooks:write.",
    security: READ,
    request: { params: idParams("webhook") },
    responses: {
      200: { description: "The deliveries.", content: json(z.object({ data: z.array(webhookDeliverySchema) }).strict()) },
      ...fail(401),
      404: webhookNotFoundAnswer,
      ...fail(503),
    },
  }),
};

const route = apiRoute(
  {
    GET: async ({ request, params }) => {
      await requireApiAdmin(request, "webhooks:write");
      const deliveries = await listWebhookDeliveries(params.id ?? "");
      if (!deliveries) throw webhookNotFound();
      return apiJson({ data: deliveries });
    },
  },
  contract,
);

export const loader = route.loader;
export const action = route.action;
