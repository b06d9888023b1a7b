import mongoose, { Schema, type Model, type Types } from "mongoose";
import { databaseErrorsAs503 } from "~/server/db.server";

export type CaseStudyDoc = {
  _id: Types.ObjectId;
  title: string;
  client: string;
  industry: string;
  project_insight: string;
  technologies: string[];
  outcomes: { label: string; value: string }[];
  image_url: string;
  website_url: string | null;
  created_at: Date;
  updated_at: Date;
};

const outcomeSchema = new Schema(
  {
    label: { type: String, required: true, trim: true },
    value: { type: String, required: true, trim: true },
  },
  { _id: false },
);

const caseStudySchema = new Schema<CaseStudyDoc>(
  {
    title: { type: String, required: true, trim: true },
    client: { type: String, required: true, trim: true },
    industry: { type: String, required: true, trim: true },
    project_insight: { type: String, required: true, trim: true },
    technologies: { type: [String], default: [] },
    outcomes: { type: [outcomeSchema], default: [] },
    image_url: { type: String, required: true },
    website_url: { type: String, default: null },
  },
  {
    timestamps: { createdAt: "created_at", updatedAt: "updated_at" },
    versionKey: false,
  },
);

// Newest-first listing, with _id as the tie-breaker so pages never overlap.
caseStudySchema.index({ created_at: -1, _id: -1 });

// A database lost mid-request answers 503, like one found away before it.
caseStudySchema.plugin(databaseErrorsAs503);

export const CaseStudyModel: Model<CaseStudyDoc> =
  (mongoose.models.CaseStudy as Model<CaseStudyDoc> | undefined) ??
  mongoose.model<CaseStudyDoc>("CaseStudy", caseStudySchema, "case_studies");
