import { messages } from "~/domain/messages";
import { resendDelivery } from "~/domain/webhooks.server";
import { objectIdText } from "~/domain/shapes";
import { requireApiAdmin } from "~/server/api/api-auth.server";
import { ApiError, apiJson } from "~/server/api/responses.server";
import { apiRoute, type ApiContract } from "~/server/api/route.server";
import { WRITE, fail, idParams, json, ref } from "~/server/openapi.server";
import { webhookDeliverySchema } from "./__webhook-api.server";

// docs/api.md#webhooks
const notFound = () => new ApiError(404, messages.webhookDeliveryNotFound);

const contract: ApiContract<"POST"> = {
  POST: () => ({
    operationId: "resendWebhookDelivery",
    tags: ["Webhooks"],
    summary: "Send a delivery again",
    description: "The same event (its id, time and data) in a new delivery to the same endpoint. Needs webhooks:write.",
    security: WRITE,
    request: {
      params: idParams("webhook").extend({ delivery: objectIdText.openapi({ param: { description: "The delivery's id." } }) }),
    },
    responses: {
      202: { description: "Queued: the new delivery.", content: json(webhookDeliverySchema) },
      ...fail(401),
      404: { description: `No such webhook or delivery: '${messages.webhookDeliveryNotFound}'`, content: json(ref("Error")) },
      ...fail(419, 503),
    },
  }),
};

const route = apiRoute(
  {
    POST: async ({ request, params }) => {
      await requireApiAdmin(request, "webhooks:write");
      const queued = await resendDelivery(params.id ?? "", params.delivery ?? "");
      if (!queued.ok) throw notFound();
      return apiJson(queued.value, { status: 202 });
    },
  },
  contract,
);

export const loader = route.loader;
export const action = route.action;
