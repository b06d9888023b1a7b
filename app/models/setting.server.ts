import mongoose, { Schema, type Model, type Types } from "mongoose";
import { databaseErrorsAs503 } from "~/server/db.server";

/** One document per setting key; values are strings. */
export type SettingDoc = { _id: Types.ObjectId; key: string; value: string; updated_at: Date };

const settingSchema = new Schema<SettingDoc>(
  {
    key: { type: String, required: true, unique: true },
    value: { type: String, required: true },
  },
  { timestamps: { createdAt: false, updatedAt: "updated_at" }, versionKey: false },
);

// A database lost mid-request answers 503, like one found away before it.
settingSchema.plugin(databaseErrorsAs503);

export const SettingModel: Model<SettingDoc> =
  (mongoose.models.Setting as Model<SettingDoc> | undefined) ??
  mongoose.model<SettingDoc>("Setting", settingSchema, "settings");
