import { forget, remember } from "@epic-web/remember";
import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Piscina, type TaskQueue } from "piscina";
import { BCRYPT_COST } from "~/domain/constants";
import type { Passwords } from "~/domain/ports";

// bcryptjs (~280 ms a check at cost 12) off the event loop (docs/decisions/0003). Checks, which anyone can send, are bounded;
// hashes, which only admins and the scripts ask for, are never refused and go first.

export type PasswordPoolOptions = {
  size: number;
  /** Checks that may wait for a free worker; more are refused at once. */
  maxQueued: number;
  maxWaitMs: number;
  /** The workers' niceness on Linux (piscina's niceIncrement): the threads serving pages win a contended core. */
  niceness: number;
};

/** One worker per core beyond the first, so the event loop keeps a core; 8 waiting checks per worker, about what one gets through in 2 s. */
function defaultPasswordPoolOptions(size = Math.max(1, availableParallelism() - 1)): PasswordPoolOptions {
  return { size, maxQueued: 8 * size, maxWaitMs: 2_000, niceness: 10 };
}

/** The check was not made, so it is not a failed attempt. */
export class PasswordChecksBusy extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super("Too many password checks are running or waiting");
    this.name = "PasswordChecksBusy";
  }
}

type Job = { op: "hash"; password: string; cost: number } | { op: "check"; password: string; hash: string } | { op: "skip" };
type Answer = { value: string | boolean; threadId: number };
type Queued = Parameters<TaskQueue["push"]>[0];

// Piscina hands the queue each task's `[queueOptionsSymbol]`: here the job itself, so the queue can read and expire it.
const jobKey = Piscina.queueOptionsSymbol;
const jobOf = (task: Queued) => (task as unknown as Record<symbol, Job>)[jobKey]!;

// Piscina has no wait bound and an aborted task would skip this queue: a check that waited too long becomes a no-op, handed out first.
class HashesFirst implements TaskQueue {
  private readonly skips: Queued[] = [];
  private readonly hashes: Queued[] = [];
  private readonly checks: Queued[] = [];

  get size() {
    return this.skips.length + this.hashes.length + this.checks.length;
  }

  get waiting() {
    return { hashes: this.hashes.length, checks: this.checks.length };
  }

  expire(job: Job): boolean {
    const at = this.checks.findIndex((task) => jobOf(task) === job);
    if (at === -1) return false;
    Object.assign(job, { op: "skip", password: "", hash: "" });
    this.skips.push(...this.checks.splice(at, 1));
    return true;
  }

  private listOf(task: Queued) {
    const { op } = jobOf(task);
    return op === "skip" ? this.skips : op === "hash" ? this.hashes : this.checks;
  }

  push(task: Queued) {
    this.listOf(task).push(task);
  }

  unshift(task: Queued) {
    this.listOf(task).unshift(task);
  }

  shift() {
    return this.skips.shift() ?? this.hashes.shift() ?? this.checks.shift() ?? null;
  }

  remove(task: Queued) {
    const list = this.listOf(task);
    const at = list.indexOf(task);
    if (at !== -1) list.splice(at, 1);
  }
}

/** The worker: beside this module (vitest, tsx), or, from the server build's folder up, at app/server/ in the project. */
function findWorker(): string | undefined {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    const found = [path.join(dir, "password-worker.cjs"), path.join(dir, "app", "server", "password-worker.cjs")].find((file) =>
      existsSync(file),
    );
    if (found || dir === path.dirname(dir)) return found;
  }
}

export class PasswordPool {
  readonly options: PasswordPoolOptions;
  readonly stats = { refused: 0, accepted: 0 };
  private readonly queue = new HashesFirst();
  private readonly piscina: Piscina<Job, Answer>;
  private inFlight = 0;

