import mongoose from "mongoose";

// One document per limit and key ({ key, points, expire }). Every try is taken by a conditional updateOne whose
// modifiedCount says whether it was granted: a check and its count are one step on every instance. Not
// rate-limiter-flexible, whose consume() (a findOneAndUpdate) the embedded engine answers with another request's count
// under parallel calls (decision 0033).
export const RATE_LIMIT_COLLECTION = "rate_limits";

const MINUTE = 60;
export const limits = {
  signInAccountAddress: { points: 5, duration: 15 * MINUTE },
  signInAddress: { points: 20, duration: 15 * MINUTE },
  signInAccount: { points: 50, duration: 15 * MINUTE },
  contactSent: { points: 5, duration: 10 * MINUTE },
  contactAttempt: { points: 30, duration: 10 * MINUTE },
  passwordResetAddress: { points: 10, duration: 15 * MINUTE },
  passwordResetAccount: { points: 5, duration: 60 * MINUTE },
  // Past it, /go/whatsapp still leads to the chat but counts nothing: a bot cannot inflate the figures without bound.
  whatsappChat: { points: 20, duration: 24 * 60 * MINUTE },
} as const;

export type LimitName = keyof typeof limits;

export type LimitStatus = { limited: boolean; retryAfterSeconds: number };

/** One window of one key: what a reserved try is given back to, or a failure and a refusal are counted in. */
export type LimitWindow = { name: LimitName; key: string; expire: Date };

export type Reservation = LimitStatus & { window: LimitWindow };

type LimitDoc = {
  key: string;
  /** Tries taken in the window: failures, and tries whose outcome is still to come. */
  points: number;
  expire: Date;
  /** Failures among them, and whether reaching the limit has been recorded. */
  failed?: number;
  locked?: boolean;
  /** Tries refused in the window, and the last power of ten of them that was recorded. */
  refused?: number;
  noted?: number;
};

type Indexing = { db: unknown; ready: Promise<unknown> };
let indexed: Indexing | undefined;

