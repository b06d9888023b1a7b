import { remember } from "@epic-web/remember";
import path from "node:path";
import mongoose from "mongoose";
import { isDatabaseUnavailableError, onDatabaseUnavailable } from "~/models/unavailable.server";
import { startEmbeddedEngine, type EmbeddedEngine } from "./embedded-engine.server";
import { getEnv } from "./env.server";

// Remembered so dev reloads reuse the connection and the embedded engine instead of opening a second one.
type DbState = {
  embedded: boolean;
  uri?: string;
  engine?: EmbeddedEngine;
  connecting?: Promise<void>;
  shutdownHooked?: boolean;
  afterFirstConnect?: () => Promise<void>;
  beforeShutdown?: () => Promise<void>;
  firstConnectDone?: boolean;
};

const state = (): DbState => remember("db", () => ({ embedded: !getEnv().MONGODB_URI }));

// Collections are created implicitly on first write: the embedded engine has no `create` command.
mongoose.set("autoCreate", false);
mongoose.set("strictQuery", true);

// A lost or frozen database becomes a 503 within 2 s; no retries (one would wait as long again). Heartbeats no more often: mongoose
// reads two silent intervals as disconnected, so at 500 ms a 1 s event-loop stall would turn healthy requests into 503s.
const DB_TIMEOUTS = {
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

const EMBEDDED_DB_NAME = "studio";

export function isEmbedded(): boolean {
  return state().embedded;
}

export function redactUri(uri: string): string {
  return uri.replace(/\/\/([^:@/]+):[^@/]*@/, "//$1:***@");
}

export function describeDatabase(): string {
  const { embedded, uri } = state();
  const shown = redactUri(uri ?? "");
  return embedded
    ? `embedded engine (jongodb) at ${shown}, kept in ${path.resolve(getEnv().DATA_DIR)}: a single-machine store`
    : `MongoDB at ${shown}`;
}

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
    // The embedded engine's writes are watched to keep its snapshot in DATA_DIR current.
    await mongoose.connect(s.uri, { ...CONNECT_OPTIONS, monitorCommands: s.embedded });
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

/** Registers work to finish at a graceful stop, before the database closes. */
export function beforeShutdown(task: () => Promise<void>): void {
  state().beforeShutdown = task;
}

// Heartbeats also notice a frozen server whose socket stays open.
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
  // Slack for a busy machine delaying a check; a query caught by a freeze fails after socketTimeoutMS anyway.
  const limit = DB_TIMEOUTS.heartbeatFrequencyMS + DB_TIMEOUTS.connectTimeoutMS + 500;
  return lastHeartbeat.ok && now - lastHeartbeat.at <= limit;
}

export function isDbConnected(): boolean {
  return mongoose.connection.readyState === 1 && !state().connecting && heartbeatHealthy();
}

export const DATABASE_UNAVAILABLE_MESSAGE = "We can't reach our database right now. Please try again in a moment.";

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

/** Retry-After for a 503 that does not say its own: the database's. */
export const UNAVAILABLE_RETRY_AFTER = "5";

export function databaseUnavailable(): Response {
  return new Response(DATABASE_UNAVAILABLE_MESSAGE, {
    status: 503,
    statusText: "Service Unavailable",
    headers: { "Retry-After": UNAVAILABLE_RETRY_AFTER, "Content-Type": "text/plain; charset=utf-8" },
  });
}

// The models throw the same answer for a database lost mid-request.
onDatabaseUnavailable(databaseUnavailable);

/**
 * The same 503 for a database that went away or timed out in code beside the models (the raw driver, GridFS, the rate
 * limiter's library), for the places that turn any thrown error into an answer; null for any other error.
 */
export function unavailableAnswerFor(error: unknown): Response | null {
  if (!isDatabaseUnavailableError(error)) return null;
  const { name, message } = error as Error;
  console.error(`Database unavailable (answered 503): ${name}: ${message}`);
  return databaseUnavailable();
}

/** The database away or timing out, met in a model (its 503) or beside them (the driver's own error). */
export const isOutage = (error: unknown) => (error instanceof Response && error.status === 503) || unavailableAnswerFor(error) !== null;

const READY_TIMEOUT_MS = 1_000;

export async function pingDb(): Promise<boolean> {
  if (!isDbConnected()) {
    void connectDb().catch(() => undefined);
    return false;
  }
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), READY_TIMEOUT_MS);
  });
  const ping = mongoose.connection
    .db!.admin()
    .ping()
    .then(
      () => true,
      () => false,
    );
  try {
    return await Promise.race([ping, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

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
    const force = setTimeout(() => process.exit(0), s.beforeShutdown ? 15_000 : 3_000);
    force.unref();
    void (s.beforeShutdown?.() ?? Promise.resolve())
      .catch((error: Error) => console.error(`At stop: ${error.message}`))
      .then(() => disconnectDb())
      .finally(() => {
        console.log(`Received ${signal}: stopped.`);
        process.exit(0);
      });
  };
  process.once("SIGINT", shutdown);
  process.once("SIGTERM", shutdown);
  // Whatever ends the process, never leave the engine running behind it.
  process.once("exit", () => state().engine?.stop());
}
