import { beforeAll, describe, expect, it } from "vitest";
import { hashTokenSecret } from "~/domain/access.server";
import { messages } from "~/domain/messages";
import { ApiTokenModel } from "~/models/api-token.server";
import * as unknownApi from "~/routes/api.$";
import * as adminsRoute from "~/routes/api.admins";
import * as login from "~/routes/api.login";
import * as logout from "~/routes/api.logout";
import * as validate from "~/routes/api.validate-token";
import * as csrfCookie from "~/routes/sanctum.csrf-cookie";
import { connectDb } from "~/server/db.server";
import { call, cookiesFrom, type Outcome } from "../support/remix";
import { signedInAdmin } from "../support/session";
import { apiRequest, BASE_URL, url, type ApiRequestInit } from "../support/factories";

const PASSWORD = "test-password";

/** Every answer is JSON and never carries a password or hash. */
function checked(result: Outcome): Outcome {
  const type = result.headers.get("Content-Type") ?? "";
  if (result.status !== 204) expect(type).toContain("application/json");
  const raw = JSON.stringify(result.data ?? "");
  // "password" may only name a field of `errors` (an array of messages), never carry a value.
  expect(raw).not.toMatch(/"password[^"]*":\s*"/i);
  expect(raw).not.toMatch(/hash|\$2[aby]\$\d\d\$/i);
  return result;
}

async function signIn(email: string, password = PASSWORD, ip = "10.0.0.1") {
  const result = checked(
    await call(login.action, apiRequest("/api/login", { method: "POST", json: { email, password }, headers: { "X-Forwarded-For": ip } })),
  );
  return result;
}

let me: Awaited<ReturnType<typeof signedInAdmin>>;

beforeAll(async () => {
  await connectDb();
  me = await signedInAdmin("api-auth@studio.test", "Api Auth");
});

describe("POST /api/login", () => {
  it("issues a token and the user for good credentials (JSON)", async () => {
    const result = await signIn("API-Auth@studio.test");
    expect(result.status).toBe(200);
    const data = result.data as { token: string; user: unknown };
    expect(data.user).toEqual({ id: me.admin.id, name: "Api Auth", email: "api-auth@studio.test", role: "owner" });
    expect(data.token).toMatch(/^[0-9a-f]{24}\|[A-Za-z0-9_-]{43}$/);
    // Stored only as a hash, expiring 4 hours from now.
    const [id, secret] = data.token.split("|") as [string, string];
    const doc = await ApiTokenModel.findById(id).lean();
    expect(doc?.token_hash).toBe(hashTokenSecret(secret));
    expect(JSON.stringify(doc)).not.toContain(secret);
    const lifetime = doc!.expires_at.getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(4 * 3600_000 - 60_000);
    expect(lifetime).toBeLessThanOrEqual(4 * 3600_000);
  });

  it("accepts a form body too", async () => {
    const result = checked(
      await call(login.action, apiRequest("/api/login", { method: "POST", form: { email: "api-auth@studio.test", password: PASSWORD } })),
    );
    expect(result.status).toBe(200);
    expect((result.data as { token: string }).token).toBeTruthy();
  });

  it("answers 422 with the catalogue's message when a field is missing", async () => {
    for (const json of [{}, { email: "api-auth@studio.test" }, { password: PASSWORD }, { email: " ", password: "" }]) {
      const result = checked(await call(login.action, apiRequest("/api/login", { method: "POST", json })));
      expect(result.status).toBe(422);
      expect((result.data as { message: string }).message).toBe(messages.loginMissingFields);
      expect((result.data as { errors: object }).errors).toBeTruthy();
    }
  });

  it("refuses operator injection and wrong types with 422, never querying with them", async () => {
    for (const json of [
      { email: { $gt: "" }, password: { $gt: "" } },
      { email: "api-auth@studio.test", password: { $ne: null } },
      { email: ["api-auth@studio.test"], password: PASSWORD },
      ["api-auth@studio.test", PASSWORD],
    ]) {
      const result = checked(await call(login.action, apiRequest("/api/login", { method: "POST", json })));
      expect(result.status).toBe(422);
      expect((result.data as { message: string }).message).toBe(messages.loginMissingFields);
    }
  });

  it("answers 400 JSON for a body that is not JSON", async () => {
    const request = new Request(url("/api/login"), { method: "POST", headers: { "Content-Type": "application/json" }, body: "{oops" });
    const result = checked(await call(login.action, request));
    expect(result.status).toBe(400);
    expect(result.data).toEqual({ message: messages.apiInvalidJson });
  });

  it("answers 401 with the email error for wrong credentials, then 429 after 5 failures", async () => {
    const ip = "10.9.9.9";
    for (let attempt = 1; attempt <= 5; attempt++) {
      const result = await signIn("api-auth@studio.test", "wrong-password", ip);
      expect(result.status).toBe(401);
      expect(result.data).toEqual({ message: messages.invalidCredentials, errors: { email: [messages.invalidCredentials] } });
    }
    const throttled = await signIn("api-auth@studio.test", PASSWORD, ip);
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((throttled.data as { message: string }).message).toMatch(/Too many failed sign-in attempts/);
    // Another address is not affected.
    expect((await signIn("api-auth@studio.test", PASSWORD, "10.9.9.10")).status).toBe(200);
  });

  it("answers 401 for an unknown email with the same message", async () => {
    const result = await signIn("nobody@studio.test", PASSWORD, "10.1.1.1");
    expect(result.status).toBe(401);
    expect((result.data as { message: string }).message).toBe(messages.invalidCredentials);
  });

  it("answers 405 with an Allow header for GET", async () => {
    const result = checked(await call(login.loader, apiRequest("/api/login")));
    expect(result.status).toBe(405);
    expect(result.headers.get("Allow")).toBe("POST, OPTIONS");
    expect((result.data as { message: string }).message).toContain("GET");
  });
});

