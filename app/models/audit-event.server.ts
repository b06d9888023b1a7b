import mongoose, { Schema, type Model, type Types } from "mongoose";
import { databaseUnavailableAnswer } from "./unavailable.server";

// Written once, never updated: the product has no way to edit or delete an entry but the yearly sweep.
export type AuditEventDoc = {
  _id: Types.ObjectId;
  at: Date;
  action: string;
  /** The admin who acted, or null (a failed sign-in, an invitee, the system's scheduler). */
  actor_id: Types.ObjectId | null;
  /** Who, as they were named then, so an entry stays readable after its admin is deleted. */
  actor: string;
  /** The email a sign-in or a reset was attempted for, lowercased; "" when none. */
  email: string;
  target_type: string | null;
  target_id: string | null;
  target_label: string | null;
  address: string;
  user_agent: string;
  details: Record<string, unknown>;
  /** When the sweep removes it (a year after `at`). */
  expires_at: Date;
};

const auditEventSchema = new Schema<AuditEventDoc>(
  {
    at: { type: Date, required: true },
    action: { type: String, required: true },
    actor_id: { type: Schema.Types.ObjectId, default: null },
    actor: { type: String, default: "" },
    email: { type: String, default: "" },
    target_type: { type: String, default: null },
    target_id: { type: String, default: null },
    target_label: { type: String, default: null },
    address: { type: String, default: "" },
    user_agent: { type: String, default: "" },
    details: { type: Schema.Types.Mixed, default: {} },
    expires_at: { type: Date, required: true },
  },
  { versionKey: false, minimize: false },
);

// Newest first, alone or narrowed by who or by what.
auditEventSchema.index({ at: -1, _id: -1 });
auditEventSchema.index({ actor_id: 1, at: -1 });
auditEventSchema.index({ action: 1, at: -1 });
// Clean-up only (the embedded engine never expires anything; the sweeper does it there).
auditEventSchema.index({ expires_at: 1 }, { expireAfterSeconds: 0 });

auditEventSchema.plugin(databaseUnavailableAnswer);

export const AuditEventModel: Model<AuditEventDoc> =
  (mongoose.models.AuditEvent as Model<AuditEventDoc> | undefined) ??
  mongoose.model<AuditEventDoc>("AuditEvent", auditEventSchema, "audit_events");
