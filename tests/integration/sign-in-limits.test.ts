import { randomBytes } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestAdmin } from "../support/admins";
import { listAuditEvents, type AuditAction } from "~/domain/audit-log.server";
import { messages } from "~/domain/messages";
import { base32 } from "~/domain/two-factor.server";
import { AdminModel } from "~/models/admin.server";
import { configurePasswordPool, passwordPool } from "~/server/passwords.server";
import * as apiLogin from "~/routes/api.login";
import * as loginRoute from "~/routes/login";
import { connectDb } from "~/server/db.server";
import { getEnv } from "~/server/env.server";
import { ports } from "~/server/ports.server";
import { count } from "~/server/rate-limit.server";
import { randomAddress } from "../support/addresses";
import { refusal } from "../support/form-replies";
import { call, cookiesFrom } from "../support/remix";
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
const twoFactorKey = getEnv().TWO_FACTOR_KEY;
afterEach(() => {
  getEnv().TRUST_PROXY = trusted;
  vi.restoreAllMocks();
});

beforeAll(async () => {
  await connectDb();
  getEnv().TWO_FACTOR_KEY = randomBytes(32).toString("base64");
});

afterAll(() => {
  getEnv().TWO_FACTOR_KEY = twoFactorKey;
});

/** An account with two-factor sign-in on, its secret sealed as the setup page leaves it. */
async function twoFactorAccount() {
  const email = await account();
  const doc = (await AdminModel.findOne({ email }).lean())!;
  const secret = ports.secrets.seal(base32(randomBytes(20)), `two-factor:${doc._id.toString()}`);
  await AdminModel.updateOne(
    { _id: doc._id },
    { $set: { two_factor: { secret, enabled_at: new Date(), last_step: null, recovery: {}, pending: null, pending_until: null } } },
  );
  return { email, id: doc._id.toString() };
}

async function events(action: AuditAction, match: (event: { email: string; actor: { id: string | null } }) => boolean) {
  return (await listAuditEvents({ action }, { perPage: 100 })).items.filter(match);
}

const sorted = (statuses: number[]) => [...statuses].sort((a, b) => a - b);
const times = (count: number, status: number) => Array<number>(count).fill(status);

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

describe("parallel attempts", () => {
  // Checks wait their turn rather than answer 503, so that every attempt let through is judged on a slow machine.
  beforeAll(() => configurePasswordPool({ maxWaitMs: 60_000 }));
  afterAll(() => configurePasswordPool());

  it("20 wrong codes at once with one code-step cookie from one address: exactly 5 checked, the rest 429", async () => {
    const { email, id } = await twoFactorAccount();
    const from = randomAddress();
    const step = await signIn(email, password, from);
    expect(step.headers.get("Location")).toBe("/login");
    const cookie = cookiesFrom(step.headers);
    const codeStep = () =>
      call(
        loginRoute.action,
        new Request(url("/login"), {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, "X-Forwarded-For": from },
          body: new URLSearchParams({ intent: "code", code: "000000" }),
        }),
      );
    const answers = await Promise.all(Array.from({ length: 20 }, codeStep));
    expect(sorted(answers.map((answer) => answer.status))).toEqual([...times(5, 401), ...times(15, 429)]);
    expect(await events("sign-in.code-failed", (event) => event.actor.id === id)).toHaveLength(5);
    expect(await events("sign-in.locked", (event) => event.email === email)).toHaveLength(1);
  });

  it("POST /api/login with a right password and wrong codes, 12 at once: exactly 5 checked, the rest 429", async () => {
    const { email } = await twoFactorAccount();
    const from = randomAddress();
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        call(
          apiLogin.action,
          apiRequest("/api/login", { method: "POST", json: { email, password, code: "000000" }, headers: { "X-Forwarded-For": from } }),
        ),
      ),
    );
    expect(sorted(answers.map((answer) => answer.status))).toEqual([...times(5, 401), ...times(7, 429)]);
  });

  it("POST /api/login with wrong passwords, 12 at once: exactly 5 reach bcrypt", async () => {
    const email = await account();
    const from = randomAddress();
    const started = passwordPool().stats.accepted;
    const answers = await Promise.all(Array.from({ length: 12 }, (_, n) => apiSignIn(email, `wrong-${n}`, from)));
    expect(sorted(answers.map((answer) => answer.status))).toEqual([...times(5, 401), ...times(7, 429)]);
    expect(passwordPool().stats.accepted - started).toBe(5);
    expect(await events("sign-in.failed", (event) => event.email === email)).toHaveLength(5);
  });

  it("the 50 per account from many addresses at once: 45 counted, then 15 from 15 addresses get 5 checks", async () => {
    const email = await account();
    for (let failure = 0; failure < 45; failure++) await count("signInAccount", email);
    const answers = await Promise.all(Array.from({ length: 15 }, (_, n) => signIn(email, `wrong-${n}`, randomAddress())));
    expect(sorted(answers.map((answer) => answer.status))).toEqual([...times(5, 401), ...times(10, 429)]);
    expect((await signIn(email, password, randomAddress())).status).toBe(429);
  });

  it("a try whose outcome does not count is given back: right passwords between wrong ones leave the 5th wrong one checked", async () => {
    const { email } = await twoFactorAccount();
    const from = randomAddress();
    for (let attempt = 0; attempt < 4; attempt++) expect((await signIn(email, "wrong", from)).status).toBe(401);
    // The password was right and the code is still to come: reserved, then given back, three times.
    for (let step = 0; step < 3; step++) expect((await signIn(email, password, from)).status).toBe(302);
    expect((await signIn(email, "wrong", from)).status).toBe(401);
    expect((await signIn(email, password, from)).status).toBe(429);
  });
});

describe("refusals in the audit log", () => {
  it("records a window's refusals at the 1st and the 10th, with their count, never one per refusal", async () => {
    const email = await account();
    const from = randomAddress();
    for (let attempt = 0; attempt < 5; attempt++) expect((await signIn(email, "wrong", from)).status).toBe(401);
    for (let attempt = 0; attempt < 15; attempt++) expect((await signIn(email, "wrong", from)).status).toBe(429);
    const throttled = await events("sign-in.throttled", (event) => event.email === email);
    expect(throttled.map((event) => (event as unknown as { details: unknown }).details)).toEqual([
      { limit: "signInAccountAddress", refusals: 10 },
      { limit: "signInAccountAddress", refusals: 1 },
    ]);
  }, 30_000);
});
