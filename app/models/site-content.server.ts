import mongoose, { Schema, type Model } from "mongoose";
import { databaseUnavailableAnswer } from "./unavailable.server";

/** One document per part of the site's content (docs/decisions/0020-site-content-as-data.md). */
export type SiteContentDoc = {
  _id: string;
  published: unknown;
  draft: unknown;
  /** Upload URLs the published content and the draft use, so an image's last user can be found by index. */
  images: string[];
  published_at: Date | null;
  draft_at: Date | null;
  updated_by: string | null;
  updated_at: Date;
};

const siteContentSchema = new Schema<SiteContentDoc>(
  {
    _id: { type: String, required: true },
    published: { type: Schema.Types.Mixed, default: null },
    draft: { type: Schema.Types.Mixed, default: null },
    images: { type: [String], default: [] },
    published_at: { type: Date, default: null },
    draft_at: { type: Date, default: null },
    updated_by: { type: String, default: null },
  },
  { timestamps: { createdAt: false, updatedAt: "updated_at" }, versionKey: false, minimize: false },
);

siteContentSchema.index({ images: 1 });
siteContentSchema.plugin(databaseUnavailableAnswer);

export const SiteContentModel: Model<SiteContentDoc> =
  (mongoose.models.SiteContent as Model<SiteContentDoc> | undefined) ??
  mongoose.model<SiteContentDoc>("SiteContent", siteContentSchema, "site_content");

/** Raised on every publish: each instance compares it with the one its cached content was read at. */
export type ContentStampDoc = { _id: string; n: number; updated_at: Date };

const contentStampSchema = new Schema<ContentStampDoc>(
  {
    _id: { type: String, required: true },
    n: { type: Number, required: true, default: 0 },
  },
  { timestamps: { createdAt: false, updatedAt: "updated_at" }, versionKey: false },
);

contentStampSchema.plugin(databaseUnavailableAnswer);

export const ContentStampModel: Model<ContentStampDoc> =
  (mongoose.models.ContentStamp as Model<ContentStampDoc> | undefined) ??
  mongoose.model<ContentStampDoc>("ContentStamp", contentStampSchema, "content_stamps");
