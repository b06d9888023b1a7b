import mongoose, { Schema, type Model, type Types } from "mongoose";
import { databaseUnavailableAnswer } from "./unavailable.server";

export type ContactMessageDoc = {
  _id: Types.ObjectId;
  name: string;
  email: string;
  message: string;
  read: boolean;
  /** Absent on messages stored before leads had one: they read as "new" (domain/contact-messages.server.ts). */
  status?: string;
  owner_id?: Types.ObjectId | null;
  status_changes?: { status: string; at: Date; by_id: Types.ObjectId | null; by_name: string }[];
  /** Absent on leads whose owner never changed; names as they were then (null: an admin no longer found). */
  owner_changes?: {
    from_id: Types.ObjectId | null;
    from_name: string | null;
    to_id: Types.ObjectId | null;
    to_name: string | null;
    at: Date;
    by_id: Types.ObjectId | null;
    by_name: string;
  }[];
  first_response_at?: Date | null;
  /** The spam rule that filed it (app/domain/spam.ts); null once a person says it is not spam. */
  spam_reason?: string | null;
  /** Its new-message email is still owed: filed as spam, it was never sent (spent once, by a conditional update). */
  notify_pending?: boolean;
  /** Its lead.created webhook event is still owed, as notify_pending is its email. */
  webhook_pending?: boolean;
  /** Raised by every pipeline write, which is conditioned on it: arrays are rewritten whole ($push is missing here). */
  revision?: number;
  source?: {
    landing_page: string | null;
    referrer: string | null;
    utm: Partial<Record<string, string>>;
    pages: { path: string; at: string }[];
    service?: string;
    case_study?: string;
  } | null;
  /** The optional fields the studio had turned on, as the visitor filled them (docs/behaviour.md#optional-contact-fields). */
  fields?: { company?: string; budget?: string; timeline?: string; phone?: string } | null;
  created_at: Date;
  updated_at: Date;
};

const contactMessageSchema = new Schema<ContactMessageDoc>(
  {
    name: { type: String, required: true, trim: true },
    email: { type: String, required: true, trim: true },
    message: { type: String, required: true, trim: true },
    read: { type: Boolean, default: false },
    status: { type: String, default: "new" },
    owner_id: { type: Schema.Types.ObjectId, default: null },
    status_changes: {
      type: [{ _id: false, status: String, at: Date, by_id: { type: Schema.Types.ObjectId, default: null }, by_name: String }],
      default: undefined,
    },
    owner_changes: {
      type: [
        {
          _id: false,
          from_id: { type: Schema.Types.ObjectId, default: null },
          from_name: { type: String, default: null },
          to_id: { type: Schema.Types.ObjectId, default: null },
          to_name: { type: String, default: null },
          at: Date,
          by_id: { type: Schema.Types.ObjectId, default: null },
          by_name: String,
        },
      ],
      default: undefined,
    },
    first_response_at: { type: Date, default: null },
    spam_reason: { type: String, default: null },
    notify_pending: { type: Boolean, default: false },
    webhook_pending: { type: Boolean, default: false },
    revision: { type: Number, default: 0 },
    // What brought the lead (app/domain/lead-source.ts), checked before it is stored.
    source: { type: Schema.Types.Mixed, default: null },
    fields: {
      type: { _id: false, company: String, budget: String, timeline: String, phone: String },
      default: undefined,
    },
  },
  {
    timestamps: { createdAt: "created_at", updatedAt: "updated_at" },
    versionKey: false,
    // A source without utm values keeps its empty `utm`: mongoose drops empty objects otherwise.
    minimize: false,
  },
);

// _id breaks ties so pages never overlap.
contactMessageSchema.index({ created_at: -1, _id: -1 });
contactMessageSchema.index({ read: 1 });
// The inbox's tabs and owner filter, newest first; "new" is queried as { $in: ["new", null] } so that one index covers
// the messages stored before leads had a status.
// It also serves the sweep of old spam ({ status: "spam", created_at: { $lt: … } }).
contactMessageSchema.index({ status: 1, created_at: -1, _id: -1 });
contactMessageSchema.index({ owner_id: 1, created_at: -1, _id: -1 });
// Won this quarter (app/domain/lead-figures.server.ts).
contactMessageSchema.index({ status: 1, "status_changes.at": -1 });

contactMessageSchema.plugin(databaseUnavailableAnswer);

export const ContactMessageModel: Model<ContactMessageDoc> =
  (mongoose.models.ContactMessage as Model<ContactMessageDoc> | undefined) ??
  mongoose.model<ContactMessageDoc>("ContactMessage", contactMessageSchema, "contact_messages");
