import type { Model, Types } from "mongoose";

/** A queue's entry as its claim reads it: `field` is where the queue keeps its state ("status" or "state"). */
type QueueEntry<Field extends string> = { _id: Types.ObjectId; attempts: number; locked_until?: Date | null } & Record<Field, string>;

const CLAIM_TRIES = 10;

/**
 * The next due entry of a queue in MongoDB (the mail outbox, webhook deliveries): pending and due, or sending with a
 * lock that has lapsed (its instance died), claimed for `lockMs` and counted as an attempt. The update matches the
 * entry only as read, so of racing instances exactly one gets modifiedCount 1. Not findOneAndUpdate: the embedded
 * engine does not check its filter again, so two racing calls could both get the entry (decision 0009).
 */
export async function claimNextDue<Field extends string, Doc extends QueueEntry<Field>>(
  model: Model<Doc>,
  field: Field,
  { now, lockMs }: { now: Date; lockMs: number },
): Promise<Doc | null> {
  const due = {
    $or: [
      { [field]: "pending", next_attempt_at: { $lte: now } },
      { [field]: "sending", locked_until: { $lt: now } },
    ],
  };
  for (let tries = 0; tries < CLAIM_TRIES; tries++) {
    const candidate = (await model.findOne(due).sort({ next_attempt_at: 1, _id: 1 }).lean()) as Doc | null;
    if (!candidate) return null;
    const lockedUntil = new Date(now.getTime() + lockMs);
    const { modifiedCount } = await model.updateOne(
      { _id: candidate._id, [field]: candidate[field], attempts: candidate.attempts },
      { $set: { [field]: "sending", locked_until: lockedUntil }, $inc: { attempts: 1 } },
    );
    if (modifiedCount === 1) return { ...candidate, [field]: "sending", locked_until: lockedUntil, attempts: candidate.attempts + 1 };
  }
  return null;
}
