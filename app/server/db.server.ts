import { remember } from "@epic-web/remember";
import mongoose from "mongoose";
import { onDatabaseUnavailable } from "~/models/unavailable.server";
import { startEmbeddedEngine, type EmbeddedEngine } from "./embedded-engine.server";
import { getEnv } from "./env.server";

/**
 * One mongoose connection per process: to MONGODB_URI when set, otherwise to the embedded
 * in-memory engine, which this module starts and stops. Its state is remembered for the process
 * (@epic-web/remember), so dev reloads reuse it instead of opening a second connection.
 */
type DbState = {
  embedded: boolean;
  uri?: string;
  engine?: EmbeddedEngine;
  connecting?: Promise<void>;
  shutdownHooked?: boolean;
  /** Runs once after the first successful connection (demo seeding); requests wait for it. */
  afterFirstConnect?: () => Promise<void>;
  firstConnectDone?: boolean;
};

const state = (): DbState => remember("db", () => ({ embedded: !getEnv().MONGODB_URI }));

// Collections are created implicitly on first write: the embedded engine has no `create` command.
mongoose.set("autoCreate", false);
mongoose.set("strictQuery", true);

/**
 * Bounded waits, so a lost or frozen database turns into a 503 within 2 s instead of hanging a request:
 * the driver checks the server every 2 s and gives up on a check after 1 s (a frozen server then counts
 * as down); an operation whose socket stays silent for 1 s fails, and is not retried (a retry would wait
 * as long again); finding a server waits at most 1 s. Every query here takes milliseconds.
 *
 * Not checked more often: mongoose reads a connection whose heartbeats have been silent for two intervals as
 * disconnected, and a process whose event loop is busy for a moment (a large synchronous job, a loaded
 * machine) hears no heartbeat meanwhile; at 500 ms a one-second stall turned healthy requests into 503s. A
 * request that reaches a frozen database before the next check still fails within socketTimeoutMS.
 */
export const DB_TIMEOUTS = {
  heartbeatFrequencyMS: 2_000,
  connectTimeoutMS: 1_000,
  socketTimeoutMS: 1_000,
  serverSelectionTimeoutMS: 1_000,
} as const;

const CONNECT_OPTIONS: mongoose.ConnectOptions = {
  ...DB_TIMEOUTS,
  retryReads: false,
  // Fail fast instead of queueing queries while the database is away; pages answer 503.
  bufferCommands: false,
};

export const EMBEDDED_DB_NAME = "studio";

/** Whether this process runs on the embedded engine (MONGODB_URI not set). */
export function isEmbedded(): boolean {
  return state().embedded;
}

/** A connection string fit for a log: any password hidden. */
export function redactUri(uri: string): string {
  return uri.replace(/\/\/([^:@/]+):[^@/]*@/, "//$1:***@");
}

/** A printable name of the database in use. */
export function describeDatabase(): string {
  const { embedded, uri } = state();
  const shown = redactUri(uri ?? "");
  return embedded
    ? `embedded in-memory engine (jongodb) at ${shown}: the data lives in memory and is lost on restart`
    : `MongoDB at ${shown}`;
}

/** Connects once; later calls share the same attempt. A failed attempt is retried on the next call. */
export function connectDb(): Promise<void> {
  const s = state();
  if (isDbConnected()) return Promise.resolve();
  s.connecting ??= (async () => {
    hookShutdown();
    if (s.embedded && !s.engine) {
      s.engine = await startEmbeddedEngine(EMBEDDED_DB_NAME);
      s.engine.process.once("exit", () => {
        s.engine = undefined;
      });
    }
    s.uri = s.engine?.uri ?? getEnv().MONGODB_URI!;
    await mongoose.connect(s.uri, CONNECT_OPTIONS);
    watchHeartbeats();
    if (!s.firstConnectDone) {
      s.firstConnectDone = true;
      console.log(`Database: ${describeDatabase()}`);
      await s.afterFirstConnect?.();
    }
  })().finally(() => {
    s.connecting = undefined;
  });
  return s.connecting;
}

