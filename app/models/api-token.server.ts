import mongoose, { Schema, type Model, type Types } from "mongoose";
import { databaseUnavailableAnswer } from "./unavailable.server";

// Only the SHA-256 hash of a token's secret is stored.
export type ApiTokenDoc = {
  _id: Types.ObjectId;
  admin_id: Types.ObjectId;
  token_hash: string;
  expires_at: Date;
  created_at: Date;
  updated_at: Date;
};

const apiTokenSchema = new Schema<ApiTokenDoc>(
  {
    admin_id: { type: Schema.Types.ObjectId, required: true, ref: "Admin", index: true },
    token_hash: { type: String, required: true, unique: true },
    expires_at: { type: Date, required: true },
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
