import mongoose from "mongoose";
import { AdminModel } from "~/models/admin.server";
import { OwnerSeatsModel, RefusalModel } from "~/models/role-guard.server";
import type { Permission } from "./permissions";

// docs/security.md#roles: the Owners a site keeps, and the attempts its roles refused.

const SEATS = "owners";

const isDuplicate = (error: unknown) => (error as { code?: number } | null)?.code === 11000;

/**
 * Once per site, safe on several instances at once: a site whose admins were made before roles gets its oldest admin
 * as Owner, and the Owners are counted into the seats document. Every write that makes or unmakes an Owner calls it
 * first, so no count is read while an Owner is being made; start-up calls it too.
 */
export async function ensureOwner(): Promise<void> {
  if (await OwnerSeatsModel.exists({ _id: SEATS })) return;
  if (!(await AdminModel.exists({ role: "owner" }))) {
    const oldest = await AdminModel.findOne().sort({ created_at: 1, _id: 1 }).lean();
    // Two instances pick the same oldest admin: the condition makes the second write change nothing.
    if (oldest) await AdminModel.updateOne({ _id: oldest._id, role: { $ne: "owner" } }, { $set: { role: "owner" } });
  }
  const count = await AdminModel.countDocuments({ role: "owner" });
  try {
    await OwnerSeatsModel.updateOne({ _id: SEATS }, { $setOnInsert: { count } }, { upsert: true });
  } catch (error) {
    if (!isDuplicate(error)) throw error;
  }
}

/** Before an Owner is demoted or deleted: false when they are the last one. Not findOneAndUpdate (decision 0009). */
export async function takeOwnerSeat(): Promise<boolean> {
  await ensureOwner();
  const { modifiedCount } = await OwnerSeatsModel.updateOne({ _id: SEATS, count: { $gt: 1 } }, { $inc: { count: -1 } });
  return modifiedCount === 1;
}

/** After an Owner is made, or when a taken seat's demotion did not happen (the admin was no longer an Owner). */
export async function addOwnerSeat(): Promise<void> {
  await OwnerSeatsModel.updateOne({ _id: SEATS }, { $inc: { count: 1 } });
}

// ---------------------------------------------------------------------------------------------
// Refused attempts

/** Counters older than this are swept. */
const REFUSALS_KEPT_DAYS = 90;
const DAY_MS = 86_400_000;

const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/** One more refusal on the day's counter of this admin and permission: an atomic upsert, so parallel refusals all count. */
export async function countRefusal(adminId: string, permission: Permission, at = new Date()): Promise<void> {
  const where = { day: utcDay(at), admin_id: new mongoose.Types.ObjectId(adminId), permission };
  try {
    await RefusalModel.updateOne(where, { $inc: { count: 1 } }, { upsert: true });
  } catch (error) {
    // Another request inserted the day's counter between this one's match and insert: it exists now.
    if (!isDuplicate(error)) throw error;
    await RefusalModel.updateOne(where, { $inc: { count: 1 } });
  }
}

export type RefusalCount = {
  admin: { id: string; name: string; email: string } | null;
  permission: string;
  count: number;
  last_day: string;
};

/** The refusals of the last `days` days (UTC, today included), by admin and permission, most first. */
export async function recentRefusals(now = new Date(), days = 30): Promise<RefusalCount[]> {
  const docs = await RefusalModel.find({ day: { $gte: utcDay(new Date(now.getTime() - (days - 1) * DAY_MS)) } }).lean();
  const totals = new Map<string, { adminId: string; permission: string; count: number; last_day: string }>();
  for (const doc of docs) {
    const key = `${String(doc.admin_id)} ${doc.permission}`;
    const total = totals.get(key) ?? { adminId: String(doc.admin_id), permission: doc.permission, count: 0, last_day: doc.day };
    total.count += doc.count;
    if (doc.day > total.last_day) total.last_day = doc.day;
    totals.set(key, total);
  }
  const ids = [...new Set([...totals.values()].map((total) => total.adminId))];
  const admins = new Map(
    (await AdminModel.find({ _id: { $in: ids } }).lean()).map((doc) => [
      String(doc._id),
      { id: String(doc._id), name: doc.name, email: doc.email },
    ]),
  );
  return [...totals.values()]
    .map(({ adminId, permission, count, last_day }) => ({ admin: admins.get(adminId) ?? null, permission, count, last_day }))
    .sort((a, b) => b.count - a.count || a.permission.localeCompare(b.permission));
}

/** The counters past their keeping, for the sweeper. */
export async function sweepOldRefusals(now: Date): Promise<number> {
  const { deletedCount } = await RefusalModel.deleteMany({ day: { $lt: utcDay(new Date(now.getTime() - REFUSALS_KEPT_DAYS * DAY_MS)) } });
  return deletedCount;
}
