import mongoose, { Schema, type Model, type Types } from "mongoose";
import { databaseUnavailableAnswer } from "./unavailable.server";

// pending -> sending (until locked_until) -> delivered, back to pending, or failed (docs/decisions/0056-webhook-deliveries.md).
const DELIVERY_STATES = ["pending", "sending", "delivered", "failed"] as const;
type DeliveryState = (typeof DELIVERY_STATES)[number];

export type WebhookDeliveryDoc = {
  _id: Types.ObjectId;
  endpoint_id: Types.ObjectId;
  /** The event's id: one event sent to several endpoints has one id and a delivery for each. */
  event_id: string;
  type: string;
  data: Record<string, unknown>;
  /** When the event happened: the payload's created_at, the same on every try. */
  event_at: Date;
  state: DeliveryState;
  attempts: number;
  next_attempt_at: Date;
  locked_until: Date | null;
  status_code: number | null;
  duration_ms: number | null;
  last_error: string | null;
  finished_at: Date | null;
  created_at: Date;
  updated_at: Date;
};

const webhookDeliverySchema = new Schema<WebhookDeliveryDoc>(
  {
    endpoint_id: { type: Schema.Types.ObjectId, required: true },
    event_id: { type: String, required: true },
    type: { type: String, required: true },
    data: { type: Schema.Types.Mixed, default: {} },
    event_at: { type: Date, required: true },
    state: { type: String, required: true, enum: DELIVERY_STATES, default: "pending" },
    attempts: { type: Number, required: true, default: 0 },
    next_attempt_at: { type: Date, required: true, default: () => new Date() },
    locked_until: { type: Date, default: null },
    status_code: { type: Number, default: null },
    duration_ms: { type: Number, default: null },
    last_error: { type: String, default: null },
    finished_at: { type: Date, default: null },
  },
  { timestamps: { createdAt: "created_at", updatedAt: "updated_at" }, versionKey: false, minimize: false },
);

webhookDeliverySchema.index({ state: 1, next_attempt_at: 1 });
webhookDeliverySchema.index({ state: 1, locked_until: 1 });
webhookDeliverySchema.index({ endpoint_id: 1, created_at: -1 });
webhookDeliverySchema.index({ finished_at: 1 });

webhookDeliverySchema.plugin(databaseUnavailableAnswer);

export const WebhookDeliveryModel: Model<WebhookDeliveryDoc> =
  (mongoose.models.WebhookDelivery as Model<WebhookDeliveryDoc> | undefined) ??
  mongoose.model<WebhookDeliveryDoc>("WebhookDelivery", webhookDeliverySchema, "webhook_deliveries");
