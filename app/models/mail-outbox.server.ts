import mongoose, { Schema, type Model, type Types } from "mongoose";
import { databaseUnavailableAnswer } from "./unavailable.server";

/**
 * One email to send (docs/operations.md#email-notifications, decision 0009): written when a contact message is
 * stored, sent afterwards by whichever instance claims it first. `to`, `subject`, `text`, `html` and `reply_to`
 * are filled in at the first attempt and kept for the retries.
 *
 * pending -> sending (claimed: locked_until) -> sent; or back to pending (next_attempt_at later), and failed after
 * the last attempt. A `sending` entry whose lock ran out belongs to an instance that died mid-send: it is claimed
 * again. Finished entries get `expires_at` and are removed after it (TTL index, and the sweeper).
 */
export const MAIL_STATUSES = ["pending", "sending", "sent", "failed"] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export type MailOutboxDoc = {
  _id: Types.ObjectId;
  kind: "new-message";
  message_id: Types.ObjectId;
  to: string[];
  subject: string;
  text: string;
  html: string;
  reply_to: string | null;
  status: MailStatus;
  attempts: number;
  next_attempt_at: Date;
  locked_until: Date | null;
  last_error: string | null;
  sent_at: Date | null;
  expires_at: Date | null;
  created_at: Date;
  updated_at: Date;
};

const mailOutboxSchema = new Schema<MailOutboxDoc>(
  {
    kind: { type: String, required: true, enum: ["new-message"] },
    message_id: { type: Schema.Types.ObjectId, required: true },
    to: { type: [String], default: [] },
    subject: { type: String, default: "" },
    text: { type: String, default: "" },
    html: { type: String, default: "" },
    reply_to: { type: String, default: null },
    status: { type: String, required: true, enum: MAIL_STATUSES, default: "pending" },
    attempts: { type: Number, required: true, default: 0 },
    next_attempt_at: { type: Date, required: true, default: () => new Date() },
    locked_until: { type: Date, default: null },
    last_error: { type: String, default: null },
    sent_at: { type: Date, default: null },
    expires_at: { type: Date, default: null },
  },
  { timestamps: { createdAt: "created_at", updatedAt: "updated_at" }, versionKey: false },
);

// The claim: the due pending entries, oldest first, and the sending ones whose lock ran out.
mailOutboxSchema.index({ status: 1, next_attempt_at: 1 });
mailOutboxSchema.index({ status: 1, locked_until: 1 });
// Clean-up of finished entries only (unfinished ones have no expires_at); the sweeper does it on the embedded engine.
mailOutboxSchema.index({ expires_at: 1 }, { expireAfterSeconds: 0 });

// A database lost mid-query throws the same 503 Response as elsewhere; the outbox's callers catch it.
mailOutboxSchema.plugin(databaseUnavailableAnswer);

export const MailOutboxModel: Model<MailOutboxDoc> =
  (mongoose.models.MailOutbox as Model<MailOutboxDoc> | undefined) ??
  mongoose.model<MailOutboxDoc>("MailOutbox", mailOutboxSchema, "mail_outbox");
