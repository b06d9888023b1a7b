import mongoose, { Schema, type Model, type Types } from "mongoose";
import { databaseUnavailableAnswer } from "./unavailable.server";

// "new-message" is composed at its first attempt from the stored message; "account" (invitations, resets, sign-in
// notices) is composed when queued, and its body is blanked once sent, since it may carry a one-time link.
// "password-reset" is a request for a reset link, queued alike whether or not an admin has the email: its first
// attempt finds the admin and makes the link (decision 0026); its body is blanked once sent too. "lead-reply" is composed
// when queued; its reply (lead_replies) keeps the text and follows the entry's state. "auto-reply" is the
// autoresponder's mail to a visitor, composed when queued and blanked once sent.
const MAIL_KINDS = ["new-message", "account", "password-reset", "lead-reply", "auto-reply"] as const;

// pending -> sending (until locked_until) -> sent, back to pending, or failed: docs/operations.md#email-notifications.
const MAIL_STATUSES = ["pending", "sending", "sent", "failed"] as const;
type MailStatus = (typeof MAIL_STATUSES)[number];

export type MailOutboxDoc = {
  _id: Types.ObjectId;
  kind: (typeof MAIL_KINDS)[number];
  message_id: Types.ObjectId | null;
  reply_id: Types.ObjectId | null;
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
    kind: { type: String, required: true, enum: MAIL_KINDS },
    message_id: { type: Schema.Types.ObjectId, default: null },
    reply_id: { type: Schema.Types.ObjectId, default: null },
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

mailOutboxSchema.index({ status: 1, next_attempt_at: 1 });
mailOutboxSchema.index({ status: 1, locked_until: 1 });
// Clean-up only; the sweeper does it on the embedded engine.
mailOutboxSchema.index({ expires_at: 1 }, { expireAfterSeconds: 0 });

mailOutboxSchema.plugin(databaseUnavailableAnswer);

export const MailOutboxModel: Model<MailOutboxDoc> =
  (mongoose.models.MailOutbox as Model<MailOutboxDoc> | undefined) ??
  mongoose.model<MailOutboxDoc>("MailOutbox", mailOutboxSchema, "mail_outbox");
