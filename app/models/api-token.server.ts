import mongoose, { Schema, type Model, type Types } from "mongoose";
import { databaseUnavailableAnswer } from "./unavailable.server";

// Only the SHA-256 hash of a token's secret is stored.
export type ApiTokenDoc = {
  _id: Types.ObjectId;
  admin_id: Types.ObjectId;
  token_hash: string;
  expires_at: Date;
  /** The client's User-Agent and address when the token was issued, as the server saw them. */
  user_agent: string;
  address: string;
  /** Updated at most every LAST_SEEN_INTERVAL_MS; null on tokens from before it was kept. */
  last_seen_at: Date | null;
  created_at: Date;
  updated_at: Date;
};

const apiTokenSchema = new Schema<ApiTokenDoc>(
  {
    admin_id: { type: Schema.Types.ObjectId, required: true, ref: "Admin", index: true },
    token_hash: { type: String, required: true, unique: true },
    expires_at: { type: Date, required: true },
    user_agent: { type: String, default: "" },
    address: { type: String, default: "" },
    last_seen_at: { type: Date, default: null },
  },
  {
    timestamps: { createdAt: "created_at", updatedAt: "updated_at" },
    versionKey: false,
    toJSON: { transform: (_doc, ret: Record<string, unknown>) => ({ id: String(ret._id), expires_at: ret.expires_at }) },
  },
);

// Clean-up only (the embedded engine never expires anything): validity is always checked in the query.
apiTokenSchema.index({ expires_at: 1 }, { expireAfterSeconds: 0 });

apiTokenSchema.plugin(databaseUnavailableAnswer);

export const ApiTokenModel: Model<ApiTokenDoc> =
  (mongoose.models.ApiToken as Model<ApiTokenDoc> | undefined) ?? mongoose.model<ApiTokenDoc>("ApiToken", apiTokenSchema, "api_tokens");