  constructor(options: Partial<PasswordPoolOptions> = {}) {
    const size = Math.max(1, Math.floor(options.size ?? defaultPasswordPoolOptions().size));
    this.options = { ...defaultPasswordPoolOptions(size), ...options, size };
    const worker = findWorker();
    if (!worker) throw new Error("app/server/password-worker.cjs not found");
    this.piscina = new Piscina({
      filename: worker,
      // All threads from the start: piscina replaces a dead worker only up to minThreads.
      minThreads: size,
      maxThreads: size,
      maxQueue: Infinity,
      // A task that finds no free worker is put back where it was, so checks keep their order.
      stricterFIFO: true,
      niceIncrement: process.platform === "linux" ? this.options.niceness : 0,
      taskQueue: this.queue,
      // Loaders (tsx, vitest) stay out of the workers.
      execArgv: [],
    });
  }

  async hash(password: string, cost = BCRYPT_COST): Promise<string> {
    return (await this.run({ op: "hash", password, cost })).value as string;
  }

  /** Throws PasswordChecksBusy when too many checks are running or waiting. */
  async check(password: string, hash: string): Promise<boolean> {
    return (await this.checkOn(password, hash)).value as boolean;
  }

  /** check(), with the worker thread that made it. */
  checkOn(password: string, hash: string): Promise<Answer> {
    return this.run({ op: "check", password, hash });
  }

  get load(): { running: number; waiting: number; workers: number } {
    const { hashes, checks } = this.queue.waiting;
    return { running: this.inFlight - this.queue.size, waiting: hashes + checks, workers: this.piscina.threads.length };
  }

  close(): Promise<void> {
    return this.piscina.destroy();
  }

  private run(work: Exclude<Job, { op: "skip" }>): Promise<Answer> {
    const { size, maxQueued, maxWaitMs } = this.options;
    if (work.op === "check" && this.inFlight >= size && this.queue.waiting.checks >= maxQueued) return Promise.reject(this.refuse());
    const job: Job = { ...work };
    this.inFlight++;
    this.stats.accepted++;
    const done = this.piscina.run(Object.assign(job, { [jobKey]: job })).finally(() => this.inFlight--);
    if (work.op === "hash") return done;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => this.queue.expire(job) && reject(this.refuse()), maxWaitMs);
      done.then(resolve, reject).finally(() => clearTimeout(timer));
    });
  }

  private refuse() {
    this.stats.refused++;
    return new PasswordChecksBusy(Math.max(1, Math.ceil(this.options.maxWaitMs / 1000)));
  }
}

const POOL = "password-pool";

export function passwordPool(): PasswordPool {
  return remember(POOL, () => new PasswordPool());
}

/** For tests' small bounds; the replaced pool's workers stop. */
export async function configurePasswordPool(options: Partial<PasswordPoolOptions> = {}): Promise<PasswordPool> {
  const previous = passwordPool();
  forget(POOL);
  const pool = remember(POOL, () => new PasswordPool(options));
  await previous.close();
  return pool;
}

// An unknown email is checked against this, so it takes as long as a wrong password: "not-a-real-password" at cost 12.
const STORED_DUMMY_HASH = "$2b$12$sHTxahvJHhM7Rcqd//F66OkCZ5OmRZD7aUiYo9BFqwJzmtM.FMbgG";
let dummyHash: Promise<string> | undefined;
function hashForNoAccount(): Promise<string> {
  if (STORED_DUMMY_HASH.startsWith(`$2b$${String(BCRYPT_COST).padStart(2, "0")}$`)) return Promise.resolve(STORED_DUMMY_HASH);
  return (dummyHash ??= passwordPool()
    .hash("not-a-real-password")
    .catch((error: unknown) => {
      dummyHash = undefined;
      throw error;
    }));
}

export const passwords: Passwords = {
  hash: (password) => passwordPool().hash(password),
  async verify(password, hash) {
    const matches = await passwordPool().check(password, hash ?? (await hashForNoAccount()));
    return Boolean(hash) && matches;
  },
};
