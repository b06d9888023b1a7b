import { AdminModel, type AdminDoc } from "~/models/admin.server";
import { endAccountLinks, endLinks } from "./account-links.server";
import { adminTarget, fromCommandLine, recordEvent, type AdminOrigin, type Origin } from "./audit-log.server";
import { isObjectId, ok, refused, type Result } from "./shared";
import type { Passwords } from "./ports";
import type { AdminInput, AdminUpdateInput, LoginInput } from "./schemas";
import { endAdminAccess } from "./access.server";
import type { Admin } from "./types";
import { fireWebhookEvent } from "./webhooks.server";

function toAdmin(doc: Pick<AdminDoc, "_id" | "name" | "email">): Admin {
  return { id: doc._id.toString(), name: doc.name, email: doc.email };
}

export async function getAdminById(id: string): Promise<Admin | null> {
  if (!isObjectId(id)) return null;
  const doc = await AdminModel.findById(id).lean();
  return doc ? toAdmin(doc) : null;
}

export async function listAdmins(): Promise<Admin[]> {
  const docs = await AdminModel.find().sort({ created_at: 1, _id: 1 }).lean();
  return docs.map(toAdmin);
}

export async function isEmailTaken(email: string, { exceptId }: { exceptId?: string } = {}): Promise<boolean> {
  const filter = exceptId && isObjectId(exceptId) ? { email, _id: { $ne: exceptId } } : { email };
  return Boolean(await AdminModel.exists(filter));
}

function isDuplicateKey(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: number }).code === 11000;
}

/** `origin` null: an admin the product makes itself (the first start, an accepted invitation), recorded as such or not at all. */
export async function createAdmin(input: AdminInput, passwords: Passwords, origin: Origin | null): Promise<Result<Admin, "email-taken">> {
  // The unique index is the guard against two admins with one email, races included: build it before relying on it.
  await AdminModel.init();
  if (await isEmailTaken(input.email)) return refused("email-taken");
  try {
    const doc = await AdminModel.create({ name: input.name, email: input.email, passwordHash: await passwords.hash(input.password) });
    // An invitation to this email could only fail now: it ends (docs/behaviour.md#invitations).
    await endLinks({ purpose: "invitation", email: doc.email }, { now: new Date() });
    const created = toAdmin(doc);
    if (origin) await recordEvent(origin, "admin.created", { target: adminTarget(created), ...fromCommandLine(origin, created) });
    await fireWebhookEvent("admin.created", { admin: created });
    return ok(created);
  } catch (error) {
    if (isDuplicateKey(error)) return refused("email-taken");
    throw error;
  }
}

/** One refusal, in the same time, whether the email or the password is wrong (unknown emails are checked against a dummy hash). */
export async function verifyCredentials(
  { email, password }: LoginInput,
  passwords: Passwords,
): Promise<Result<Admin, "invalid-credentials">> {
  const doc = await AdminModel.findOne({ email }).select("+passwordHash").lean();
  const matches = await passwords.verify(password, doc?.passwordHash);
  if (!doc || !matches) return refused("invalid-credentials");
  return ok(toAdmin(doc));
}

/**
 * A new password also ends every session but `keepSessionId` (one's own, when changing one's own password) and revokes
 * the API tokens; a new email or password ends the links they vouched for. A change of name or email and a new
 * password are separate entries of the audit log; a password set from the command line is a reset.
 */
export async function updateAdmin(
  id: string,
  input: AdminUpdateInput,
  passwords: Passwords,
  origin: Origin,
  { keepSessionId }: { keepSessionId?: string } = {},
): Promise<Result<Admin, "email-taken" | "not-found">> {
  if (!isObjectId(id)) return refused("not-found");
  await AdminModel.init();
  if (await isEmailTaken(input.email, { exceptId: id })) return refused("email-taken");
  const changes: Partial<AdminDoc> = { name: input.name, email: input.email };
  if (input.password) changes.passwordHash = await passwords.hash(input.password);
  try {
    const before = await AdminModel.findByIdAndUpdate(id, { $set: changes }, { returnDocument: "before", runValidators: true }).lean();
    if (!before) return refused("not-found");
    if (input.password || before.email !== input.email) await endAccountLinks(id, new Date());
    if (input.password) await endAdminAccess(id, { keepSessionId });
    const after = toAdmin({ _id: before._id, name: input.name, email: input.email });
    await recordUpdate(origin, before, after, Boolean(input.password));
    return ok(after);
  } catch (error) {
    if (isDuplicateKey(error)) return refused("email-taken");
    throw error;
  }
}

async function recordUpdate(origin: Origin, before: Pick<AdminDoc, "name" | "email">, after: Admin, passwordChanged: boolean) {
  const changed = (["name", "email"] as const).filter((field) => before[field] !== after[field]);
  if (changed.length) await recordEvent(origin, "admin.updated", { target: adminTarget(after), details: { changed } });
  if (!passwordChanged) return;
  if (origin.door === "command line") await recordEvent(origin, "password.reset", fromCommandLine(origin, after));
  else await recordEvent(origin, "password.changed", { target: adminTarget(after), details: { own: origin.actor?.id === after.id } });
}

export type AdminRemoval = "deleted" | "not-found" | "self" | "last";

/** Refuses oneself and the last admin: the product must keep a way in. */
export async function deleteAdmin(id: string, origin: AdminOrigin): Promise<AdminRemoval> {
  if (!isObjectId(id)) return "not-found";
  if (id === origin.actor.id) return "self";
  const existing = await AdminModel.findById(id).lean();
  if (!existing) return "not-found";
  if ((await AdminModel.countDocuments()) <= 1) return "last";
  const { deletedCount } = await AdminModel.deleteOne({ _id: id });
  if (!deletedCount) return "not-found";
  await endAccountLinks(id, new Date());
  await endAdminAccess(id);
  const deleted = toAdmin(existing);
  await recordEvent(origin, "admin.deleted", { target: adminTarget(deleted) });
  await fireWebhookEvent("admin.deleted", { admin: deleted });
  return "deleted";
}
