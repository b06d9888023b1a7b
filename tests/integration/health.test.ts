import { beforeAll, describe, expect, it } from "vitest";
import * as healthz from "~/routes/healthz";
import * as readyz from "~/routes/readyz";
import { connectDb } from "~/server/db.server";
import { call, get } from "../support/remix";

beforeAll(() => connectDb());

describe("health checks for load balancers", () => {
  it("/healthz says the process is up, as uncached JSON", async () => {
    const result = await call(healthz.loader, get("/healthz"));
    expect(result.status).toBe(200);
    expect(result.data).toEqual({ status: "ok" });
    expect(result.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(result.headers.get("Cache-Control")).toBe("no-store");
  });

  it("/readyz is 200 while the database answers", async () => {
    const result = await call(readyz.loader, get("/readyz"));
    expect(result.status).toBe(200);
    expect(result.data).toEqual({ status: "ready" });
    expect(result.headers.get("Cache-Control")).toBe("no-store");
  });
});

describe("a busy event loop", () => {
  it("is not taken for a lost database: after 1.5 s of synchronous work the database still counts as up", async () => {
    const { isDbConnected } = await import("~/server/db.server");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(isDbConnected()).toBe(true);
    // Nothing else runs meanwhile: no timer, no socket event, no heartbeat.
    const until = Date.now() + 1_500;
    while (Date.now() < until);
    expect(isDbConnected()).toBe(true);
    expect((await call(readyz.loader, get("/readyz"))).status).toBe(200);
  });
});
