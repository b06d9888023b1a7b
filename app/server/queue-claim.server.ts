import { remember } from "@epic-web/remember";
import type { Model, Types } from "mongoose";
import { isDbConnected } from "./db.server";

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

/**
 * A queue's worker in this process: one run at a time, and one more right after it when kicked meanwhile, so an entry
 * queued during a run is not left for the next tick. A database that is away is skipped quietly: the next tick tries
 * again. `key` keeps one worker across the dev server's reloads.
 */
export function queueWorker(key: string, run: () => Promise<unknown>, describeError: (error: unknown) => string) {
  const loop = remember(key, () => ({
    running: undefined as Promise<void> | undefined,
    again: false,
    timer: undefined as NodeJS.Timeout | undefined,
  }));
  function kick(): Promise<void> {
    if (loop.running) {
      loop.again = true;
      return loop.running;
    }
    const running = (async () => {
      do {
        loop.again = false;
        if (!isDbConnected()) return;
        try {
          await run();
        } catch (error) {
          console.error(describeError(error));
        }
      } while (loop.again);
    })().finally(() => {
      loop.running = undefined;
    });
    loop.running = running;
    return running;
  }
  return {
    kick,
    idle: (): Promise<void> => loop.running ?? Promise.resolve(),
    /** A run every `intervalMs` while `when()` holds, started once per process. */
    every(intervalMs: number, when: () => boolean = () => true): void {
      if (loop.timer) return;
      loop.timer = setInterval(() => {
        if (when() && isDbConnected()) void kick();
      }, intervalMs);
      loop.timer.unref();
    },
  };
}