describe("GET /api/validate-token and POST /api/logout", () => {
  const validateWith = (init: ApiRequestInit) => call(validate.loader, apiRequest("/api/validate-token", init)).then(checked);

  it("accepts a valid token and returns the user", async () => {
    const { token } = (await signIn("api-auth@studio.test")).data as { token: string };
    const result = await validateWith({ token });
    expect(result.status).toBe(200);
    expect(result.data).toEqual({ user: me.admin });
  });

  it("answers 401 Unauthenticated for a missing, malformed, unknown or non-bearer token", async () => {
    const { token } = (await signIn("api-auth@studio.test")).data as { token: string };
    const [id] = token.split("|");
    for (const init of [
      {},
      { token: "garbage" },
      { token: `${id}|${"A".repeat(43)}` },
      { token: `${"0".repeat(24)}|${token.split("|")[1]}` },
      { headers: { Authorization: `Basic ${token}` } },
      { headers: { Authorization: "Bearer" } },
    ] satisfies ApiRequestInit[]) {
      const result = await validateWith(init);
      expect(result.status).toBe(401);
      expect(result.data).toEqual({ message: "Unauthenticated." });
    }
  });

  it("answers 401 for an expired token", async () => {
    const secret = "E".repeat(43);
    const doc = await ApiTokenModel.create({
      admin_id: me.admin.id,
      token_hash: hashTokenSecret(secret),
      expires_at: new Date(Date.now() - 1000),
    });
    const result = await validateWith({ token: `${doc._id.toString()}|${secret}` });
    expect(result.status).toBe(401);
    expect(result.data).toEqual({ message: "Unauthenticated." });
  });

  it("answers 401 for the token of a deleted admin", async () => {
    const other = await signedInAdmin("api-gone@studio.test");
    const { token } = (await signIn("api-gone@studio.test")).data as { token: string };
    expect((await validateWith({ token })).status).toBe(200);
    const { AdminModel } = await import("~/models/admin.server");
    await AdminModel.deleteOne({ _id: other.admin.id });
    expect((await validateWith({ token })).status).toBe(401);
  });

  it("revokes the token on logout; logging out again, or without a token, still answers 200", async () => {
    const { token } = (await signIn("api-auth@studio.test")).data as { token: string };
    const first = checked(await call(logout.action, apiRequest("/api/logout", { method: "POST", token })));
    expect(first.status).toBe(200);
    expect(first.data).toEqual({ message: messages.logoutSuccess });
    expect((await validateWith({ token })).status).toBe(401);
    expect(await ApiTokenModel.countDocuments({ _id: token.split("|")[0] })).toBe(0);
    expect(checked(await call(logout.action, apiRequest("/api/logout", { method: "POST", token }))).status).toBe(200);
    expect(checked(await call(logout.action, apiRequest("/api/logout", { method: "POST" }))).status).toBe(200);
    expect(checked(await call(logout.action, apiRequest("/api/logout", { method: "POST", token: "nonsense" }))).status).toBe(200);
  });

  it("falls back to a valid cookie session when the bearer token is not valid", async () => {
    const result = await validateWith({ cookie: me.cookie, token: "stale-token" });
    expect(result.status).toBe(200);
  });

  it("accepts the dashboard's cookie session for validation", async () => {
    const result = await validateWith({ cookie: me.cookie });
    expect(result.status).toBe(200);
    expect(result.data).toEqual({ user: me.admin });
  });
});

