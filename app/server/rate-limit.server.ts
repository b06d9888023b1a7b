import mongoose from "mongoose";
import { RateLimiterMongo, RateLimiterRes } from "rate-limiter-flexible";

// The limiters need the mongoose connection, so they are made on first use after requireDb(), once per connection.
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
} as const;

export type LimitName = keyof typeof limits;

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

export async function peek(name: LimitName, key: string): Promise<LimitStatus> {
  const res = await limiter(name).get(key);
  const limited = res !== null && res.consumedPoints >= limits[name].points;
  return { limited, retryAfterSeconds: limited ? seconds(res!.msBeforeNext) : 0 };
}

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

// Never refuses: the failure has already happened. True when this failure used up the limit.
export async function count(name: LimitName, key: string): Promise<boolean> {
  const res = await limiter(name).penalty(key, 1);
  return res.consumedPoints === limits[name].points;
}

export async function reset(name: LimitName, key: string): Promise<void> {
  await limiter(name).delete(key);
}

export async function sweepExpiredLimits(now = new Date()): Promise<number> {
  const { deletedCount } = await mongoose.connection.collection(RATE_LIMIT_COLLECTION).deleteMany({ expire: { $lte: now } });
  return deletedCount;
}
