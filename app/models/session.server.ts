import mongoose, { Schema, type Model, type Types } from "mongoose";
import { databaseUnavailableAnswer } from "./unavailable.server";

export type SessionDoc = {
  _id: string;
  admin_id: Types.ObjectId | null;
  data: Record<string, unknown>;
  expires_at: Date;
  created_at: Date;
  updated_at: Date;
};

const sessionSchema = new Schema<SessionDoc>(
  {
    _id: { type: String, required: true },
    admin_id: { type: Schema.Types.ObjectId, ref: "Admin", default: null, index: true },
    data: { type: Schema.Types.Mixed, default: {} },
    expires_at: { type: Date, required: true },
  },
  { timestamps: { createdAt: "created_at", updatedAt: "updated_at" }, versionKey: false, minimize: false },
);

// Clean-up only (the embedded engine never expires anything; the sweeper does it there).
sessionSchema.index({ expires_at: 1 }, { expireAfterSeconds: 0 });

sessionSchema.plugin(databaseUnavailableAnswer);

export const SessionModel: Model<SessionDoc> =
  (mongoose.models.Session as Model<SessionDoc> | undefined) ?? mongoose.model<SessionDoc>("Session", sessionSchema, "sessions");