describe("CSRF for cookie sessions", () => {
  async function xsrf() {
    const result = await call(csrfCookie.loader, apiRequest("/sanctum/csrf-cookie"));
    expect(result.status).toBe(204);
    const line = result.headers.getSetCookie().find((cookie) => cookie.startsWith("XSRF-TOKEN="))!;
    expect(line).toBeTruthy();
    expect(line).toMatch(/SameSite=Lax/i);
    expect(line).not.toMatch(/HttpOnly/i);
    const cookie = cookiesFrom(result.headers, me.cookie);
    const value = decodeURIComponent(line.split(";")[0]!.slice("XSRF-TOKEN=".length));
    return { cookie, value };
  }
  const newAdmin = (n: number) => ({ name: `Csrf ${n}`, email: `csrf-${n}@studio.test`, password: "a long password" });

  it("gives a new random token each time", async () => {
    expect((await xsrf()).value).not.toBe((await xsrf()).value);
  });

  it("refuses a state-changing session call without the header, or with a wrong one, with 419", async () => {
    const { cookie, value } = await xsrf();
    for (const headers of [{} as Record<string, string>, { "X-XSRF-TOKEN": "wrong" }, { "X-XSRF-TOKEN": `${value}x` }]) {
      const result = checked(
        await call(adminsRoute.action, apiRequest("/api/admins", { method: "POST", json: newAdmin(1), cookie, headers })),
      );
      expect(result.status).toBe(419);
      expect(result.data).toEqual({ message: "CSRF token mismatch." });
    }
    // Without the cookie, a header alone does not pass either.
    const bare = checked(
      await call(
        adminsRoute.action,
        apiRequest("/api/admins", { method: "POST", json: newAdmin(1), cookie: me.cookie, headers: { "X-XSRF-TOKEN": value } }),
      ),
    );
    expect(bare.status).toBe(419);
  });

  it("refuses a forged token the server did not sign, even when cookie and header match", async () => {
    const forged = "abc.def";
    const result = checked(
      await call(
        adminsRoute.action,
        apiRequest("/api/admins", {
          method: "POST",
          json: newAdmin(2),
          cookie: `${me.cookie}; XSRF-TOKEN=${forged}`,
          headers: { "X-XSRF-TOKEN": forged },
        }),
      ),
    );
    expect(result.status).toBe(419);
  });

  it("accepts the matching (URL-encoded) header with the session cookie", async () => {
    const { cookie, value } = await xsrf();
    const result = checked(
      await call(
        adminsRoute.action,
        apiRequest("/api/admins", { method: "POST", json: newAdmin(3), cookie, headers: { "X-XSRF-TOKEN": encodeURIComponent(value) } }),
      ),
    );
    expect(result.status).toBe(201);
  });

  it("needs no CSRF token for reads with the session, nor for bearer calls", async () => {
    expect(checked(await call(adminsRoute.loader, apiRequest("/api/admins", { cookie: me.cookie }))).status).toBe(200);
    const { token } = (await signIn("api-auth@studio.test")).data as { token: string };
    const result = checked(await call(adminsRoute.action, apiRequest("/api/admins", { method: "POST", json: newAdmin(4), token })));
    expect(result.status).toBe(201);
  });

  it("answers 401 (not 419) for an expired session", async () => {
    const { commitAdminSession } = await import("~/server/auth.server");
    const old = cookiesFrom(
      new Headers({ "Set-Cookie": await commitAdminSession(apiRequest("/"), me.admin.id, Date.now() - 5 * 3600_000) }),
    );
    const result = checked(await call(adminsRoute.loader, apiRequest("/api/admins", { cookie: old })));
    expect(result.status).toBe(401);
  });

  it("logs a cookie session out only with the CSRF header", async () => {
    const { cookie, value } = await xsrf();
    expect(checked(await call(logout.action, apiRequest("/api/logout", { method: "POST", cookie }))).status).toBe(419);
    const result = checked(
      await call(logout.action, apiRequest("/api/logout", { method: "POST", cookie, headers: { "X-XSRF-TOKEN": value } })),
    );
    expect(result.status).toBe(200);
    expect(result.headers.getSetCookie().some((line) => line.startsWith("__session=") && /Expires=Thu, 01 Jan 1970/i.test(line))).toBe(
      true,
    );
  });
});

