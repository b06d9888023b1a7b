/**
 * A small in-memory sliding-window rate limiter: at most `limit` hits per key within any `windowMs`.
 * One Node process serves the site, so memory is shared by every request; nothing survives a restart.
 *
 * Typical use: `isLimited(key)` before the work, `hit(key)` when it counts, `reset(key)` on success
 * where that makes sense (a good sign-in, for example).
 */

export type RateLimitStatus = {
  /** `isLimited`: another hit would be refused now. `hit`: this hit was refused (and not counted). */
  limited: boolean;
  /** Hits still allowed in the current window. */
  remaining: number;
  /** Milliseconds until another hit is allowed; 0 when one is allowed now. */
  retryAfterMs: number;
  /** The same in whole seconds, rounded up, for a Retry-After header. */
  retryAfterSeconds: number;
};

export type RateLimiter = {
  /** Counts one hit for `key`, unless the key is already limited (then nothing is counted). */
  hit(key: string): RateLimitStatus;
  /** The key's status without counting anything. */
  isLimited(key: string): RateLimitStatus;
  /** Forgets every hit of `key`. */
  reset(key: string): void;
  /** How many keys are held in memory (stale ones linger until the next sweep). */
  readonly size: number;
  readonly limit: number;
  readonly windowMs: number;
};

/** Keys are swept for stale entries from this many on, so memory stays bounded by recent traffic. */
const SWEEP_THRESHOLD = 5_000;

export function createRateLimiter({ limit, windowMs }: { limit: number; windowMs: number }): RateLimiter {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError("limit must be a positive integer");
  if (!(windowMs > 0)) throw new RangeError("windowMs must be positive");

  // Per key, the times of its hits in the window, oldest first.
  const hits = new Map<string, number[]>();

  function live(key: string, now: number): number[] {
    const times = hits.get(key);
    if (!times) return [];
    const kept = times.filter((time) => time > now - windowMs);
    if (kept.length === 0) hits.delete(key);
    else if (kept.length !== times.length) hits.set(key, kept);
    return kept;
  }

  function status(times: number[], now: number, limited: boolean): RateLimitStatus {
    // With the window full, the next slot frees when the hit `limit` places from the newest leaves it.
    const freeing = times.length >= limit ? times[times.length - limit] : undefined;
    const retryAfterMs = freeing === undefined ? 0 : Math.max(1, freeing + windowMs - now);
    return {
      limited,
      remaining: Math.max(0, limit - times.length),
      retryAfterMs,
      retryAfterSeconds: Math.ceil(retryAfterMs / 1000),
    };
  }

  // Amortised: a sweep runs only when the map has doubled since the last one.
  let sweepAt = SWEEP_THRESHOLD;
  function sweep(now: number) {
    if (hits.size < sweepAt) return;
    for (const key of [...hits.keys()]) live(key, now);
    sweepAt = Math.max(SWEEP_THRESHOLD, hits.size * 2);
  }

  return {
    limit,
    windowMs,
    get size() {
      return hits.size;
    },
    hit(key) {
      const now = Date.now();
      sweep(now);
      const times = live(key, now);
      if (times.length >= limit) return status(times, now, true);
      const next = [...times, now];
      hits.set(key, next);
      return status(next, now, false);
    },
    isLimited(key) {
      const now = Date.now();
      const times = live(key, now);
      return status(times, now, times.length >= limit);
    },
    reset(key) {
      hits.delete(key);
    },
  };
}

/**
 * The client's address as a rate-limit key: the first X-Forwarded-For entry (set by the proxy in
 * front of the app), else X-Real-IP, else `fallback`. remix-serve does not hand the socket address
 * to route modules, so without a proxy header all clients share the fallback key.
 */
export function clientIp(request: Request, fallback = "unknown-client"): string {
  const forwarded = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  if (forwarded) return forwarded.slice(0, 100);
  const real = request.headers.get("x-real-ip")?.trim();
  if (real) return real.slice(0, 100);
  return fallback;
}
