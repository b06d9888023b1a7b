import mongoose, { Schema, type Model, type Types } from "mongoose";
import { databaseUnavailableAnswer } from "./unavailable.server";

/** Chats started through /go/whatsapp: one counter per UTC day, service and page (decision 0051), never one per click. */
export type WhatsAppChatDoc = { _id: Types.ObjectId; day: string; service: string; page: string; count: number };

const whatsAppChatSchema = new Schema<WhatsAppChatDoc>(
  {
    // YYYY-MM-DD (UTC): sorts and compares as the date it names.
    day: { type: String, required: true },
    service: { type: String, required: true },
    page: { type: String, required: true },
    count: { type: Number, default: 0 },
  },
  { versionKey: false },
);

// Two instances counting a day's first chat upsert one document: the second's duplicate key error is retried as an $inc.
whatsAppChatSchema.index({ day: 1, service: 1, page: 1 }, { unique: true });

whatsAppChatSchema.plugin(databaseUnavailableAnswer);

export const WhatsAppChatModel: Model<WhatsAppChatDoc> =
  (mongoose.models.WhatsAppChat as Model<WhatsAppChatDoc> | undefined) ??
  mongoose.model<WhatsAppChatDoc>("WhatsAppChat", whatsAppChatSchema, "whatsapp_chats");