describe("unknown routes and CORS", () => {
  it("answers 404 JSON for any unknown /api path and method", async () => {
    for (const method of ["GET", "POST", "DELETE"]) {
      const handler = method === "GET" ? unknownApi.loader : unknownApi.action;
      const result = checked(await call(handler, apiRequest("/api/nothing/here", { method }), { "*": "nothing/here" }));
      expect(result.status).toBe(404);
      expect(result.data).toEqual({ message: messages.apiNotFound });
    }
  });

  it("answers OPTIONS without an origin with 204 and Allow, and HEAD like GET", async () => {
    const options = await call(validate.loader, apiRequest("/api/validate-token", { method: "OPTIONS" }));
    expect(options.status).toBe(204);
    expect(options.headers.get("Allow")).toBe("GET, HEAD, OPTIONS");
    expect(options.headers.get("Access-Control-Allow-Origin")).toBeNull();
    // A session of its own: other tests here log `me` out, which ends that session everywhere.
    const { commitAdminSession } = await import("~/server/auth.server");
    const cookie = cookiesFrom(new Headers({ "Set-Cookie": await commitAdminSession(apiRequest("/"), me.admin.id) }));
    const head = await call(validate.loader, apiRequest("/api/validate-token", { method: "HEAD", cookie }));
    expect(head.status).toBe(200);
  });

  it("gives an allowed origin the CORS headers, and a preflight its answer", async () => {
    const origin = BASE_URL; // the site's own, allowed by default
    const simple = await call(validate.loader, apiRequest("/api/validate-token", { headers: { Origin: origin } }));
    expect(simple.status).toBe(401);
    expect(simple.headers.get("Access-Control-Allow-Origin")).toBe(origin);
    expect(simple.headers.get("Access-Control-Allow-Credentials")).toBe("true");
    expect(simple.headers.get("Vary")).toContain("Origin");

    const preflight = await call(
      adminsRoute.loader,
      apiRequest("/api/admins", {
        method: "OPTIONS",
        headers: {
          Origin: origin,
          "Access-Control-Request-Method": "POST",
          "Access-Control-Request-Headers": "authorization,x-xsrf-token",
        },
      }),
    );
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("Access-Control-Allow-Origin")).toBe(origin);
    expect(preflight.headers.get("Access-Control-Allow-Methods")).toContain("POST");
    const allowedHeaders = preflight.headers.get("Access-Control-Allow-Headers")!.toLowerCase();
    for (const header of ["authorization", "x-xsrf-token", "content-type", "x-requested-with"]) expect(allowedHeaders).toContain(header);

    // The csrf-cookie route is covered too, as with Sanctum.
    expect(
      (await call(csrfCookie.loader, apiRequest("/sanctum/csrf-cookie", { headers: { Origin: origin } }))).headers.get(
        "Access-Control-Allow-Origin",
      ),
    ).toBe(origin);
  });

  it("gives any other origin no CORS headers", async () => {
    const origin = "https://evil.example";
    for (const result of [
      await call(validate.loader, apiRequest("/api/validate-token", { headers: { Origin: origin } })),
      await call(
        adminsRoute.loader,
        apiRequest("/api/admins", { method: "OPTIONS", headers: { Origin: origin, "Access-Control-Request-Method": "POST" } }),
      ),
    ]) {
      expect(result.headers.get("Access-Control-Allow-Origin")).toBeNull();
      expect(result.headers.get("Access-Control-Allow-Credentials")).toBeNull();
      expect(result.headers.get("Access-Control-Allow-Methods")).toBeNull();
    }
  });
});
