import mongoose, { Schema, type Model, type Types } from "mongoose";
import { databaseUnavailableAnswer } from "./unavailable.server";

// The roles are named here, not imported: models import nothing of the domain (its are the same, a test checks).
export const STORED_ROLES = ["owner", "admin", "editor", "sales", "viewer"] as const;
type StoredRole = (typeof STORED_ROLES)[number];

/**
 * Two-factor sign-in (docs/behaviour.md#two-factor-sign-in): the secrets sealed with the server's key (decision 0027),
 * the recovery codes as SHA-256 hashes, each mapped to whether it has been used.
 */
export type TwoFactorDoc = {
  /** The confirmed secret; null while two-factor sign-in is off. */
  secret: string | null;
  enabled_at: Date | null;
  /** The time step of the last code accepted, so that no code is accepted twice. */
  last_step: number | null;
  recovery: Record<string, boolean>;
  /** A secret being set up, until it is confirmed with a first code or `pending_until` passes. */
  pending: string | null;
  pending_until: Date | null;
};

export type AdminDoc = {
  _id: Types.ObjectId;
  name: string;
  email: string;
  passwordHash: string;
  /** Absent on accounts made before roles: they read as the default role. */
  role?: StoredRole;
  two_factor?: TwoFactorDoc | null;
  /** When the latest two-factor code step used for a sign-in was started (ms): that step and every earlier one are spent. */
  last_sign_in_step?: number | null;
  created_at: Date;
  updated_at: Date;
};

const twoFactorSchema = new Schema<TwoFactorDoc>(
  {
    secret: { type: String, default: null },
    enabled_at: { type: Date, default: null },
    last_step: { type: Number, default: null },
    recovery: { type: Schema.Types.Mixed, default: () => ({}) },
    pending: { type: String, default: null },
    pending_until: { type: Date, default: null },
  },
  { _id: false, minimize: false },
);

const adminSchema = new Schema<AdminDoc>(
  {
    name: { type: String, required: true, trim: true },
    email: { type: String, required: true, trim: true, lowercase: true, unique: true },
    passwordHash: { type: String, required: true, select: false },
    role: { type: String, enum: STORED_ROLES, default: "admin" },
    two_factor: { type: twoFactorSchema, required: false },
    last_sign_in_step: { type: Number, default: null },
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
