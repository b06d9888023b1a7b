import { describe, expect, it, vi } from "vitest";
import * as login from "~/routes/api.login";
import * as publicList from "~/routes/api.public.case-studies";
import { apiRoute } from "~/server/api/route.server";
import { DATABASE_UNAVAILABLE_MESSAGE } from "~/server/db.server";
import { call } from "../support/remix";
import { url } from "../support/factories";

// No database answers on this port: every call that needs one gets the 503, in JSON.
vi.hoisted(() => {
  process.env.MONGODB_URI = `mongodb://127.0.0.1:${20_000 + Math.floor(Math.random() * 12_000)}/nowhere`;
});

describe("errors are JSON", () => {
  it("answers 503 in JSON with Retry-After when the database is away", async () => {
    const result = await call(publicList.loader, new Request(url("/api/public/case-studies")));
    expect(result.status).toBe(503);
    expect(result.headers.get("Content-Type")).toContain("application/json");
    expect(result.headers.get("Retry-After")).toBe("5");
    expect(result.data).toEqual({ message: DATABASE_UNAVAILABLE_MESSAGE });

    const signIn = await call(
      login.action,
      new Request(url("/api/login"), {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: "a@b.test", password: "x" }),
      }),
    );
    expect(signIn.status).toBe(503);
    expect(signIn.headers.get("Content-Type")).toContain("application/json");
  }, 20_000);

  it("answers an unexpected error with 500 { message } and no stack trace", async () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const route = apiRoute({
      GET: async () => {
        throw new Error("secret internals at /work/main/app/x.ts:1");
      },
    });
    const result = await call(route.loader, new Request(url("/api/broken")));
    expect(result.status).toBe(500);
    expect(result.data).toEqual({ message: "Server Error" });
    expect(JSON.stringify(result.data)).not.toMatch(/secret|stack|\.ts/);
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
  });

  it("answers 413 in JSON for an oversize JSON body", async () => {
    const body = JSON.stringify({ email: "a".repeat(2 * 1024 * 1024), password: "x" });
    const result = await call(
      login.action,
      new Request(url("/api/login"), { method: "POST", headers: { "Content-Type": "application/json" }, body }),
    );
    expect(result.status).toBe(413);
    expect(result.headers.get("Content-Type")).toContain("application/json");
    expect(result.data).toEqual({ message: "The request body is too large." });
  });
});
