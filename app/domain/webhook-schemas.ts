import { z } from "./zod-openapi";
import { messages } from "./messages";
import { WEBHOOK_EVENTS } from "./webhook-events";
import { objectIdText } from "./shapes";

// A webhook endpoint as the dashboard's form and the API take it (docs/api.md#webhooks). The address's scheme and where
// it leads are checked by the server at each save and each delivery (docs/security.md#webhooks), not here.

export const WEBHOOK_URL_MAX_LENGTH = 2000;
/** Endpoints a site may have: each event costs one delivery per endpoint. */
export const MAX_WEBHOOKS = 20;

// A form sends text: "true"/"false" (or a checkbox's "on") and the events comma-separated, as the document says.
const flag = z.union([z.boolean(), z.enum(["true", "false", "on", "off"]).transform((value) => value === "true" || value === "on")], {
  errorMap: () => ({ message: messages.webhookFlagInvalid }),
});

const url = z
  .string({ required_error: messages.webhookUrlRequired, invalid_type_error: messages.webhookUrlRequired })
  .trim()
  .min(1, messages.webhookUrlRequired)
  .max(WEBHOOK_URL_MAX_LENGTH, messages.webhookUrlTooLong(WEBHOOK_URL_MAX_LENGTH))
  .openapi({
    description: "Where events are POSTed: https:// (http:// only when the server allows it).",
    example: "https://hooks.example.com/studio",
  });

const eventList = z
  .array(z.enum(WEBHOOK_EVENTS, { errorMap: () => ({ message: messages.webhookEventUnknown }) }))
  .min(1, messages.webhookEventsRequired)
  .max(WEBHOOK_EVENTS.length, messages.webhookEventsRequired);

const events = z
  .union(
    [
      eventList,
      z
        .string()
        .transform((text) =>
          text
            .split(",")
            .map((item) => item.trim())
            .filter(Boolean),
        )
        .pipe(eventList),
    ],
    { errorMap: () => ({ message: messages.webhookEventsRequired }) },
  )
  .transform((list) => [...new Set(list)])
  .openapi({ description: "The events sent to it: at least one (a form sends them comma-separated)." });

const webhookFields = {
  url,
  events,
  enabled: flag.openapi({ description: "Off: no event is sent to it (Send test event still is). Default true." }),
  slack: flag.openapi({ description: "A Slack incoming webhook: it gets `{ text }` instead of the JSON event. Default false." }),
};

export const webhookInput = z.object({
  ...webhookFields,
  enabled: webhookFields.enabled.default(true),
  slack: webhookFields.slack.default(false),
});
export type WebhookInput = z.output<typeof webhookInput>;

export const webhookChanges = z
  .object(webhookFields)
  .partial()
  .refine((changes) => Object.values(changes).some((value) => value !== undefined), {
    message: messages.webhookChangesEmpty,
    path: ["form"],
  });
export type WebhookChanges = z.output<typeof webhookChanges>;

const time = z.string().openapi({ format: "date-time" });

export const webhookShape = z
  .object({
    id: objectIdText,
    url: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENTS)),
    secret: z.string().openapi({ description: "Signs every delivery (Studio-Signature); made by the server." }),
    enabled: z.boolean(),
    slack: z.boolean(),
    created_by: z.string().nullable().openapi({ description: "The name of the admin who added it." }),
    created_at: time,
    updated_at: time,
  })
  .strict();
export type Webhook = z.infer<typeof webhookShape>;

export const webhookDeliveryShape = z
  .object({
    id: objectIdText.openapi({ description: "The delivery's id, sent as Studio-Delivery." }),
    event_id: z.string().openapi({ description: "The event's id (the payload's `id`); a resend keeps it." }),
    type: z.string().openapi({ description: "The event type, or webhook.test." }),
    state: z.enum(["pending", "sending", "delivered", "failed"]),
    attempts: z.number().int(),
    status_code: z.number().int().nullable().openapi({ description: "The last answer's status; null without an answer." }),
    duration_ms: z.number().int().nullable(),
    error: z.string().nullable().openapi({ description: "Why the last try failed." }),
    next_attempt_at: time.nullable().openapi({ description: "When it is tried again, while pending." }),
    created_at: time,
    finished_at: time.nullable(),
  })
  .strict();
export type WebhookDelivery = z.infer<typeof webhookDeliveryShape>;
