import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestAdmin } from "../support/admins";
import { messages } from "~/domain/messages";
import { passwordPool } from "~/server/passwords.server";
import * as apiLogin from "~/routes/api.login";
import * as loginRoute from "~/routes/login";
import { connectDb } from "~/server/db.server";
import { getEnv } from "~/server/env.server";
import { count } from "~/server/rate-limit.server";
import { randomAddress } from "../support/addresses";
import { refusal } from "../support/form-replies";
import { call } from "../support/remix";
import { apiRequest, url } from "../support/factories";

/**
 * Sign-in limits in MongoDB, on the client address TRUST_PROXY allows: 5 failures per account and address,
 * 20 per address, 50 per account, in 15 minutes; a refused attempt never reaches bcrypt.
 */
const password = "the-right-password";
let seq = 0;
async function account() {
  const email = `limits-${++seq}-${Date.now()}@studio.test`;
  const created = await createTestAdmin({ name: "Limits", email, password });
  if (!created.ok) throw new Error(created.reason);
  return email;
}

function signIn(email: string, pass: string, forwardedFor?: string) {
  const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded" };
  if (forwardedFor) headers["X-Forwarded-For"] = forwardedFor;
  return call(
    loginRoute.action,
    new Request(url("/login"), { method: "POST", headers, body: new URLSearchParams({ email, password: pass }) }),
  );
}

function apiSignIn(email: string, pass: string, forwardedFor: string) {
  return call(
    apiLogin.action,
    apiRequest("/api/login", { method: "POST", json: { email, password: pass }, headers: { "X-Forwarded-For": forwardedFor } }),
  );
}

const trusted = getEnv().TRUST_PROXY;
afterEach(() => {
  getEnv().TRUST_PROXY = trusted;
  vi.restoreAllMocks();
});

beforeAll(() => connectDb());

describe("a client rotating X-Forwarded-For", () => {
  it("with TRUST_PROXY=0 gets 5 judged attempts, then 429 for the rest and for the right password", async () => {
    getEnv().TRUST_PROXY = 0;
    const email = await account();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 30; attempt++) statuses.push((await signIn(email, `wrong-${attempt}`, randomAddress())).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(new Set(statuses.slice(5))).toEqual(new Set([429]));
    const right = await signIn(email, password, randomAddress());
    expect(right.status).toBe(429);
    expect(Number(right.headers.get("Retry-After"))).toBeGreaterThan(14 * 60);
    expect(refusal(right.data).message).toBe(messages.loginThrottled(15));
  }, 60_000);

  it("with TRUST_PROXY=1 behind a proxy that appends the real address: the same", async () => {
    getEnv().TRUST_PROXY = 1;
    const email = await account();
    const real = randomAddress();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 30; attempt++)
      statuses.push((await signIn(email, `wrong-${attempt}`, `${randomAddress()}, ${real}`)).status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.slice(5).every((status) => status === 429)).toBe(true);
    expect((await signIn(email, password, `${randomAddress()}, ${real}`)).status).toBe(429);
    // Another client of the same account is not shut out.
    expect((await signIn(email, password, randomAddress())).status).toBe(302);
  }, 60_000);
});

describe("the three limits", () => {
  it("refuses a 21st failure from one address whatever the email", async () => {
    const from = randomAddress();
    for (let attempt = 0; attempt < 20; attempt++) {
      expect((await signIn(`nobody-${attempt}-${Date.now()}@studio.test`, "wrong", from)).status).toBe(401);
    }
    expect((await signIn(await account(), password, from)).status).toBe(429);
    expect((await signIn(`someone-else@studio.test`, "wrong", randomAddress())).status).toBe(401);
  }, 60_000);

  it("refuses an account after 50 failures from any addresses", async () => {
    const email = await account();
    // 49 failures already counted from as many addresses, then a 50th through the form.
    for (let failure = 0; failure < 49; failure++) await count("signInAccount", email);
    expect((await signIn(email, "wrong", randomAddress())).status).toBe(401);
    const refused = await signIn(email, password, randomAddress());
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("checks the limits before the password: a refused attempt never reaches bcrypt", async () => {
    const email = await account();
    const from = randomAddress();
    for (let attempt = 0; attempt < 5; attempt++) await signIn(email, "wrong", from);
    // The pool's count of jobs sent to its workers: bcrypt only runs there.
    const started = passwordPool().stats.accepted;
    expect((await signIn(email, password, from)).status).toBe(429);
    expect((await apiSignIn(email, password, from)).status).toBe(429);
    expect(passwordPool().stats.accepted).toBe(started);
  });

  it("shares the counts between the login form and POST /api/login, and a success clears the pair's count", async () => {
    const email = await account();
    const from = randomAddress();
    for (let attempt = 0; attempt < 4; attempt++) expect((await apiSignIn(email, "wrong", from)).status).toBe(401);
    expect((await signIn(email, password, from)).status).toBe(302);
    for (let attempt = 0; attempt < 5; attempt++) expect((await signIn(email, "wrong", from)).status).toBe(401);
    const api = await apiSignIn(email, password, from);
    expect(api.status).toBe(429);
    expect(api.data).toMatchObject({ message: messages.loginThrottled(15) });
    expect(api.headers.get("Retry-After")).toMatch(/^\d+$/);
  });
});
