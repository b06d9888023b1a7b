import mongoose, { Schema, type Model, type Types } from "mongoose";
import { databaseUnavailableAnswer } from "./unavailable.server";

export const VERSION_ACTIONS = ["draft", "publish", "restore", "create", "update", "delete", "seed", "schedule"] as const;
export type VersionAction = (typeof VERSION_ACTIONS)[number];

/** One saved state of something an admin edits (docs/decisions/0021-history-as-versions.md). */
export type VersionDoc = {
  _id: Types.ObjectId;
  /** What the version belongs to: `content:home`, `case-study:<id>`, `settings`. */
  subject: string;
  /** 1, 2, 3… per subject. */
  n: number;
  data: unknown;
  state: "draft" | "published";
  action: VersionAction;
  restored_from: number | null;
  author: { id: string; name: string; email: string } | null;
  /** Upload URLs in `data`, kept while a version uses them. */
  images: string[];
  created_at: Date;
};

const versionSchema = new Schema<VersionDoc>(
  {
    subject: { type: String, required: true },
    n: { type: Number, required: true },
    data: { type: Schema.Types.Mixed, default: null },
    state: { type: String, enum: ["draft", "published"], required: true },
    action: { type: String, enum: VERSION_ACTIONS, required: true },
    restored_from: { type: Number, default: null },
    author: {
      type: new Schema({ id: String, name: String, email: String }, { _id: false }),
      default: null,
    },
    images: { type: [String], default: [] },
  },
  { timestamps: { createdAt: "created_at", updatedAt: false }, versionKey: false, minimize: false },
);

versionSchema.index({ subject: 1, n: -1 }, { unique: true });
versionSchema.index({ images: 1 });
versionSchema.plugin(databaseUnavailableAnswer);

export const VersionModel: Model<VersionDoc> =
  (mongoose.models.Version as Model<VersionDoc> | undefined) ?? mongoose.model<VersionDoc>("Version", versionSchema, "versions");