/** The collection, once its unique index on `key` exists: two instances opening one window insert it once. */
async function counters() {
  const collection = mongoose.connection.collection<LimitDoc>(RATE_LIMIT_COLLECTION);
  const db = mongoose.connection.db;
  let current: Indexing | undefined = indexed;
  if (!current || current.db !== db) {
    const ready = Promise.all([
      collection.createIndex({ key: 1 }, { unique: true }),
      // Clean-up only (the embedded engine never expires anything; the sweeper does it there).
      collection.createIndex({ expire: 1 }, { expireAfterSeconds: 0 }),
    ]);
    current = indexed = { db, ready };
  }
  try {
    await current.ready;
  } catch (error) {
    if (indexed === current) indexed = undefined;
    throw error;
  }
  return collection;
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
const storedKey = (name: LimitName, key: string) => `${name}:${key}`;
const isDuplicate = (error: unknown) => (error as { code?: number } | null)?.code === 11000;

/**
 * A try taken from the limit, or refused past it. `capped: false` takes it whatever the count (a failure that has
 * already happened). Each step is conditional on the window it read, so a window that ends or is cleared meanwhile is
 * read again.
 */
async function take(name: LimitName, key: string, { capped = true, failed = 0 } = {}): Promise<Reservation> {
  const collection = await counters();
  const id = storedKey(name, key);
  const { points, duration } = limits[name];
  for (let attempt = 0; attempt < 10; attempt++) {
    const now = new Date();
    const current = await collection.findOne({ key: id });
    const fresh = { points: 1, failed, locked: false, refused: 0, noted: 0, expire: new Date(now.getTime() + duration * 1000) };
    if (!current) {
      try {
        await collection.insertOne({ key: id, ...fresh });
        return { limited: false, retryAfterSeconds: 0, window: { name, key, expire: fresh.expire } };
      } catch (error) {
        if (isDuplicate(error)) continue;
        throw error;
      }
    }
    const window: LimitWindow = { name, key, expire: current.expire };
    if (current.expire <= now) {
      const renewed = await collection.updateOne({ key: id, expire: current.expire }, { $set: fresh });
      if (renewed.modifiedCount) return { limited: false, retryAfterSeconds: 0, window: { name, key, expire: fresh.expire } };
      continue;
    }
    const taken = await collection.updateOne(
      { key: id, expire: current.expire, ...(capped ? { points: { $lt: points } } : {}) },
      { $inc: { points: 1, failed } },
    );
    if (taken.modifiedCount) return { limited: false, retryAfterSeconds: 0, window };
    if (current.points >= points) return { limited: true, retryAfterSeconds: seconds(current.expire.getTime() - now.getTime()), window };
  }
  throw new Error(`The ${name} limit could not be read: its counter kept changing.`);
}

/** A try reserved before the work it limits, refused past the limit; give it back (release) if the outcome does not count. */
export function reserve(name: LimitName, key: string): Promise<Reservation> {
  return take(name, key);
}

/** A reserved try whose outcome does not count. */
export async function release(window: LimitWindow): Promise<void> {
  const collection = await counters();
  await collection.updateOne(
    { key: storedKey(window.name, window.key), expire: window.expire, points: { $gt: 0 } },
    { $inc: { points: -1 } },
  );
}

/** A reserved try that failed: it stays counted. True for the one failure that used up the limit (once per window). */
export async function countFailure(window: LimitWindow): Promise<boolean> {
  const collection = await counters();
  const where = { key: storedKey(window.name, window.key), expire: window.expire };
  await collection.updateOne(where, { $inc: { failed: 1 } });
  const locked = await collection.updateOne(
    { ...where, failed: { $gte: limits[window.name].points }, locked: { $ne: true } },
    { $set: { locked: true } },
  );
  return locked.modifiedCount === 1;
}

/**
 * A refusal counted in the window that refused it. The count when it reaches a new power of ten (1, 10, 100…), once
 * per window and power; otherwise null: enough to show the scale of an attack without a record per refusal.
 */
export async function countRefusal(window: LimitWindow): Promise<number | null> {
  const collection = await counters();
  const where = { key: storedKey(window.name, window.key), expire: window.expire };
  await collection.updateOne(where, { $inc: { refused: 1 } });
  const refused = (await collection.findOne(where))?.refused ?? 0;
  if (refused < 1) return null;
  const milestone = 10 ** Math.floor(Math.log10(refused));
  const claimed = await collection.updateOne(
    { ...where, $or: [{ noted: { $exists: false } }, { noted: { $lt: milestone } }] },
    { $set: { noted: milestone } },
  );
  return claimed.modifiedCount ? refused : null;
}

export async function peek(name: LimitName, key: string, now = new Date()): Promise<LimitStatus> {
  const collection = await counters();
  const current = await collection.findOne({ key: storedKey(name, key), expire: { $gt: now } });
  const limited = current !== null && current.points >= limits[name].points;
  return { limited, retryAfterSeconds: limited ? seconds(current.expire.getTime() - now.getTime()) : 0 };
}

/** Checks and counts in one step: a try that is let through stays counted. */
export async function hit(name: LimitName, key: string): Promise<LimitStatus> {
  const { limited, retryAfterSeconds } = await take(name, key);
  return { limited, retryAfterSeconds };
}

/** Never refuses: the failure has already happened. */
export async function count(name: LimitName, key: string): Promise<void> {
  await take(name, key, { capped: false, failed: 1 });
}

export async function reset(name: LimitName, key: string): Promise<void> {
  const collection = await counters();
  await collection.deleteOne({ key: storedKey(name, key) });
}

export async function sweepExpiredLimits(now = new Date()): Promise<number> {
  const { deletedCount } = await mongoose.connection.collection(RATE_LIMIT_COLLECTION).deleteMany({ expire: { $lte: now } });
  return deletedCount;
}
