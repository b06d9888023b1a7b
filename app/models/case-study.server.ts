import mongoose, { Schema, type Model, type QueryFilter, type Types } from "mongoose";
import { databaseUnavailableAnswer } from "./unavailable.server";

// The stored values; the domain's rules (app/domain/case-study-status.ts, schemas.ts) decide what may be written.
export const STORED_STATUSES = ["draft", "published"] as const;

export type GalleryImageDoc = { url: string; alt: string; caption: string | null };

export type CaseStudyDoc = {
  _id: Types.ObjectId;
  /** Set for every entry by the domain; entries stored before addresses had slugs get one at start-up. */
  slug?: string | null;
  /** Every address the entry had before; each answers 301 to `slug`. */
  former_slugs?: string[];
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
  summary?: string | null;
  challenge?: string | null;
  approach?: string | null;
  result?: string | null;
  gallery?: GalleryImageDoc[];
  /** Slugs of the site's services (the `services` content part). */
  services?: string[];
  featured?: boolean;
  /** The place among featured entries, lowest first; null when not featured. */
  featured_order?: number | null;
  seo_title?: string | null;
  seo_description?: string | null;
  seo_image_url?: string | null;
  publish_at?: Date | null;
  unpublish_at?: Date | null;
  /** Who set the schedule, for the version the scheduled change records. */
  scheduled_by?: { id: string; name: string; email: string } | null;
  created_at: Date;
  updated_at: Date;
};

const outcomeSchema = new Schema(
  {
    // A draft's rows may be blank; publishing needs them filled (the domain's rule, docs/behaviour.md#drafts).
    label: { type: String, trim: true, default: "" },
    value: { type: String, trim: true, default: "" },
  },
  { _id: false },
);

const galleryImageSchema = new Schema(
  {
    url: { type: String, required: true },
    alt: { type: String, trim: true, default: "" },
    caption: { type: String, trim: true, default: null },
  },
  { _id: false },
);

const caseStudySchema = new Schema<CaseStudyDoc>(
  {
    slug: { type: String, trim: true },
    former_slugs: { type: [String], default: undefined },
    title: { type: String, required: true, trim: true },
    // Empty only on a draft: what publishing needs is the domain's rule (missingForPublishing).
    client: { type: String, trim: true, default: "" },
    industry: { type: String, trim: true, default: "" },
    project_insight: { type: String, trim: true, default: "" },
    technologies: { type: [String], default: [] },
    outcomes: { type: [outcomeSchema], default: [] },
    /** Empty: a draft without an image yet. */
    image_url: { type: String, default: "" },
    website_url: { type: String, default: null },
    status: { type: String, enum: STORED_STATUSES, default: "published" },
    image_alt: { type: String, trim: true, default: null },
    summary: { type: String, trim: true, default: null },
    challenge: { type: String, default: null },
    approach: { type: String, default: null },
    result: { type: String, default: null },
    gallery: { type: [galleryImageSchema], default: undefined },
    services: { type: [String], default: undefined },
    featured: { type: Boolean, default: false },
    featured_order: { type: Number, default: null },
    seo_title: { type: String, trim: true, default: null },
    seo_description: { type: String, trim: true, default: null },
    seo_image_url: { type: String, default: null },
    publish_at: { type: Date, default: null },
    unpublish_at: { type: Date, default: null },
    scheduled_by: { type: { id: String, name: String, email: String, _id: false }, default: null },
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
// Partial: entries stored before slugs existed have none until start-up gives them one.
caseStudySchema.index({ slug: 1 }, { unique: true, partialFilterExpression: { slug: { $type: "string" } } });
caseStudySchema.index({ former_slugs: 1 });
// The scheduler's claims: due times only (null sorts before every date, so a range on dates skips them).
caseStudySchema.index({ publish_at: 1 });
caseStudySchema.index({ unpublish_at: 1 });
// The public list filtered by service or industry, newest first (the statuses merged in date order), and the facet counts
// within one; the industry's alone also finds the entries an industry's rename or removal concerns. Related work
// (app/domain/related-work.server.ts) reads the newest published entries sharing a service, or the industry, through them.
caseStudySchema.index({ services: 1, status: 1, created_at: -1, _id: -1 });
caseStudySchema.index({ industry: 1, status: 1, created_at: -1, _id: -1 });
// Featured work in its order.
caseStudySchema.index({ featured: 1, featured_order: 1, created_at: -1 });
// releaseImages asks whether any entry still shows an image, in any of the three places one can be.
caseStudySchema.index({ image_url: 1 });
caseStudySchema.index({ "gallery.url": 1 });
caseStudySchema.index({ seo_image_url: 1 });

caseStudySchema.plugin(databaseUnavailableAnswer);

export const CaseStudyModel: Model<CaseStudyDoc> =
  (mongoose.models.CaseStudy as Model<CaseStudyDoc> | undefined) ??
  mongoose.model<CaseStudyDoc>("CaseStudy", caseStudySchema, "case_studies");
