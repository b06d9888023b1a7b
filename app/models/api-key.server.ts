import mongoose, { Schema, type Model, type Types } from "mongoose";
import { databaseUnavailableAnswer } from "./unavailable.server";

// The scopes are named here, not imported: models import nothing of the domain (its SCOPES are the same, a test checks).
export const STORED_SCOPES = [
  "case_studies:read",
  "case_studies:write",
  "content:read",
  "content:write",
  "leads:read",
  "leads:write",
  "admins:read",
  "admins:write",
  "audit:read",
  "webhooks:write",
] as const;

/** Who made a key, as they were named then: the list keeps naming them after they are deleted. */
type ApiKeyCreatorDoc = { id: Types.ObjectId; name: string; email: string };

// Only the SHA-256 hash of a key's secret is stored; the key itself is shown once.
export type ApiKeyDoc = {
  _id: Types.ObjectId;
  name: string;
  scopes: (typeof STORED_SCOPES)[number][];
  secret_hash: string;
  created_by: ApiKeyCreatorDoc;
  expires_at: Date | null;
  /** Written at most every LAST_SEEN_INTERVAL_MS. */
  last_used_at: Date | null;
  last_used_address: string;
  revoked_at: Date | null;
  created_at: Date;
  updated_at: Date;
};

const apiKeySchema = new Schema<ApiKeyDoc>(
  {
    name: { type: String, required: true, trim: true },
    scopes: { type: [String], enum: STORED_SCOPES, default: [] },
    secret_hash: { type: String, required: true, unique: true },
    created_by: {
      type: new Schema<ApiKeyCreatorDoc>(
        { id: { type: Schema.Types.ObjectId, required: true }, name: { type: String, default: "" }, email: { type: String, default: "" } },
        { _id: false },
      ),
      required: true,
    },
    expires_at: { type: Date, default: null },
    last_used_at: { type: Date, default: null },
    last_used_address: { type: String, default: "" },
    revoked_at: { type: Date, default: null },
  },
  { timestamps: { createdAt: "created_at", updatedAt: "updated_at" }, versionKey: false },
);

apiKeySchema.plugin(databaseUnavailableAnswer);

export const ApiKeyModel: Model<ApiKeyDoc> =
  (mongoose.models.ApiKey as Model<ApiKeyDoc> | undefined) ?? mongoose.model<ApiKeyDoc>("ApiKey", apiKeySchema, "api_keys");
