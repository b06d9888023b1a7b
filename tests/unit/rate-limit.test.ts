import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clientIp, createRateLimiter } from "~/server/rate-limit.server";

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date("2025-01-01T12:00:00Z"));
});
afterEach(() => {
  vi.useRealTimers();
});

const MINUTE = 60_000;

describe("createRateLimiter", () => {
  it("allows `limit` hits in the window and refuses the next, counting down `remaining`", () => {
    const limiter = createRateLimiter({ limit: 3, windowMs: 10 * MINUTE });
    expect(limiter.isLimited("ip")).toMatchObject({ limited: false, remaining: 3, retryAfterMs: 0 });
    expect(limiter.hit("ip")).toMatchObject({ limited: false, remaining: 2 });
    expect(limiter.hit("ip")).toMatchObject({ limited: false, remaining: 1 });
    expect(limiter.hit("ip")).toMatchObject({ limited: false, remaining: 0, retryAfterMs: 10 * MINUTE });
    expect(limiter.isLimited("ip")).toMatchObject({ limited: true, remaining: 0 });
    expect(limiter.hit("ip")).toMatchObject({ limited: true, remaining: 0, retryAfterMs: 10 * MINUTE, retryAfterSeconds: 600 });
  });

  it("keeps keys apart", () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: MINUTE });
    limiter.hit("a");
    expect(limiter.isLimited("a").limited).toBe(true);
    expect(limiter.isLimited("b").limited).toBe(false);
    expect(limiter.hit("b").limited).toBe(false);
  });

  it("slides: each hit leaves the window windowMs after it was made", () => {
    const limiter = createRateLimiter({ limit: 2, windowMs: 10 * MINUTE });
    limiter.hit("ip"); // t = 0
    vi.advanceTimersByTime(4 * MINUTE);
    limiter.hit("ip"); // t = 4 min
    expect(limiter.hit("ip")).toMatchObject({ limited: true, retryAfterMs: 6 * MINUTE });

    vi.advanceTimersByTime(6 * MINUTE - 1);
    expect(limiter.isLimited("ip")).toMatchObject({ limited: true, retryAfterMs: 1, retryAfterSeconds: 1 });
    vi.advanceTimersByTime(1);
    // The first hit left the window; the one at 4 min still counts.
    expect(limiter.isLimited("ip")).toMatchObject({ limited: false, remaining: 1 });
    expect(limiter.hit("ip")).toMatchObject({ limited: false, remaining: 0, retryAfterMs: 4 * MINUTE });
    expect(limiter.hit("ip").limited).toBe(true);

    vi.advanceTimersByTime(10 * MINUTE);
    expect(limiter.isLimited("ip")).toMatchObject({ limited: false, remaining: 2 });
  });

  it("does not count refused hits, so hammering does not extend the lockout", () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: MINUTE });
    limiter.hit("ip");
    for (let i = 0; i < 50; i++) {
      vi.advanceTimersByTime(1_000);
      expect(limiter.hit("ip").limited).toBe(true);
    }
    vi.advanceTimersByTime(10_000);
    expect(limiter.hit("ip").limited).toBe(false);
  });

  it("reset forgets a key's hits", () => {
    const limiter = createRateLimiter({ limit: 2, windowMs: MINUTE });
    limiter.hit("ip");
    limiter.hit("ip");
    expect(limiter.isLimited("ip").limited).toBe(true);
    limiter.reset("ip");
    expect(limiter.isLimited("ip")).toMatchObject({ limited: false, remaining: 2 });
  });

  it("stays correct for many keys (stale keys are swept)", () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: MINUTE });
    for (let i = 0; i < 6_000; i++) limiter.hit(`ip-${i}`);
    vi.advanceTimersByTime(MINUTE);
    for (let i = 0; i < 6_000; i++) expect(limiter.hit(`new-${i}`).limited).toBe(false);
    // The 6,000 stale keys were dropped by a sweep instead of piling up.
    expect(limiter.size).toBeLessThanOrEqual(6_000);
    expect(limiter.hit("ip-1").limited).toBe(false);
    expect(limiter.hit("new-1").limited).toBe(true);
  });

  it("rejects nonsense settings", () => {
    expect(() => createRateLimiter({ limit: 0, windowMs: MINUTE })).toThrow(RangeError);
    expect(() => createRateLimiter({ limit: 1.5, windowMs: MINUTE })).toThrow(RangeError);
    expect(() => createRateLimiter({ limit: 1, windowMs: 0 })).toThrow(RangeError);
  });
});

describe("clientIp", () => {
  const request = (headers: Record<string, string>) => new Request("http://localhost/contact", { headers });

  it("takes the first X-Forwarded-For entry", () => {
    expect(clientIp(request({ "X-Forwarded-For": "203.0.113.7, 10.0.0.1" }))).toBe("203.0.113.7");
    expect(clientIp(request({ "X-Forwarded-For": " 2001:db8::1 " }))).toBe("2001:db8::1");
  });

  it("falls back to X-Real-IP, then to the fallback key", () => {
    expect(clientIp(request({ "X-Real-IP": "198.51.100.2" }))).toBe("198.51.100.2");
    expect(clientIp(request({}))).toBe("unknown-client");
    expect(clientIp(request({ "X-Forwarded-For": "" }), "local")).toBe("local");
  });
});
