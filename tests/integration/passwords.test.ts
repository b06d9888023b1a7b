import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { threadId as mainThreadId } from "node:worker_threads";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BCRYPT_COST } from "~/domain/constants";
import { PasswordChecksBusy, PasswordPool, passwords } from "~/server/passwords.server";
import { root, run } from "../support/processes";

// The production bcrypt cost, which the other files lower (tests/support/setup.ts).
vi.unmock("~/domain/constants");

/**
 * Passwords are hashed and checked with bcryptjs on a piscina pool: right and wrong passwords, cost 12, the
 * event loop free meanwhile, checks past the bounds refused, hashes first, a dead worker replaced, and scripts that exit.
 */
const pools: PasswordPool[] = [];
function pool(options: ConstructorParameters<typeof PasswordPool>[0]) {
  const made = new PasswordPool(options);
  pools.push(made);
  return made;
}
afterEach(async () => {
  await Promise.all(pools.splice(0).map((made) => made.close()));
});

/** The longest an interval of `everyMs` was late while `work` ran. */
async function longestLag(work: () => Promise<unknown>, everyMs = 10): Promise<number> {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last - everyMs);
    last = now;
  }, everyMs);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return Math.max(longest, performance.now() - last - everyMs);
}

describe("the passwords adapter", () => {
  it("make bcrypt hashes at cost 12 that the right password matches and a wrong one does not", async () => {
    expect(BCRYPT_COST).toBe(12);
    const hash = await passwords.hash("correct horse battery");
    expect(hash).toMatch(/^\$2[aby]\$12\$[./A-Za-z0-9]{53}$/);
    expect(await passwords.hash("correct horse battery")).not.toBe(hash);
    expect(await passwords.verify("correct horse battery", hash)).toBe(true);
    expect(await passwords.verify("correct horse batterY", hash)).toBe(false);
    expect(await passwords.verify("", hash)).toBe(false);
  });

  it("answers false without a hash (no such account), after a check of the same cost", async () => {
    const started = performance.now();
    expect(await passwords.verify("not-a-real-password", null)).toBe(false);
    expect(await passwords.verify("anything", undefined)).toBe(false);
    expect(await passwords.verify("anything", "")).toBe(false);
    // Two checks at cost 12 (the empty hash is refused by bcrypt at once): never instant.
    expect(performance.now() - started).toBeGreaterThan(100);
  });
});

