import mongoose, { Schema, type Model, type Types } from "mongoose";
import { databaseUnavailableAnswer } from "./unavailable.server";

// queued -> sent or failed, as its outbox entry goes (app/server/mail-outbox.server.ts).
const REPLY_STATES = ["queued", "sent", "failed"] as const;

/** A reply to a lead, mailed through the outbox: its own document, like a note, so adding one never rewrites the lead. */
export type LeadReplyDoc = {
  _id: Types.ObjectId;
  lead_id: Types.ObjectId;
  author_id: Types.ObjectId | null;
  author_name: string;
  /** The Reply-To of the mail: the lead's answer reaches this admin's own mailbox. */
  author_email: string;
  to: string;
  subject: string;
  body: string;
  state: (typeof REPLY_STATES)[number];
  /** Why it failed, or why its last attempt did while it is still queued. */
  failure: string | null;
  sent_at: Date | null;
  created_at: Date;
  updated_at: Date;
};

const leadReplySchema = new Schema<LeadReplyDoc>(
  {
    lead_id: { type: Schema.Types.ObjectId, required: true },
    author_id: { type: Schema.Types.ObjectId, default: null },
    author_name: { type: String, required: true },
    // Empty for a reply sent through an API key, which has no address.
    author_email: { type: String, default: "" },
    to: { type: String, required: true },
    subject: { type: String, required: true },
    body: { type: String, required: true },
    state: { type: String, required: true, enum: REPLY_STATES, default: "queued" },
    failure: { type: String, default: null },
    sent_at: { type: Date, default: null },
  },
  { timestamps: { createdAt: "created_at", updatedAt: "updated_at" }, versionKey: false },
);

leadReplySchema.index({ lead_id: 1, created_at: 1, _id: 1 });

leadReplySchema.plugin(databaseUnavailableAnswer);

export const LeadReplyModel: Model<LeadReplyDoc> =
  (mongoose.models.LeadReply as Model<LeadReplyDoc> | undefined) ??
  mongoose.model<LeadReplyDoc>("LeadReply", leadReplySchema, "lead_replies");
