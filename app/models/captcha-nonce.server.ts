import mongoose, { Schema, type Model } from "mongoose";
import { databaseUnavailableAnswer } from "./unavailable.server";

/**
 * A used contact-form captcha: its nonce as `_id`, so the unique primary key makes a token answer only
 * once whichever instance checks it. Kept until the token would have expired anyway.
 */
export type CaptchaNonceDoc = { _id: string; expires_at: Date };

const captchaNonceSchema = new Schema<CaptchaNonceDoc>(
  {
    _id: { type: String, required: true },
    expires_at: { type: Date, required: true },
  },
  { versionKey: false },
);

// Clean-up only (the embedded engine never expires anything; the sweeper does it there).
captchaNonceSchema.index({ expires_at: 1 }, { expireAfterSeconds: 0 });

// A database lost mid-request answers like one found away before it (the server registers the answer).
captchaNonceSchema.plugin(databaseUnavailableAnswer);

export const CaptchaNonceModel: Model<CaptchaNonceDoc> =
  (mongoose.models.CaptchaNonce as Model<CaptchaNonceDoc> | undefined) ??
  mongoose.model<CaptchaNonceDoc>("CaptchaNonce", captchaNonceSchema, "captcha_nonces");
