import mongoose, { Schema, type Model, type Types } from "mongoose";
import { databaseUnavailableAnswer } from "./unavailable.server";

export type SessionDoc = {
  _id: string;
  admin_id: Types.ObjectId | null;
  data: Record<string, unknown>;
  expires_at: Date;
  /** The browser's User-Agent and the client's address at sign-in, as the server saw them (client-address.server.ts). */
  user_agent: string;
  address: string;
  /** Updated at most every LAST_SEEN_INTERVAL_MS (docs/behaviour.md#my-sessions); null on sessions from before it was kept. */
  last_seen_at: Date | null;
  created_at: Date;
  updated_at: Date;
};

const sessionSchema = new Schema<SessionDoc>(
  {
    _id: { type: String, required: true },
    admin_id: { type: Schema.Types.ObjectId, ref: "Admin", default: null, index: true },
    data: { type: Schema.Types.Mixed, default: {} },
    expires_at: { type: Date, required: true },
    user_agent: { type: String, default: "" },
    address: { type: String, default: "" },
    last_seen_at: { type: Date, default: null },
  },
  { timestamps: { createdAt: "created_at", updatedAt: "updated_at" }, versionKey: false, minimize: false },
);

// Clean-up only (the embedded engine never expires anything; the sweeper does it there).
sessionSchema.index({ expires_at: 1 }, { expireAfterSeconds: 0 });

sessionSchema.plugin(databaseUnavailableAnswer);

export const SessionModel: Model<SessionDoc> =
  (mongoose.models.Session as Model<SessionDoc> | undefined) ?? mongoose.model<SessionDoc>("Session", sessionSchema, "sessions");
