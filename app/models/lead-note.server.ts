import mongoose, { Schema, type Model, type Types } from "mongoose";
import { databaseUnavailableAnswer } from "./unavailable.server";

/** A note on a lead: its own document, so adding one is an insert, never a rewrite of the lead (no $push here). */
export type LeadNoteDoc = {
  _id: Types.ObjectId;
  lead_id: Types.ObjectId;
  author_id: Types.ObjectId | null;
  author_name: string;
  text: string;
  created_at: Date;
};

const leadNoteSchema = new Schema<LeadNoteDoc>(
  {
    lead_id: { type: Schema.Types.ObjectId, required: true },
    author_id: { type: Schema.Types.ObjectId, default: null },
    author_name: { type: String, required: true },
    text: { type: String, required: true },
  },
  { timestamps: { createdAt: "created_at", updatedAt: false }, versionKey: false },
);

leadNoteSchema.index({ lead_id: 1, created_at: 1, _id: 1 });

leadNoteSchema.plugin(databaseUnavailableAnswer);

export const LeadNoteModel: Model<LeadNoteDoc> =
  (mongoose.models.LeadNote as Model<LeadNoteDoc> | undefined) ?? mongoose.model<LeadNoteDoc>("LeadNote", leadNoteSchema, "lead_notes");
