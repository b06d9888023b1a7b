import mongoose, { Schema, type Model, type Types } from "mongoose";
import { databaseUnavailableAnswer } from "./unavailable.server";

export type SettingDoc = { _id: Types.ObjectId; key: string; value: string; updated_at: Date };

const settingSchema = new Schema<SettingDoc>(
  {
    key: { type: String, required: true, unique: true },
    value: { type: String, required: true },
  },
  { timestamps: { createdAt: false, updatedAt: "updated_at" }, versionKey: false },
);

settingSchema.plugin(databaseUnavailableAnswer);

export const SettingModel: Model<SettingDoc> =
  (mongoose.models.Setting as Model<SettingDoc> | undefined) ?? mongoose.model<SettingDoc>("Setting", settingSchema, "settings");
