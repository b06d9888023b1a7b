import type mongoose from "mongoose";

// The server registers its 503 answer at start-up, so the models know nothing of HTTP.
let unavailable: (() => unknown) | undefined;

export function onDatabaseUnavailable(answer: () => unknown): void {
  unavailable = answer;
}

const UNAVAILABLE_ERRORS = new Set([
  "MongoNetworkError",
  "MongoNetworkTimeoutError",
  "MongoServerSelectionError",
  "MongooseServerSelectionError",
  "MongoNotConnectedError",
  "MongoTopologyClosedError",
  "MongoPoolClearedError",
  "PoolClearedOnNetworkError",
]);

const SOCKET_GONE = new Set(["EPIPE", "ECONNRESET"]);

export function isDatabaseUnavailableError(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 3) return false;
  if (UNAVAILABLE_ERRORS.has(error.name) || /buffering timed out|Client must be connected/.test(error.message)) return true;
  // A pooled connection the server has just closed: the driver (7.x) lets the socket's own write error through unwrapped.
  if (SOCKET_GONE.has((error as NodeJS.ErrnoException).code ?? "")) return true;
  // The driver wraps a lost connection (a pool cleared by a monitor's time out) around its network error.
  return isDatabaseUnavailableError(error.cause, depth + 1);
}

export function databaseUnavailableAnswer(schema: mongoose.Schema): void {
  const operations = [
    "find",
    "findOne",
    "countDocuments",
    "estimatedDocumentCount",
    "distinct",
    "findOneAndUpdate",
    "findOneAndReplace",
    "updateOne",
    "updateMany",
    "replaceOne",
    "deleteOne",
    "deleteMany",
    "save",
    "insertMany",
    "aggregate",
  ] as const;
  const handler = (error: unknown, _result: unknown, next: (error?: unknown) => void) =>
    next(unavailable && isDatabaseUnavailableError(error) ? unavailable() : error);
  for (const operation of operations) schema.post(operation as "find", handler as never);
}