/** Registers work to do once after the first connection, before any request uses the database. */
export function afterFirstConnect(task: () => Promise<void>): void {
  state().afterFirstConnect = task;
}

/**
 * The driver's own heartbeats tell whether the server answers: a failed one, or none for longer than a
 * check may take, means it is away (even while the socket stays open, as with a frozen process).
 */
let lastHeartbeat = { ok: true, at: Date.now() };
let watchedClient: unknown;
function watchHeartbeats() {
  const client = mongoose.connection.getClient();
  if (watchedClient === client) return;
  watchedClient = client;
  lastHeartbeat = { ok: true, at: Date.now() };
  client.on("serverHeartbeatSucceeded", () => {
    lastHeartbeat = { ok: true, at: Date.now() };
  });
  client.on("serverHeartbeatFailed", () => {
    lastHeartbeat = { ok: false, at: Date.now() };
  });
}

function heartbeatHealthy(now = Date.now()): boolean {
  // A check answers every heartbeatFrequencyMS; a silent server is noticed after one check's time out. A busy
  // machine may delay a check, and a query caught by the freeze fails after socketTimeoutMS anyway.
  const limit = DB_TIMEOUTS.heartbeatFrequencyMS + DB_TIMEOUTS.connectTimeoutMS + 500;
  return lastHeartbeat.ok && now - lastHeartbeat.at <= limit;
}

/** Connected, done with any first-connection work, and the server answering its checks. */
export function isDbConnected(): boolean {
  return mongoose.connection.readyState === 1 && !state().connecting && heartbeatHealthy();
}

export const DATABASE_UNAVAILABLE_MESSAGE =
  "We can't reach our database right now. Please try again in a moment.";

/**
 * For loaders and actions: resolves once the database is usable, or throws a 503 response that the
 * error boundary shows as a friendly page. The driver reconnects by itself when the database returns.
 */
export async function requireDb(): Promise<void> {
  if (isDbConnected()) return;
  // Once connected, the driver reconnects by itself: waiting for it here would only hold the request.
  if (!state().firstConnectDone) {
    try {
      await connectDb();
    } catch (error) {
      console.error(`Database unavailable: ${(error as Error).message}`);
    }
  }
  if (!isDbConnected()) throw databaseUnavailable();
}

/** The 503 answer for a database that is away: the friendly error page, or JSON 503 under /api. */
export function databaseUnavailable(): Response {
  return new Response(DATABASE_UNAVAILABLE_MESSAGE, {
    status: 503,
    statusText: "Service Unavailable",
    headers: { "Retry-After": "5", "Content-Type": "text/plain; charset=utf-8" },
  });
}

// Every model's plugin throws this answer for a database lost mid-request, as requireDb() does for one found away.
onDatabaseUnavailable(databaseUnavailable);

/** How long a readiness ping may take before the database counts as not answering. */
export const READY_TIMEOUT_MS = 1_000;

/** Whether the database answers a ping within READY_TIMEOUT_MS (never throws, never waits longer). */
export async function pingDb(): Promise<boolean> {
  if (!isDbConnected()) {
    void connectDb().catch(() => undefined);
    return false;
  }
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), READY_TIMEOUT_MS);
  });
  const ping = mongoose.connection.db!.admin().ping().then(() => true, () => false);
  try {
    return await Promise.race([ping, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Closes the connection and stops the embedded engine. */
export async function disconnectDb(): Promise<void> {
  const s = state();
  await mongoose.disconnect().catch(() => undefined);
  s.engine?.stop();
  s.engine = undefined;
}

// remix-serve does not exit on SIGINT/SIGTERM while mongoose holds sockets open: end the process here.
function hookShutdown() {
  const s = state();
  if (s.shutdownHooked) return;
  s.shutdownHooked = true;
  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const force = setTimeout(() => process.exit(0), 3_000);
    force.unref();
    void disconnectDb().finally(() => {
      console.log(`Received ${signal}: stopped.`);
      process.exit(0);
    });
  };
  process.once("SIGINT", shutdown);
  process.once("SIGTERM", shutdown);
  // Whatever ends the process, never leave the engine running behind it.
  process.once("exit", () => state().engine?.stop());
}
