import mongoose, { Schema, type Model, type Types } from "mongoose";
import { databaseUnavailableAnswer } from "./unavailable.server";

// One-time links (invitations, password resets): the person holds the token, this collection only its SHA-256 hash.
// The purposes are named here, not imported: models import nothing of the domain (its are the same, a test checks).
export const STORED_LINK_PURPOSES = ["invitation", "reset"] as const;

export type AccountLinkDoc = {
  _id: Types.ObjectId;
  purpose: (typeof STORED_LINK_PURPOSES)[number];
  token_hash: string;
  email: string;
  /** The invitee's name (an invitation); "" for a reset. */
  name: string;
  /** The role an invitation gives (absent on invitations sent before roles: an Admin); null for a reset. */
  role?: string | null;
  /** The admin whose password a reset link changes; null for an invitation. */
  admin_id: Types.ObjectId | null;
  /** The admin who sent an invitation; null for a reset. */
  created_by: Types.ObjectId | null;
  /**
   * SHA-256 of the email and password hash, when the link was made, of the admin it rests on (`admin_id` for a reset,
   * `created_by` for an invitation): the link works only while they are unchanged.
   */
  account_stamp: string | null;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
  withdrawn_at: Date | null;
  /** The newer link that ended this one (a re-sent invitation, a newer reset request). */
  replaced_by: Types.ObjectId | null;
  /** When the sweep removes it: kept a while past its end, so that its page can still say what became of it. */
  purge_at: Date;
};

const accountLinkSchema = new Schema<AccountLinkDoc>(
  {
    purpose: { type: String, required: true, enum: STORED_LINK_PURPOSES },
    token_hash: { type: String, required: true },
    email: { type: String, required: true, trim: true, lowercase: true },
    name: { type: String, default: "" },
    role: { type: String, default: null },
    admin_id: { type: Schema.Types.ObjectId, default: null },
    created_by: { type: Schema.Types.ObjectId, default: null },
    account_stamp: { type: String, default: null },
    created_at: { type: Date, required: true },
    expires_at: { type: Date, required: true },
    used_at: { type: Date, default: null },
    withdrawn_at: { type: Date, default: null },
    replaced_by: { type: Schema.Types.ObjectId, default: null },
    purge_at: { type: Date, required: true },
  },
  { versionKey: false },
);

// A link is found by its token's hash, and used once by a conditional update on the same document.
accountLinkSchema.index({ token_hash: 1 }, { unique: true });
// The pending invitations (the list, one email's, one inviter's), and an admin's pending reset links.
accountLinkSchema.index({ purpose: 1, used_at: 1, withdrawn_at: 1, created_at: 1 });
accountLinkSchema.index({ purpose: 1, email: 1, used_at: 1, withdrawn_at: 1 });
accountLinkSchema.index({ purpose: 1, admin_id: 1, used_at: 1, withdrawn_at: 1 });
accountLinkSchema.index({ purpose: 1, created_by: 1, used_at: 1, withdrawn_at: 1 });
// Clean-up only (the embedded engine never expires anything; the sweeper does it there).
accountLinkSchema.index({ purge_at: 1 }, { expireAfterSeconds: 0 });

accountLinkSchema.plugin(databaseUnavailableAnswer);

export const AccountLinkModel: Model<AccountLinkDoc> =
  (mongoose.models.AccountLink as Model<AccountLinkDoc> | undefined) ??
  mongoose.model<AccountLinkDoc>("AccountLink", accountLinkSchema, "account_links");
