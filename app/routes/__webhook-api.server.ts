import { messages } from "~/domain/messages";
import type { WebhookUrlRefusal } from "~/domain/ports";
import { MAX_WEBHOOKS, webhookDeliveryShape, webhookShape } from "~/domain/webhook-schemas";
import { ApiError } from "~/server/api/responses.server";
import { getEnv } from "~/server/env.server";
import { json, ref } from "~/server/openapi.server";

// What the api.webhooks* routes and the dashboard's Webhooks page share: refusals as statuses and messages.

export const webhookSchema = webhookShape.openapi("Webhook", {
  description: "A webhook endpoint (docs/api.md#webhooks), with the secret that signs its deliveries.",
});
export const webhookDeliverySchema = webhookDeliveryShape.openapi("WebhookDelivery", {
  description: "One delivery of an event to an endpoint.",
});

/** The message of a refused address, under `url`. */
export function webhookUrlMessage(reason: WebhookUrlRefusal): string {
  switch (reason) {
    case "webhook-url-invalid":
      return messages.webhookUrlInvalid;
    case "webhook-url-scheme":
      return getEnv().WEBHOOK_ALLOW_HTTP ? messages.webhookUrlSchemeHttp : messages.webhookUrlScheme;
    case "webhook-url-private":
      return messages.webhookUrlPrivate;
    case "webhook-url-unresolved":
      return messages.webhookUrlUnresolved;
  }
}

export function webhookRefusal(reason: WebhookUrlRefusal | "too-many" | "not-found"): ApiError {
  if (reason === "not-found") return webhookNotFound();
  if (reason === "too-many") return new ApiError(409, messages.webhookTooMany(MAX_WEBHOOKS));
  const message = webhookUrlMessage(reason);
  return new ApiError(422, message, { url: [message] });
}

export const webhookNotFound = () => new ApiError(404, messages.webhookNotFound);

export const webhookNotFoundAnswer = { description: `No webhook with this id: '${messages.webhookNotFound}'`, content: json(ref("Error")) };
