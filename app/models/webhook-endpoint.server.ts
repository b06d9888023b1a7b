import mongoose, { Schema, type Model, type Types } from "mongoose";
import { databaseUnavailableAnswer } from "./unavailable.server";

// The event types an endpoint may subscribe to (docs/api.md#webhooks), named here as the models import nothing of the domain.
const STORED_WEBHOOK_EVENTS = [
  "lead.created",
  "lead.updated",
  "case_study.published",
  "case_study.unpublished",
  "content.published",
  "admin.created",
  "admin.deleted",
] as const;

export type WebhookEndpointDoc = {
  _id: Types.ObjectId;
  url: string;
  events: string[];
  /** Sealed with the server's key for "webhook:<id>" when `sealed`; as generated otherwise (no key configured). */
  secret: string;
  sealed: boolean;
  enabled: boolean;
  slack: boolean;
  created_by: { id: Types.ObjectId | null; name: string };
  created_at: Date;
  updated_at: Date;
};

const webhookEndpointSchema = new Schema<WebhookEndpointDoc>(
  {
    url: { type: String, required: true },
    events: { type: [{ type: String, enum: STORED_WEBHOOK_EVENTS }], default: [] },
    secret: { type: String, required: true },
    sealed: { type: Boolean, default: false },
    enabled: { type: Boolean, default: true },
    slack: { type: Boolean, default: false },
    created_by: {
      id: { type: Schema.Types.ObjectId, default: null },
      name: { type: String, default: "" },
    },
  },
  { timestamps: { createdAt: "created_at", updatedAt: "updated_at" }, versionKey: false },
);

webhookEndpointSchema.index({ enabled: 1, events: 1 });

webhookEndpointSchema.plugin(databaseUnavailableAnswer);

export const WebhookEndpointModel: Model<WebhookEndpointDoc> =
  (mongoose.models.WebhookEndpoint as Model<WebhookEndpointDoc> | undefined) ??
  mongoose.model<WebhookEndpointDoc>("WebhookEndpoint", webhookEndpointSchema, "webhook_endpoints");
