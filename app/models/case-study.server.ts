import mongoose, { Schema, type Model, type QueryFilter, type Types } from "mongoose";
import { databaseUnavailableAnswer } from "./unavailable.server";

// The stored values; the domain's rules (app/domain/case-study-status.ts, schemas.ts) decide what may be written.
export const STORED_STATUSES = ["draft", "published"] as const;

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
  status?: (typeof STORED_STATUSES)[number];
  image_alt?: string | null;
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
    status: { type: String, enum: STORED_STATUSES, default: "published" },
    image_alt: { type: String, trim: true, default: null },
  },
  {
    timestamps: { createdAt: "created_at", updatedAt: "updated_at" },
    versionKey: false,
  },
);

// No status counts as published, so no migration is needed; `$in` with exact values (null matches missing) lets MongoDB merge the status index in date order instead of sorting in memory.
export const PUBLISHED: QueryFilter<CaseStudyDoc> = { status: { $in: ["published", null] } };
export const DRAFTS: QueryFilter<CaseStudyDoc> = { status: "draft" };

// _id breaks ties so pages never overlap.
caseStudySchema.index({ created_at: -1, _id: -1 });
caseStudySchema.index({ status: 1, created_at: -1, _id: -1 });

caseStudySchema.plugin(databaseUnavailableAnswer);

export const CaseStudyModel: Model<CaseStudyDoc> =
  (mongoose.models.CaseStudy as Model<CaseStudyDoc> | undefined) ??
  mongoose.model<CaseStudyDoc>("CaseStudy", caseStudySchema, "case_studies");