describe("the pool", () => {
  it("checks in another thread, and the event loop keeps ticking while 4 checks run", async () => {
    const hash = await passwords.hash("four-at-once");
    const checks = pool({ size: 1, maxQueued: 8, maxWaitMs: 10_000 });
    let answers: Awaited<ReturnType<PasswordPool["checkOn"]>>[] = [];
    const started = performance.now();
    const lag = await longestLag(async () => {
      answers = await Promise.all(["four-at-once", "wrong-1", "wrong-2", "wrong-3"].map((password) => checks.checkOn(password, hash)));
    });
    const elapsed = performance.now() - started;
    expect(answers.map((answer) => answer.value)).toEqual([true, false, false, false]);
    for (const answer of answers) expect(answer.threadId).not.toBe(mainThreadId);
    // A check on this thread would hold it for a whole check (a quarter of the time, ~280 ms on an idle
    // machine); the bound grows with the time taken, so a loaded machine does not make it fail.
    expect(lag).toBeLessThan(Math.max(200, elapsed / 8));
  });

  it("refuses checks past the waiting bound at once, with a Retry-After; hashes are never refused and go first", async () => {
    const hash = await passwords.hash("waiting");
    const checks = pool({ size: 1, maxQueued: 2, maxWaitMs: 30_000 });
    await checks.hash("starts the worker", 4);
    // Everything below is asked for while the worker is still on this hash.
    const finished: string[] = [];
    const busy = checks.hash("keeps the worker busy", 14).finally(() => finished.push("busy"));
    const waiting = ["a", "b"].map((name) => checks.check(name, hash).finally(() => finished.push(name)));
    expect(checks.load).toEqual({ running: 1, waiting: 2, workers: 1 });
    const refused = await checks.check("c", hash).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PasswordChecksBusy);
    expect((refused as PasswordChecksBusy).retryAfterSeconds).toBe(30);
    // A hash goes before the waiting checks, past the bound.
    const hashed = checks.hash("not refused", 4).finally(() => finished.push("hashed"));
    expect(checks.load.waiting).toBe(3);
    expect(await busy).toMatch(/^\$2b\$14\$/);
    expect(await hashed).toMatch(/^\$2b\$04\$/);
    expect(await Promise.all(waiting)).toEqual([false, false]);
    expect(finished).toEqual(["busy", "hashed", "a", "b"]);
    expect(checks.stats).toEqual({ refused: 1, accepted: 5 });
  }, 30_000);

  it("refuses a check that waited longer than the wait bound", async () => {
    const hash = await passwords.hash("waits too long");
    const checks = pool({ size: 1, maxQueued: 8, maxWaitMs: 100 });
    await checks.hash("starts the worker", 4);
    const busy = checks.hash("keeps the worker busy", 14);
    const started = performance.now();
    const refused = await checks.check("waits too long", hash).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PasswordChecksBusy);
    expect((refused as PasswordChecksBusy).retryAfterSeconds).toBe(1);
    expect(performance.now() - started).toBeGreaterThanOrEqual(90);
    expect(checks.load.waiting).toBe(0);
    await busy;
    expect(await checks.check("waits too long", hash)).toBe(true);
  }, 30_000);

  it.runIf(existsSync("/proc/thread-self"))("runs its workers at a lower priority than the threads serving pages (Linux)", async () => {
    const checks = pool({ size: 1, niceness: 7 });
    expect(await checks.check("nice", await passwords.hash("nice"))).toBe(true);
    // Field 19 of each thread's stat line is its niceness.
    const niceness = (tid: string) => {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
      return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
    };
    const threads = readdirSync("/proc/self/task").map(niceness);
    expect(threads).toContain(7);
    expect(niceness(readFileSync("/proc/thread-self/stat", "utf8").split(" ")[0]!)).toBe(0);
  });

  it("replaces a worker that dies: its job fails, the next ones run on a new thread", async () => {
    const checks = pool({ size: 1, maxQueued: 8, maxWaitMs: 30_000 });
    const hash = await passwords.hash("survivor");
    const first = await checks.checkOn("survivor", hash);
    const doomed = checks.hash("never finished", 14);
    const after = checks.checkOn("survivor", hash);
    // The worker dies mid-job (as from an out-of-memory crash).
    await (checks as unknown as { piscina: { threads: { terminate(): Promise<number> }[] } }).piscina.threads[0]!.terminate();
    await expect(doomed).rejects.toThrow();
    const next = await after;
    expect(next.value).toBe(true);
    expect(next.threadId).not.toBe(first.threadId);
    expect(checks.load.workers).toBe(1);
  }, 30_000);
});

describe("in a script (tsx)", () => {
  it("hashes and checks, then the process exits by itself: an idle worker holds nothing open", async () => {
    const code = [
      'import { passwords } from "./app/server/passwords.server.ts";',
      'const hash = await passwords.hash("from a script");',
      'console.log(hash.slice(0, 7), await passwords.verify("from a script", hash), await passwords.verify("wrong", hash));',
    ].join("\n");
    const child = run(path.join(root, "node_modules", ".bin", "tsx"), ["--input-type=module", "-e", code], {});
    const timeout = setTimeout(() => child.child.kill("SIGKILL"), 20_000);
    const exitCode = await child.exited;
    clearTimeout(timeout);
    expect(child.output().trim()).toBe("$2b$12$ true false");
    expect(exitCode).toBe(0);
  }, 30_000);
});
