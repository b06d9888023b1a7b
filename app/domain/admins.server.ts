import { AdminModel, type AdminDoc } from "~/models/admin.server";
import { endAccountLinks, endLinks } from "./account-links.server";
import { isObjectId } from "./ids";
import type { Passwords } from "./ports";
import { ok, refused, type Result } from "./result";
import type { AdminInput, AdminUpdateInput, LoginInput } from "./schemas";
import { endAdminAccess } from "./sessions.server";
import type { Admin } from "./types";

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

export async function createAdmin(input: AdminInput, passwords: Passwords): Promise<Result<Admin, "email-taken">> {
  // The unique index is the guard against two admins with one email, races included: build it before relying on it.
  await AdminModel.init();
  if (await isEmailTaken(input.email)) return refused("email-taken");
  try {
    const doc = await AdminModel.create({ name: input.name, email: input.email, passwordHash: await passwords.hash(input.password) });
    // An invitation to this email could only fail now: it ends (docs/behaviour.md#invitations).
    await endLinks({ purpose: "invitation", email: doc.email }, { now: new Date() });
    return ok(toAdmin(doc));
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
 * the API tokens; a new email or password ends the links they vouched for.
 */
export async function updateAdmin(
  id: string,
  input: AdminUpdateInput,
  passwords: Passwords,
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
    return ok(toAdmin({ _id: before._id, name: input.name, email: input.email }));
  } catch (error) {
    if (isDuplicateKey(error)) return refused("email-taken");
    throw error;
  }
}

export type AdminRemoval = "deleted" | "not-found" | "self" | "last";

/** Refuses oneself and the last admin: the product must keep a way in. */
export async function deleteAdmin(id: string, actingAdminId: string): Promise<AdminRemoval> {
  if (!isObjectId(id)) return "not-found";
  if (id === actingAdminId) return "self";
  if (!(await AdminModel.exists({ _id: id }))) return "not-found";
  if ((await AdminModel.countDocuments()) <= 1) return "last";
  const { deletedCount } = await AdminModel.deleteOne({ _id: id });
  if (!deletedCount) return "not-found";
  await endAccountLinks(id, new Date());
  await endAdminAccess(id);
  return "deleted";
}
