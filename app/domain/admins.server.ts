import { isObjectId } from "./ids";
import { AdminModel, type AdminDoc } from "~/models/admin.server";
import { messages } from "./messages";
import { checkPassword, hashPassword } from "./passwords.server";
import { fail, ok, type FieldResult as Result } from "./result";
import { endAdminAccess } from "./sessions.server";
import { adminInput, adminUpdateInput, fieldErrors, loginInput } from "./schemas";
import type { Admin } from "./types";

/** Admins: queries and rules shared by the dashboard, the API and the scripts. */

export function toAdmin(doc: Pick<AdminDoc, "_id" | "name" | "email">): Admin {
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

export function countAdmins(): Promise<number> {
  return AdminModel.countDocuments();
}

function isDuplicateKey(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: number }).code === 11000;
}

/** Creates an admin from untrusted input (form, API or command line). */
export async function createAdmin(raw: unknown): Promise<Result<Admin>> {
  const parsed = adminInput.safeParse(raw);
  if (!parsed.success) return { ok: false, ...fieldErrors(parsed.error) };
  const { name, email, password } = parsed.data;

  // The unique index is the real guard against races; build it before relying on it.
  await AdminModel.init();
  if (await AdminModel.exists({ email })) return fail("email", messages.emailTaken);
  try {
    const doc = await AdminModel.create({ name, email, passwordHash: await hashPassword(password) });
    return ok(toAdmin(doc));
  } catch (error) {
    if (isDuplicateKey(error)) return fail("email", messages.emailTaken);
    throw error;
  }
}

/**
 * Checks an email and password; the same message whether the email or the password is wrong, and the same
 * time (an unknown email is checked against a dummy hash). The check runs off the event loop and throws
 * PasswordChecksBusy when too many are running or waiting.
 */
export async function verifyCredentials(raw: unknown): Promise<Result<Admin>> {
  const parsed = loginInput.safeParse(raw);
  if (!parsed.success) return { ok: false, ...fieldErrors(parsed.error) };
  const { email, password } = parsed.data;

  const doc = await AdminModel.findOne({ email }).select("+passwordHash").lean();
  const matches = await checkPassword(password, doc?.passwordHash);
  if (!doc || !matches) return fail("email", messages.invalidCredentials);
  return ok(toAdmin(doc));
}

/**
 * Changes an admin's name, email and, when given, password. A new password ends every session of that admin
 * (but `keepSessionId`, the session of an admin changing their own password) and revokes their API tokens.
 */
export async function updateAdmin(id: string, raw: unknown, { keepSessionId }: { keepSessionId?: string } = {}): Promise<Result<Admin> | null> {
  if (!isObjectId(id)) return null;
  const parsed = adminUpdateInput.safeParse(raw);
  if (!parsed.success) return { ok: false, ...fieldErrors(parsed.error) };
  const { name, email, password } = parsed.data;
  await AdminModel.init();
  if (await AdminModel.exists({ email, _id: { $ne: id } })) return fail("email", messages.emailTaken);
  const changes: Partial<AdminDoc> = { name, email };
  if (password) changes.passwordHash = await hashPassword(password);
  try {
    const doc = await AdminModel.findByIdAndUpdate(id, { $set: changes }, { returnDocument: "after", runValidators: true }).lean();
    if (!doc) return null;
    if (password) await endAdminAccess(id, { keepSessionId });
    return ok(toAdmin(doc));
  } catch (error) {
    if (isDuplicateKey(error)) return fail("email", messages.emailTaken);
    throw error;
  }
}

export type AdminRemoval = "deleted" | "not-found" | "self" | "last";

/** Why a delete was refused. */
export const removalRefusal: Record<Exclude<AdminRemoval, "deleted">, string> = {
  self: messages.cannotDeleteSelf,
  last: messages.cannotDeleteLastAdmin,
  "not-found": messages.adminNotFound,
};

/** Deletes an admin, except oneself and the last admin (the product must keep a way in); their sessions and tokens end with them. */
export async function deleteAdmin(id: string, actingAdminId: string): Promise<AdminRemoval> {
  if (!isObjectId(id)) return "not-found";
  if (id === actingAdminId) return "self";
  if (!(await AdminModel.exists({ _id: id }))) return "not-found";
  if ((await AdminModel.countDocuments()) <= 1) return "last";
  const { deletedCount } = await AdminModel.deleteOne({ _id: id });
  if (!deletedCount) return "not-found";
  await endAdminAccess(id);
  return "deleted";
}
