import { AdminModel, type AdminDoc } from "~/models/admin.server";
import { endAccountLinks, endLinks } from "./account-links.server";
import { adminTarget, fromCommandLine, recordEvent, type AdminOrigin, type Origin } from "./audit-log.server";
import { isObjectId, ok, refused, type Result } from "./shared";
import type { Passwords } from "./ports";
import type { AdminInput, AdminUpdateInput, LoginInput } from "./schemas";
import { endAdminAccess } from "./access.server";
import { canAssignRole, DEFAULT_ROLE, type Actor, type Role } from "./permissions";
import { addOwnerSeat, ensureOwner, takeOwnerSeat } from "./roles.server";
import type { Admin, AdminAccount } from "./types";
import { fireWebhookEvent } from "./webhooks.server";

function toAdmin(doc: Pick<AdminDoc, "_id" | "name" | "email" | "role">): AdminAccount {
  return { id: doc._id.toString(), name: doc.name, email: doc.email, role: doc.role ?? DEFAULT_ROLE };
}

export async function getAdminById(id: string): Promise<AdminAccount | null> {
  if (!isObjectId(id)) return null;
  const doc = await AdminModel.findById(id).lean();
  return doc ? toAdmin(doc) : null;
}

export async function listAdmins(): Promise<AdminAccount[]> {
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

/**
 * `origin` null: an admin the product makes itself (the first start, an accepted invitation), recorded as such or not
 * at all. The site's first admin is its Owner; otherwise `role` (an Admin without it), which only an Owner (`by`)
 * may make Owner.
 */
export async function createAdmin(
  input: AdminInput & { role?: Role },
  passwords: Passwords,
  origin: Origin | null,
  { by }: { by?: Actor } = {},
): Promise<Result<AdminAccount, "email-taken" | "forbidden">> {
  // The unique index is the guard against two admins with one email, races included: build it before relying on it.
  await AdminModel.init();
  const asked = input.role ?? DEFAULT_ROLE;
  if (by && !canAssignRole(by, null, asked)) return refused("forbidden");
  if (await isEmailTaken(input.email)) return refused("email-taken");
  // Before an Owner is made, so that the seats count it once (roles.server.ts).
  await ensureOwner();
  const role = (await AdminModel.exists({})) ? asked : "owner";
  try {
    const doc = await AdminModel.create({ name: input.name, email: input.email, role, passwordHash: await passwords.hash(input.password) });
    if (role === "owner") await addOwnerSeat();
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
): Promise<Result<AdminAccount, "invalid-credentials">> {
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
): Promise<Result<AdminAccount, "email-taken" | "not-found">> {
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
    const after = toAdmin({ _id: before._id, name: input.name, email: input.email, role: before.role });
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

export type AdminRemoval = "deleted" | "not-found" | "self" | "last" | "last-owner" | "forbidden";

/**
 * Refuses oneself and the last admin (the product must keep a way in), and the last Owner; an Owner is removed only
 * by an Owner (`by`). The last Owner holds under races: the Owner's seat is taken by a conditional write first.
 */
export async function deleteAdmin(id: string, origin: AdminOrigin, { by }: { by: Actor }): Promise<AdminRemoval> {
  if (!isObjectId(id)) return "not-found";
  if (id === origin.actor.id) return "self";
  const existing = await AdminModel.findById(id).lean();
  if (!existing) return "not-found";
  const role = existing.role ?? DEFAULT_ROLE;
  if (!canAssignRole(by, role, null)) return "forbidden";
  if ((await AdminModel.countDocuments()) <= 1) return "last";
  if (role === "owner" && !(await takeOwnerSeat())) return "last-owner";
  // Only as the role seen: an admin made Owner meanwhile is not removed without a seat taken.
  const { deletedCount } = await AdminModel.deleteOne({ _id: id, role: existing.role ?? { $in: [null, DEFAULT_ROLE] } });
  if (!deletedCount) {
    if (role === "owner") await addOwnerSeat();
    return (await AdminModel.exists({ _id: id })) ? deleteAdmin(id, origin, { by }) : "not-found";
  }
  await endAccountLinks(id, new Date());
  await endAdminAccess(id);
  const deleted = toAdmin(existing);
  await recordEvent(origin, "admin.deleted", { target: adminTarget(deleted) });
  await fireWebhookEvent("admin.deleted", { admin: deleted });
  return "deleted";
}

/**
 * Gives an admin another role (docs/security.md#roles). An Owner is demoted only if another remains: the seat is taken
 * by a conditional write before the role changes, so two Owners demoting each other at once leave one.
 */
export async function changeRole(
  id: string,
  role: Role,
  origin: AdminOrigin,
  { by }: { by: Actor },
): Promise<Result<AdminAccount, "not-found" | "last-owner" | "forbidden">> {
  if (!isObjectId(id)) return refused("not-found");
  const existing = await AdminModel.findById(id).lean();
  if (!existing) return refused("not-found");
  const from = existing.role ?? DEFAULT_ROLE;
  if (!canAssignRole(by, from, role)) return refused("forbidden");
  if (from === role) return ok(toAdmin(existing));
  if (from === "owner" && !(await takeOwnerSeat())) return refused("last-owner");
  if (role === "owner") await ensureOwner();
  // Only from the role seen: a change made meanwhile by someone else wins, and this one is tried again on what it left.
  const { modifiedCount } = await AdminModel.updateOne(
    { _id: id, role: existing.role ?? { $in: [null, DEFAULT_ROLE] } },
    { $set: { role } },
  );
  if (!modifiedCount) {
    if (from === "owner") await addOwnerSeat();
    return (await AdminModel.exists({ _id: id })) ? changeRole(id, role, origin, { by }) : refused("not-found");
  }
  if (role === "owner") await addOwnerSeat();
  const after = toAdmin({ ...existing, role });
  await recordEvent(origin, "admin.role-changed", { target: adminTarget(after), details: { from, to: role } });
  return ok(after);
}
