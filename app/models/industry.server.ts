import mongoose, { Schema, type Model, type Types } from "mongoose";
import { databaseUnavailableAnswer } from "./unavailable.server";

/** One of the industries admins manage; a case study's `industry` holds an industry's name. */
export type IndustryDoc = {
  _id: Types.ObjectId;
  name: string;
  /** Made from the name (app/domain/industry-rules.ts): the `?industry=` of the public list. */
  slug: string;
  /** Lowest first. */
  position: number;
  created_at: Date;
  updated_at: Date;
};

const industrySchema = new Schema<IndustryDoc>(
  {
    name: { type: String, required: true, trim: true },
    slug: { type: String, required: true },
    position: { type: Number, required: true, default: 0 },
  },
  { timestamps: { createdAt: "created_at", updatedAt: "updated_at" }, versionKey: false },
);

// Unique: instances seeding the list together insert each industry once; names differing only in case share a slug.
industrySchema.index({ slug: 1 }, { unique: true });
industrySchema.index({ position: 1, _id: 1 });
industrySchema.plugin(databaseUnavailableAnswer);

export const IndustryModel: Model<IndustryDoc> =
  (mongoose.models.Industry as Model<IndustryDoc> | undefined) ?? mongoose.model<IndustryDoc>("Industry", industrySchema, "industries");

/** Work done once per database (a list seeded from older data), so that it is not done again after admins changed the result. */
export type OnceMarkDoc = { _id: string; at: Date };

const onceMarkSchema = new Schema<OnceMarkDoc>(
  {
    _id: { type: String, required: true },
    at: { type: Date, required: true },
  },
  { versionKey: false },
);
onceMarkSchema.plugin(databaseUnavailableAnswer);

export const OnceMarkModel: Model<OnceMarkDoc> =
  (mongoose.models.OnceMark as Model<OnceMarkDoc> | undefined) ?? mongoose.model<OnceMarkDoc>("OnceMark", onceMarkSchema, "once_marks");
