import mongoose from "mongoose";
import { RateLimiterMongo, RateLimiterRes } from "rate-limiter-flexible";

/**
 * Rate limits shared by every instance: rate-limiter-flexible's RateLimiterMongo, all in one `rate_limits`
 * collection (a key per limit and client, with its count and the end of its window). The limiters need
 * the mongoose connection, so they are made on first use after requireDb(), once per connection.
 */
export const RATE_LIMIT_COLLECTION = "rate_limits";

const MINUTE = 60;
export const limits = {
  /** Failed sign-ins for one account from one address. */
  signInAccountAddress: { points: 5, duration: 15 * MINUTE },
  /** Failed sign-ins from one address, whatever the email. */
  signInAddress: { points: 20, duration: 15 * MINUTE },
  /** Failed sign-ins for one account, whatever the address. */
  signInAccount: { points: 50, duration: 15 * MINUTE },
  /** Contact messages stored for one address. */
  contactSent: { points: 5, duration: 10 * MINUTE },
  /** Contact form posts from one address, right or wrong. */
  contactAttempt: { points: 30, duration: 10 * MINUTE },
} as const;

export type LimitName = keyof typeof limits;

/** Whether one more hit is allowed, and when it will be if not. */
export type LimitStatus = { limited: boolean; retryAfterSeconds: number };

let made: { connection: unknown; limiters: Map<LimitName, RateLimiterMongo> } | undefined;

function limiter(name: LimitName): RateLimiterMongo {
  const client = mongoose.connection.getClient();
  if (made?.connection !== client) made = { connection: client, limiters: new Map() };
  let found = made.limiters.get(name);
  if (!found) {
    found = new RateLimiterMongo({
      storeClient: client,
      dbName: mongoose.connection.name,
      tableName: RATE_LIMIT_COLLECTION,
      keyPrefix: name,
      ...limits[name],
    });
    made.limiters.set(name, found);
  }
  return found;
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** The status of `key` under a limit, counting nothing. */
export async function peek(name: LimitName, key: string): Promise<LimitStatus> {
  const res = await limiter(name).get(key);
  const limited = res !== null && res.consumedPoints >= limits[name].points;
  return { limited, retryAfterSeconds: limited ? seconds(res!.msBeforeNext) : 0 };
}

/** Counts one hit, unless the key is already at its limit (then it is refused). */
export async function hit(name: LimitName, key: string): Promise<LimitStatus> {
  const before = await peek(name, key);
  if (before.limited) return before;
  try {
    await limiter(name).consume(key);
    return { limited: false, retryAfterSeconds: 0 };
  } catch (refused) {
    if (refused instanceof RateLimiterRes) return { limited: true, retryAfterSeconds: seconds(refused.msBeforeNext) };
    throw refused;
  }
}

/** Counts one hit without refusing (a failure that has already happened). */
export async function count(name: LimitName, key: string): Promise<void> {
  await limiter(name).penalty(key, 1);
}

/** Forgets the key's hits. */
export async function reset(name: LimitName, key: string): Promise<void> {
  await limiter(name).delete(key);
}

/** Deletes counters whose window ended before `now` (clean-up: the library ignores them anyway). */
export async function sweepExpiredLimits(now = new Date()): Promise<number> {
  const { deletedCount } = await mongoose.connection.collection(RATE_LIMIT_COLLECTION).deleteMany({ expire: { $lte: now } });
  return deletedCount;
}
