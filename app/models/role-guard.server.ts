import mongoose, { Schema, type Model } from "mongoose";
import { databaseUnavailableAnswer } from "./unavailable.server";

/**
 * How many Owners the site has, in one document (`_id` "owners"): a demotion or deletion of an Owner first takes a
 * seat with a conditional `$inc` (only while more than one is left), so two Owners removing each other at once
 * leave one (docs/security.md#roles). The count is never above the Owners there are.
 */
export type OwnerSeatsDoc = { _id: string; count: number };

const ownerSeatsSchema = new Schema<OwnerSeatsDoc>(
  { _id: { type: String, required: true }, count: { type: Number, required: true } },
  { versionKey: false },
);

ownerSeatsSchema.plugin(databaseUnavailableAnswer);

export const OwnerSeatsModel: Model<OwnerSeatsDoc> =
  (mongoose.models.OwnerSeats as Model<OwnerSeatsDoc> | undefined) ??
  mongoose.model<OwnerSeatsDoc>("OwnerSeats", ownerSeatsSchema, "owner_seats");

/** Attempts a role refused: one counter per admin, permission and UTC day, never one document per refusal. */
export type RefusalDoc = {
  _id: mongoose.Types.ObjectId;
  day: string;
  admin_id: mongoose.Types.ObjectId;
  permission: string;
  count: number;
};

const refusalSchema = new Schema<RefusalDoc>(
  {
    // YYYY-MM-DD (UTC): sorts and compares as the date it names.
    day: { type: String, required: true },
    admin_id: { type: Schema.Types.ObjectId, required: true },
    permission: { type: String, required: true },
    count: { type: Number, default: 0 },
  },
  { versionKey: false },
);

// Two instances counting a day's first refusal upsert one document: the second's duplicate key error is retried as an $inc.
refusalSchema.index({ day: 1, admin_id: 1, permission: 1 }, { unique: true });

refusalSchema.plugin(databaseUnavailableAnswer);

export const RefusalModel: Model<RefusalDoc> =
  (mongoose.models.Refusal as Model<RefusalDoc> | undefined) ?? mongoose.model<RefusalDoc>("Refusal", refusalSchema, "refusals");
