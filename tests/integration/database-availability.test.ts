import { afterAll, describe, expect, it, vi } from "vitest";
import * as home from "~/routes/_site._index";
import * as healthz from "~/routes/healthz";
import * as readyz from "~/routes/readyz";
import { startEmbeddedEngine, type EmbeddedEngine } from "~/server/embedded-engine.server";
import { call, get } from "../support/remix";

// This file runs its own engine on a fixed port so it can stop it and bring it back. The address is set before the
// imports run (vi.hoisted), since a module may read the configuration as it loads. The port is below the kernel's
// ephemeral range (32768 and up), so no outgoing connection of the run can be holding it when the engine binds.
let engine: EmbeddedEngine | undefined;
const port = vi.hoisted(() => {
  const chosen = 20_000 + Math.floor(Math.random() * 12_000);
  process.env.MONGODB_URI = `mongodb://127.0.0.1:${chosen}/availability`;
  return chosen;
});

afterAll(() => engine?.stop());

async function homeStatus() {
  return (await call(home.loader, get("/"))).status;
}

/** Polls until `condition` holds; a request caught mid-outage may fail before the driver notices. */
async function until(condition: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition().catch(() => false)) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

describe("when the database is away", () => {
  it("answers 503 with a friendly message instead of crashing", async () => {
    const result = await call(home.loader, get("/"));
    expect(result.status).toBe(503);
    expect(result.data).toBe("We can't reach our database right now. Please try again in a moment.");
    expect(result.headers.get("Retry-After")).toBe("5");
  });

  it("is not ready (/readyz 503 JSON), while the process is alive (/healthz 200)", async () => {
    const ready = await call(readyz.loader, get("/readyz"));
    expect(ready.status).toBe(503);
    expect(ready.data).toMatchObject({ status: "unavailable" });
    expect(ready.headers.get("Cache-Control")).toBe("no-store");
    expect((await call(healthz.loader, get("/healthz"))).status).toBe(200);
  });

  it("recovers by itself once the database comes up", async () => {
    engine = await startEmbeddedEngine("availability", { port });
    expect(await homeStatus()).toBe(200);
    expect((await call(readyz.loader, get("/readyz"))).status).toBe(200);
  });

  it("answers 503 again when the database goes down, then recovers when it returns", async () => {
    engine!.stop();
    await new Promise((resolve) => engine!.process.once("exit", resolve));
    expect(await until(async () => (await homeStatus()) === 503, 15_000)).toBe(true);

    engine = await startEmbeddedEngine("availability", { port });
    expect(await until(async () => (await homeStatus()) === 200, 15_000)).toBe(true);
  }, 40_000);
});

describe("isDatabaseUnavailableError", () => {
  it("knows a lost connection by its name or by the network error the driver wrapped in it", async () => {
    const { isDatabaseUnavailableError } = await import("~/models/unavailable.server");
    const named = (name: string, message = "x", cause?: unknown) => Object.assign(new Error(message, { cause }), { name });
    // A monitor's time out clears the pool; queries in flight fail with this error, their cause the timeout.
    expect(isDatabaseUnavailableError(named("PoolClearedOnNetworkError"))).toBe(true);
    expect(isDatabaseUnavailableError(named("MongoDriverError", "wrapped", named("MongoNetworkTimeoutError")))).toBe(true);
    expect(isDatabaseUnavailableError(named("MongoServerError", "E11000 duplicate key"))).toBe(false);
    expect(isDatabaseUnavailableError(named("CastError", "Cast to ObjectId failed"))).toBe(false);
    expect(isDatabaseUnavailableError("MongoNetworkError")).toBe(false);
    // Written to a pooled socket the stopped server had closed (met by the contact form, contact-outage.test.ts).
    const ended = Object.assign(new Error("This socket has been ended by the other party"), { code: "EPIPE" });
    expect(isDatabaseUnavailableError(ended)).toBe(true);
  });
});
