import mongoose, { Schema, type Model, type Types } from "mongoose";
import { databaseUnavailableAnswer } from "./unavailable.server";

export type AdminDoc = {
  _id: Types.ObjectId;
  name: string;
  email: string;
  passwordHash: string;
  created_at: Date;
  updated_at: Date;
};

const adminSchema = new Schema<AdminDoc>(
  {
    name: { type: String, required: true, trim: true },
    email: { type: String, required: true, trim: true, lowercase: true, unique: true },
    passwordHash: { type: String, required: true, select: false },
  },
  {
    timestamps: { createdAt: "created_at", updatedAt: "updated_at" },
    versionKey: false,
    // Defence in depth: the embedded engine ignores projections, so a document may carry the hash.
    toJSON: {
      transform: (_doc, ret: Record<string, unknown>) => ({ id: String(ret._id), name: ret.name, email: ret.email }),
    },
  },
);

adminSchema.plugin(databaseUnavailableAnswer);

export const AdminModel: Model<AdminDoc> =
  (mongoose.models.Admin as Model<AdminDoc> | undefined) ?? mongoose.model<AdminDoc>("Admin", adminSchema, "admins");
