import { forget, remember } from "@epic-web/remember";
import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { BCRYPT_COST } from "./constants";

/**
 * Hashing and checking passwords (bcryptjs), off the event loop. bcryptjs is plain JavaScript: at cost 12 one
 * hash or check holds a thread for about 300 ms, so done on the thread that serves requests, 16 wrong
 * sign-ins at once stalled every page for seconds. Here they run in a small pool of worker threads
 * (node:worker_threads), one per core beyond the first by default, and the event loop only waits.
 *
 * Checks (sign-ins: anyone can send them) are bounded: at most `maxQueued` wait for a free worker, each for
 * at most `maxWaitMs`; a check past either bound is refused with PasswordChecksBusy, which the sign-in
 * answers as 503 with Retry-After. Hashes (creating an admin or changing a password: only signed-in admins
 * and the scripts do it) are never refused and go before the waiting checks.
 *
 * The worker's code is a string evaluated by the worker (`eval: true`) that requires bcryptjs by an absolute
 * path resolved here, so it runs the same from the server build, from vitest and from tsx scripts. Workers
 * start on first use, hold the process open only while they work, and one that dies is replaced.
 */

export type PasswordPoolOptions = {
  /** Worker threads. */
  size: number;
  /** Checks that may wait for a free worker; more are refused at once. */
  maxQueued: number;
  /** How long a check may wait for a free worker before it is refused. */
  maxWaitMs: number;
  /**
   * The workers' niceness (0 to 19, Linux): above 0, the threads that serve pages (and a local database) win
   * a contended core, and checks take longer instead. Elsewhere, or where it cannot be set, it is ignored.
   */
  niceness: number;
};

/**
 * One worker per core beyond the first (two cores: one worker), so the event loop keeps a core; 8 checks
 * waiting per worker, about what one gets through in the 2 s a check may wait (~280 ms each). Decision 0003.
 */
export function defaultPasswordPoolOptions(size = Math.max(1, availableParallelism() - 1)): PasswordPoolOptions {
  return { size, maxQueued: 8 * size, maxWaitMs: 2_000, niceness: 10 };
}

/** Too many password checks are running or waiting: the check was not made (and is not a failed attempt). */
export class PasswordChecksBusy extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super("Too many password checks are running or waiting");
    this.name = "PasswordChecksBusy";
  }
}

type Work = { op: "hash"; password: string; cost: number } | { op: "check"; password: string; hash: string };
/** What a worker answers: the result, the thread that computed it, or why it failed. */
type Answer = { id: number; value?: string | boolean; error?: string; threadId: number };
type Job = Work & {
  id: number;
  resolve: (answer: { value: string | boolean; threadId: number }) => void;
  reject: (error: Error) => void;
  timer?: ReturnType<typeof setTimeout>;
};
type Slot = { worker: Worker; job: Job | null };

// The worker: plain CommonJS, evaluated as it is (no bundler or TypeScript ever sees it). Each worker does one
// job at a time, so the synchronous calls are the fastest; they block that worker's thread only.
const WORKER_SOURCE = `
const { parentPort, workerData, threadId } = require("node:worker_threads");
const bcrypt = require(workerData.bcryptPath);
if (workerData.niceness > 0) {
  try {
    // On Linux a thread has its own niceness: /proc/thread-self names this thread's id.
    const tid = Number(require("node:fs").readlinkSync("/proc/thread-self").split("/").pop());
    if (tid > 0) require("node:os").setPriority(tid, workerData.niceness);
  } catch {
    // Not Linux, or not allowed: the worker runs at the process's priority.
  }
}
parentPort.on("message", (job) => {
  try {
    const value = job.op === "hash" ? bcrypt.hashSync(job.password, job.cost) : bcrypt.compareSync(job.password, job.hash);
    parentPort.postMessage({ id: job.id, value, threadId });
  } catch (error) {
    parentPort.postMessage({ id: job.id, error: String((error && error.message) || error), threadId });
  }
});
`;

let bcryptPath: string | undefined;
/** bcryptjs's CommonJS entry, resolved from this module (in the build: from build/server, up to node_modules). */
function resolveBcrypt(): string {
  return (bcryptPath ??= createRequire(import.meta.url).resolve("bcryptjs"));
}

export class PasswordPool {
  readonly options: PasswordPoolOptions;
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 0;
  private closed = false;
  /** Checks refused, and jobs sent to a worker, since the pool started (for tests and figures). */
  readonly stats = { refused: 0, started: 0 };

  constructor(options: Partial<PasswordPoolOptions> = {}) {
    const size = Math.max(1, Math.floor(options.size ?? defaultPasswordPoolOptions().size));
    this.options = { ...defaultPasswordPoolOptions(size), ...options, size };
  }

  /** A bcrypt hash of `password` at `cost`; never refused. */
  async hash(password: string, cost = BCRYPT_COST): Promise<string> {
    return (await this.run({ op: "hash", password, cost }, { priority: true })).value as string;
  }

  /** Whether `password` matches `hash`; throws PasswordChecksBusy when too many checks are running or waiting. */
  async check(password: string, hash: string): Promise<boolean> {
    return (await this.checkOn(password, hash)).value as boolean;
  }

  /** check(), with the worker thread that made it. */
  checkOn(password: string, hash: string): Promise<{ value: string | boolean; threadId: number }> {
    return this.run({ op: "check", password, hash }, { priority: false });
  }

  /** Checks running and waiting. */
  get load(): { running: number; waiting: number; workers: number } {
    return { running: this.slots.filter((slot) => slot.job).length, waiting: this.queue.length, workers: this.slots.length };
  }

