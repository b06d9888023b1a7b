import mongoose, { Schema, type Model } from "mongoose";
import { databaseUnavailableAnswer } from "./unavailable.server";

// One per address and UTC day an autoresponse went to (docs/behaviour.md#autoresponder). `_id` is the day and a hash of
// the lowercased address, so the unique _id lets one of racing instances in, and no address is stored.
export type AutoReplyClaimDoc = { _id: string; expires_at: Date };

const autoReplyClaimSchema = new Schema<AutoReplyClaimDoc>(
  {
    _id: { type: String, required: true },
    expires_at: { type: Date, required: true },
  },
  { versionKey: false },
);

// Clean-up only; the sweeper does it on the embedded engine.
autoReplyClaimSchema.index({ expires_at: 1 }, { expireAfterSeconds: 0 });

autoReplyClaimSchema.plugin(databaseUnavailableAnswer);

export const AutoReplyClaimModel: Model<AutoReplyClaimDoc> =
  (mongoose.models.AutoReplyClaim as Model<AutoReplyClaimDoc> | undefined) ??
  mongoose.model<AutoReplyClaimDoc>("AutoReplyClaim", autoReplyClaimSchema, "auto_reply_claims");
