import { beforeAll, describe, expect, it, vi } from "vitest";
import { findTokenAdmin, issueToken } from "~/domain/access.server";
import { messages } from "~/domain/messages";
import { AdminModel } from "~/models/admin.server";
import * as one from "~/routes/api.admins.$id";
import * as admins from "~/routes/api.admins";
import { connectDb } from "~/server/db.server";
import { EnvError, parseEnv } from "~/server/env.server";
import { call, type Outcome } from "../support/remix";
import { signedInAdmin } from "../support/session";
import { apiRequest, BASE_URL, url } from "../support/factories";

// Before the configuration is read: an explicit list replaces the default (the site's own origin).
vi.hoisted(() => {
  process.env.CORS_ORIGINS = "https://app.example, http://localhost:5173/";
});

let me: Awaited<ReturnType<typeof signedInAdmin>>;
let token: string;

beforeAll(async () => {
  await connectDb();
  me = await signedInAdmin("api-admins@studio.test", "Admin Api");
  token = (await issueToken(me.admin.id)).token;
});

/** An API call with the bearer token unless told otherwise (null: none). */
const req = (path: string, { method, json, bearer = token }: { method?: string; json?: unknown; bearer?: string | null } = {}) =>
  apiRequest(path, { method, json, token: bearer ?? undefined });

function checked(result: Outcome): Outcome {
  expect(result.headers.get("Content-Type")).toContain("application/json");
  expect(JSON.stringify(result.data ?? "")).not.toMatch(/hash|"password[^"]*":\s*"|\$2[aby]\$/i);
  return result;
}

const add = async (json: unknown, bearer: string | null = token) =>
  checked(await call(admins.action, req("/api/admins", { method: "POST", json, bearer })));

describe("GET /api/admins", () => {
  it("lists admins as { id, name, email, role } only", async () => {
    const result = checked(await call(admins.loader, req("/api/admins")));
    expect(result.status).toBe(200);
    expect(result.data).toEqual([me.admin]);
  });

  it("answers 401 without a token", async () => {
    const result = checked(await call(admins.loader, req("/api/admins", { bearer: null })));
    expect(result.status).toBe(401);
    expect(result.data).toEqual({ message: "Unauthenticated." });
  });
});

describe("POST /api/admins", () => {
  it("creates an admin and answers 201 with it; unknown fields are ignored", async () => {
    const result = await add({ name: "Grace Hopper", email: "Grace@Studio.test", password: "a long password", role: "owner", _id: "x" });
    expect(result.status).toBe(201);
    const admin = result.data as { id: string; name: string; email: string };
    expect(Object.keys(admin).sort()).toEqual(["email", "id", "name", "role"]);
    expect(admin).toMatchObject({ name: "Grace Hopper", email: "grace@studio.test" });
    const listed = checked(await call(admins.loader, req("/api/admins"))).data as { email: string }[];
    expect(listed.map((entry) => entry.email)).toContain("grace@studio.test");
  });

  it("answers 422 'Please fill in all fields' for a missing field", async () => {
    for (const json of [{}, { name: "A", email: "a@studio.test" }, { name: "", email: "a@studio.test", password: "a long password" }]) {
      const result = await add(json);
      expect(result.status).toBe(422);
      expect((result.data as { message: string }).message).toBe(messages.fillInAllFields);
    }
  });

  it("answers 422 for a taken email, a bad email or a short password", async () => {
    const taken = await add({ name: "Again", email: "api-admins@studio.test", password: "a long password" });
    expect(taken.status).toBe(422);
    expect(taken.data).toEqual({ message: messages.emailTaken, errors: { email: [messages.emailTaken] } });
    expect(((await add({ name: "Bad", email: "not-an-email", password: "a long password" })).data as { message: string }).message).toBe(
      messages.invalidEmail,
    );
    expect(((await add({ name: "Short", email: "short@studio.test", password: "short" })).data as { message: string }).message).toBe(
      messages.passwordTooShort,
    );
  });

  it("refuses operator objects and arrays with 422", async () => {
    for (const json of [
      { name: "X", email: { $gt: "" }, password: "a long password" },
      { name: ["X"], email: "x@studio.test", password: "a long password" },
      { name: "X", email: "x@studio.test", password: { $ne: "" } },
    ]) {
      const result = await add(json);
      expect(result.status).toBe(422);
    }
    expect(await AdminModel.countDocuments({ email: "x@studio.test" })).toBe(0);
  });

  it("answers 401 without a token and creates nothing", async () => {
    const result = await add({ name: "Nope", email: "nope@studio.test", password: "a long password" }, null);
    expect(result.status).toBe(401);
    expect(await AdminModel.countDocuments({ email: "nope@studio.test" })).toBe(0);
  });
});

