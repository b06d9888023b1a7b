import mongoose, { Schema, type Model } from "mongoose";
import { databaseUnavailableAnswer } from "./unavailable.server";

// The nonce is the `_id`, so the unique key lets a captcha token answer only once, whichever instance checks it.
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

captchaNonceSchema.plugin(databaseUnavailableAnswer);

export const CaptchaNonceModel: Model<CaptchaNonceDoc> =
  (mongoose.models.CaptchaNonce as Model<CaptchaNonceDoc> | undefined) ??
  mongoose.model<CaptchaNonceDoc>("CaptchaNonce", captchaNonceSchema, "captcha_nonces");
