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
