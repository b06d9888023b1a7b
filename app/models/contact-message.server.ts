import mongoose, { Schema, type Model, type Types } from "mongoose";
import { databaseUnavailableAnswer } from "./unavailable.server";

export type ContactMessageDoc = {
  _id: Types.ObjectId;
  name: string;
  email: string;
  message: string;
  read: boolean;
  source?: {
    landing_page: string;
    referrer: string | null;
    utm: Partial<Record<string, string>>;
    pages: { path: string; at: string }[];
  } | null;
  created_at: Date;
  updated_at: Date;
};

const contactMessageSchema = new Schema<ContactMessageDoc>(
  {
    name: { type: String, required: true, trim: true },
    email: { type: String, required: true, trim: true },
    message: { type: String, required: true, trim: true },
    read: { type: Boolean, default: false },
    // What brought the lead (app/domain/lead-source.ts), checked before it is stored.
    source: { type: Schema.Types.Mixed, default: null },
  },
  {
    timestamps: { createdAt: "created_at", updatedAt: "updated_at" },
    versionKey: false,
  },
);

// _id breaks ties so pages never overlap.
contactMessageSchema.index({ created_at: -1, _id: -1 });
contactMessageSchema.index({ read: 1 });

contactMessageSchema.plugin(databaseUnavailableAnswer);

export const ContactMessageModel: Model<ContactMessageDoc> =
  (mongoose.models.ContactMessage as Model<ContactMessageDoc> | undefined) ??
  mongoose.model<ContactMessageDoc>("ContactMessage", contactMessageSchema, "contact_messages");