  /** Stops the workers; what they were doing and what waited fails. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) this.settle(job, { error: new Error("The password pool was closed") });
    await Promise.all(this.slots.map((slot) => slot.worker.terminate()));
  }

  private run(work: Work, { priority }: { priority: boolean }): Promise<{ value: string | boolean; threadId: number }> {
    return new Promise((resolve, reject) => {
      if (this.closed) return reject(new Error("The password pool was closed"));
      const job: Job = { ...work, id: ++this.nextId, resolve, reject };
      const slot = this.freeSlot();
      if (slot) return this.start(slot, job);
      if (priority) {
        // Before the waiting checks, after the hashes already waiting.
        const at = this.queue.findIndex((waiting) => waiting.op === "check");
        this.queue.splice(at === -1 ? this.queue.length : at, 0, job);
        return;
      }
      if (this.queue.filter((waiting) => waiting.op === "check").length >= this.options.maxQueued) return this.refuse(job);
      job.timer = setTimeout(() => {
        const at = this.queue.indexOf(job);
        if (at !== -1) this.queue.splice(at, 1);
        this.refuse(job);
      }, this.options.maxWaitMs);
      this.queue.push(job);
    });
  }

  private refuse(job: Job) {
    this.stats.refused++;
    job.reject(new PasswordChecksBusy(Math.max(1, Math.ceil(this.options.maxWaitMs / 1000))));
  }

  private freeSlot(): Slot | undefined {
    return this.slots.find((slot) => !slot.job) ?? (this.slots.length < this.options.size ? this.spawn() : undefined);
  }

  private spawn(): Slot {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { bcryptPath: resolveBcrypt(), niceness: this.options.niceness }, execArgv: [] });
    const slot: Slot = { worker, job: null };
    // An idle worker never keeps a script or a test run alive.
    worker.unref();
    let failure: Error | undefined;
    worker.on("message", (answer: Answer) => {
      const job = slot.job;
      if (!job || job.id !== answer.id) return;
      slot.job = null;
      this.settle(job, answer.error === undefined ? { answer } : { error: new Error(answer.error) });
      this.next(slot);
    });
    worker.on("error", (error) => {
      failure = error;
    });
    worker.on("exit", (code) => {
      const at = this.slots.indexOf(slot);
      if (at !== -1) this.slots.splice(at, 1);
      if (slot.job) this.settle(slot.job, { error: failure ?? new Error(`The password worker stopped (exit code ${code})`) });
      slot.job = null;
      // A replacement starts for whatever is waiting.
      if (!this.closed && this.queue.length) {
        const free = this.freeSlot();
        if (free) this.next(free);
      }
    });
    this.slots.push(slot);
    return slot;
  }

  private start(slot: Slot, job: Job) {
    if (job.timer) clearTimeout(job.timer);
    slot.job = job;
    this.stats.started++;
    // Working: the process waits for the answer.
    slot.worker.ref();
    const message = job.op === "hash" ? { id: job.id, op: job.op, password: job.password, cost: job.cost } : { id: job.id, op: job.op, password: job.password, hash: job.hash };
    slot.worker.postMessage(message);
  }

  private next(slot: Slot) {
    const job = this.queue.shift();
    if (job) this.start(slot, job);
    else slot.worker.unref();
  }

  private settle(job: Job, outcome: { answer: Answer } | { error: Error }) {
    if (job.timer) clearTimeout(job.timer);
    if ("error" in outcome) job.reject(outcome.error);
    else job.resolve({ value: outcome.answer.value!, threadId: outcome.answer.threadId });
  }
}

// One pool per process, remembered across dev-server reloads of this module.
const POOL = "password-pool";

/** The process's pool, started on first use. */
export function passwordPool(): PasswordPool {
  return remember(POOL, () => new PasswordPool());
}

/** Replaces the process's pool (tests use small bounds); the old one's workers stop. */
export async function configurePasswordPool(options: Partial<PasswordPoolOptions> = {}): Promise<PasswordPool> {
  const previous = passwordPool();
  forget(POOL);
  const pool = remember(POOL, () => new PasswordPool(options));
  await previous.close();
  return pool;
}

/** A bcrypt hash of the password, at BCRYPT_COST, made off the event loop. */
export function hashPassword(password: string): Promise<string> {
  return passwordPool().hash(password);
}

// Checked against when there is no account, so that an unknown email takes as long as a wrong password.
// The hash of "not-a-real-password" at cost 12; made (once) at the current cost if BCRYPT_COST changes.
const STORED_DUMMY_HASH = "$2b$12$sHTxahvJHhM7Rcqd//F66OkCZ5OmRZD7aUiYo9BFqwJzmtM.FMbgG";
let dummyHash: Promise<string> | undefined;
function hashForNoAccount(): Promise<string> {
  if (STORED_DUMMY_HASH.startsWith(`$2b$${String(BCRYPT_COST).padStart(2, "0")}$`)) return Promise.resolve(STORED_DUMMY_HASH);
  return (dummyHash ??= hashPassword("not-a-real-password").catch((error: unknown) => {
    dummyHash = undefined;
    throw error;
  }));
}

/**
 * Whether the password matches the stored hash, off the event loop. Without a hash (no such account) it
 * checks against a dummy hash of the same cost and answers false, so both take the same time.
 * Throws PasswordChecksBusy when too many checks are running or waiting.
 */
export async function checkPassword(password: string, hash: string | null | undefined): Promise<boolean> {
  const matches = await passwordPool().check(password, hash ?? (await hashForNoAccount()));
  return Boolean(hash) && matches;
}