describe("/api/admins/{id}", () => {
  it("GET answers the admin, or 404", async () => {
    expect(checked(await call(one.loader, req(`/api/admins/${me.admin.id}`), { id: me.admin.id })).data).toEqual(me.admin);
    expect(checked(await call(one.loader, req("/api/admins/64b7f0000000000000000000"), { id: "64b7f0000000000000000000" })).status).toBe(
      404,
    );
  });

  it("DELETE removes another admin and revokes their tokens; then 404", async () => {
    const other = await add({ name: "Leaving", email: "leaving@studio.test", password: "a long password" });
    const id = (other.data as { id: string }).id;
    const theirs = (await issueToken(id)).token;
    const result = checked(await call(one.action, req(`/api/admins/${id}`, { method: "DELETE" }), { id }));
    expect(result.status).toBe(200);
    expect(result.data).toEqual({ message: messages.adminDeleted });
    expect(await findTokenAdmin(theirs)).toBeNull();
    const again = checked(await call(one.action, req(`/api/admins/${id}`, { method: "DELETE" }), { id }));
    expect(again.status).toBe(404);
    expect(again.data).toEqual({ message: messages.adminNotFound });
  });

  it("DELETE answers 404 for a malformed id and 409 for oneself", async () => {
    expect(checked(await call(one.action, req("/api/admins/nope", { method: "DELETE" }), { id: "nope" })).status).toBe(404);
    const self = checked(await call(one.action, req(`/api/admins/${me.admin.id}`, { method: "DELETE" }), { id: me.admin.id }));
    expect(self.status).toBe(409);
    expect(self.data).toEqual({ message: messages.cannotDeleteSelf });
    expect(await AdminModel.exists({ _id: me.admin.id })).toBeTruthy();
  });

  it("answers 405 with Allow for PUT", async () => {
    const result = checked(await call(one.action, req(`/api/admins/${me.admin.id}`, { method: "PUT", json: {} }), { id: me.admin.id }));
    expect(result.status).toBe(405);
    expect(result.headers.get("Allow")).toBe("GET, PATCH, DELETE, HEAD, OPTIONS");
  });
});

describe("CORS_ORIGINS", () => {
  const withOrigin = (origin: string, method = "GET") =>
    new Request(url("/api/admins"), {
      method,
      headers: { Origin: origin, Authorization: `Bearer ${token}`, "Access-Control-Request-Method": "DELETE" },
    });

  it("allows exactly the configured origins", async () => {
    for (const origin of ["https://app.example", "http://localhost:5173"]) {
      const result = await call(admins.loader, withOrigin(origin));
      expect(result.status).toBe(200);
      expect(result.headers.get("Access-Control-Allow-Origin")).toBe(origin);
      expect(result.headers.get("Access-Control-Allow-Credentials")).toBe("true");
      expect(result.headers.get("Access-Control-Expose-Headers")).toContain("X-Total-Count");
    }
    for (const origin of [BASE_URL, "https://app.example.evil.test", "null"]) {
      const result = await call(admins.loader, withOrigin(origin));
      expect(result.status).toBe(200);
      expect(result.headers.get("Access-Control-Allow-Origin")).toBeNull();
    }
  });

  it("answers a preflight from a configured origin with the route's methods", async () => {
    const result = await call(
      one.loader,
      new Request(url("/api/admins/x"), {
        method: "OPTIONS",
        headers: { Origin: "https://app.example", "Access-Control-Request-Method": "DELETE" },
      }),
      { id: "x" },
    );
    expect(result.status).toBe(204);
    expect(result.headers.get("Access-Control-Allow-Methods")).toBe("GET, PATCH, DELETE, HEAD, OPTIONS");
    expect(result.headers.get("Access-Control-Allow-Headers")).toContain("X-XSRF-TOKEN");
  });

  it("is parsed and validated at start-up; the default is SITE_URL's origin", () => {
    expect(parseEnv({ SITE_URL: "https://studio.example/" }).CORS_ORIGINS).toEqual(["https://studio.example"]);
    expect(parseEnv({}).CORS_ORIGINS).toEqual(["http://localhost:3000"]);
    expect(parseEnv({ CORS_ORIGINS: " https://a.example , http://localhost:5173/,https://a.example" }).CORS_ORIGINS).toEqual([
      "https://a.example",
      "http://localhost:5173",
    ]);
    for (const bad of ["*", "a.example", "https://a.example/path", "ftp://a.example"]) {
      expect(() => parseEnv({ CORS_ORIGINS: bad })).toThrow(EnvError);
      expect(() => parseEnv({ CORS_ORIGINS: bad })).toThrow(/CORS_ORIGINS/);
    }
  });
});
