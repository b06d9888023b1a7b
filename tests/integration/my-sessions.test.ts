import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { findTokenAdmin, LAST_SEEN_INTERVAL_MS, readSessionData, sessionHandle } from "~/domain/access.server";
import { listAuditEvents } from "~/domain/audit-log.server";
import { ApiTokenModel } from "~/models/api-token.server";
import { AuditEventModel } from "~/models/audit-event.server";
import { SessionModel } from "~/models/session.server";
import * as account from "~/routes/dashboard.account";
import * as sessionsRoute from "~/routes/dashboard.account_.sessions";
import * as dashboard from "~/routes/dashboard";
import * as editAdmin from "~/routes/dashboard.users_.$id.edit";
import * as apiLogin from "~/routes/api.login";
import * as validate from "~/routes/api.validate-token";
import * as loginRoute from "~/routes/login";
import { connectDb } from "~/server/db.server";
import { sessionIdOf } from "~/server/auth.server";
import { createTestAdmin } from "../support/admins";
import { apiRequest } from "../support/factories";
import { call, cookiesFrom, get, postForm } from "../support/remix";

// docs/behaviour.md#my-sessions: an admin's own sessions and API tokens, each ended from /dashboard/account/sessions.

const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0";
const SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
const SCREEN = "/dashboard/account/sessions";

let seq = 0;
async function newAdmin() {
  const email = `mine-${++seq}-${Date.now()}@studio.test`;
  const created = await createTestAdmin({ name: `Mine ${seq}`, email, password: "mine-password-1" });
  if (!created.ok) throw new Error(created.reason);
  return { ...created.value, password: "mine-password-1" };
}

/** Signs in through the login form from a browser of its own: its User-Agent and (through the trusted proxy) address. */
async function signIn(admin: { email: string; password: string }, userAgent: string, address: string) {
  const request = postForm("/login", { email: admin.email, password: admin.password });
  request.headers.set("User-Agent", userAgent);
  request.headers.set("X-Forwarded-For", address);
  const result = await call(loginRoute.action, request);
  expect(result.status).toBe(302);
  return cookiesFrom(result.headers);
}

async function apiToken(admin: { email: string; password: string }, userAgent: string) {
  const result = await call(
    apiLogin.action,
    apiRequest("/api/login", {
      method: "POST",
      json: { email: admin.email, password: admin.password },
      headers: { "User-Agent": userAgent },
    }),
  );
  expect(result.status).toBe(200);
  return (result.data as { token: string }).token;
}

const post = (fields: Record<string, string>, cookie: string) => call(sessionsRoute.action, postForm(SCREEN, fields, cookie));
const dashboardStatus = async (cookie: string) => (await call(dashboard.loader, get("/dashboard", cookie))).status;

type Listed = Awaited<ReturnType<typeof sessionsRoute.loader>>;
const listed = async (cookie: string) => (await call(sessionsRoute.loader, get(SCREEN, cookie))).data as Listed;

beforeAll(() => connectDb());
beforeEach(() => AuditEventModel.deleteMany({}));

describe("my sessions", () => {
  it("lists each browser's session with when, where and what, this one marked, and ends another: that browser is signed out", async () => {
    const me = await newAdmin();
    const here = await signIn(me, FIREFOX, "203.0.113.10");
    const phone = await signIn(me, SAFARI, "198.51.100.20");
    const someoneElse = await signIn(await newAdmin(), FIREFOX, "203.0.113.99");

    const { sessions, tokens } = await listed(here);
    expect(tokens).toEqual([]);
    expect(sessions).toHaveLength(2);
    expect(sessions.map(({ browser, address, current }) => ({ browser, address, current }))).toEqual([
      { browser: "Safari 17 on iPhone", address: "198.51.100.20", current: false },
      { browser: "Firefox 128 on Windows", address: "203.0.113.10", current: true },
    ]);
    const [other] = sessions;
    expect(Date.parse(other!.startedAt)).toBeGreaterThan(Date.now() - 60_000);
    // Seen when it started (the same write, a moment apart).
    expect(Math.abs(Date.parse(other!.lastSeenAt) - Date.parse(other!.startedAt))).toBeLessThan(1_000);
    // The page never carries a session's id, which is the cookie's secret.
    const ids = (await SessionModel.find({ admin_id: me.id }).lean()).map((doc) => doc._id);
    expect(JSON.stringify(await listed(here))).not.toContain(ids[0]);
    expect(other!.handle).toBe(sessionHandle(await sessionIdOf(get("/", phone))));

    // Another admin's session cannot be ended from here, even by its handle.
    const theirs = sessionHandle(await sessionIdOf(get("/", someoneElse)));
    const refused = await post({ intent: "end-session", session: theirs }, here);
    expect(refused.headers.get("Location")).toBe(SCREEN);
    expect(await dashboardStatus(someoneElse)).toBe(200);

    const ended = await post({ intent: "end-session", session: other!.handle }, here);
    expect(ended.status).toBe(302);
    expect(ended.headers.get("Location")).toBe(SCREEN);
    expect(await dashboardStatus(phone)).toBe(302);
    expect(await dashboardStatus(here)).toBe(200);
    expect((await listed(here)).sessions.map((session) => session.browser)).toEqual(["Firefox 128 on Windows"]);
    // Ended once: a second try says so and records nothing more.
    expect((await post({ intent: "end-session", session: other!.handle }, here)).headers.get("Location")).toBe(SCREEN);

    const { items } = await listAuditEvents({ action: "session.ended" }, { perPage: 10 });
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      action: "session.ended",
      actor: { id: me.id },
      target: { type: "session", id: other!.handle, label: "Safari 17 on iPhone, 198.51.100.20" },
      details: { current: false },
    });

    // The account page says how many there are, and links here.
    expect((await call(account.loader, get("/dashboard/account", here))).data).toMatchObject({ access: { sessions: 1, tokens: 0 } });
  });

  it("ends the session in use: that is signing out", async () => {
    const me = await newAdmin();
    const here = await signIn(me, FIREFOX, "203.0.113.11");
    const [mine] = (await listed(here)).sessions;
    const result = await post({ intent: "end-session", session: mine!.handle }, here);
    expect(result.headers.get("Location")).toBe("/login");
    expect(cookiesFrom(result.headers, here)).not.toContain("__session=");
    expect(await dashboardStatus(here)).toBe(302);
    expect((await listAuditEvents({ action: "session.ended" }, { perPage: 5 })).items[0]).toMatchObject({ details: { current: true } });
  });

  it("lists API tokens with their client, and revoking one makes the API answer 401 to it", async () => {
    const me = await newAdmin();
    const here = await signIn(me, FIREFOX, "203.0.113.12");
    const token = await apiToken(me, "curl/8.5.0");
    expect((await call(validate.loader, apiRequest("/api/validate-token", { token }))).status).toBe(200);

    const { tokens } = await listed(here);
    expect(tokens).toEqual([expect.objectContaining({ id: token.split("|")[0], browser: "curl 8" })]);
    expect(JSON.stringify(tokens)).not.toContain(token.split("|")[1]);

    const revoked = await post({ intent: "revoke-token", token: tokens[0]!.id }, here);
    expect(revoked.headers.get("Location")).toBe(SCREEN);
    expect((await call(validate.loader, apiRequest("/api/validate-token", { token }))).status).toBe(401);
    expect((await listed(here)).tokens).toEqual([]);
    expect((await listAuditEvents({ action: "token.revoked" }, { perPage: 5 })).items[0]).toMatchObject({
      actor: { id: me.id },
      target: { type: "api-token", id: tokens[0]!.id, label: expect.stringContaining("curl 8") },
    });
  });

  it("signs out everywhere from here and from the edit page, recorded with what it ended", async () => {
    const me = await newAdmin();
    const here = await signIn(me, FIREFOX, "203.0.113.13");
    const elsewhere = await signIn(me, SAFARI, "203.0.113.14");
    const token = await apiToken(me, "curl/8.5.0");
    const result = await post({ intent: "sign-out-everywhere" }, here);
    expect(result.headers.get("Location")).toBe("/login");
    expect(await dashboardStatus(here)).toBe(302);
    expect(await dashboardStatus(elsewhere)).toBe(302);
    expect(await findTokenAdmin(token)).toBeNull();

    const again = await signIn(me, FIREFOX, "203.0.113.13");
    await call(editAdmin.action, postForm(`/dashboard/users/${me.id}/edit`, { intent: "sign-out-everywhere" }, again), { id: me.id });
    const { items } = await listAuditEvents({ action: "sign-out.everywhere" }, { perPage: 5 });
    expect(items.map((event) => event.details)).toEqual([
      { sessions: 1, tokens: 0 },
      { sessions: 2, tokens: 1 },
    ]);
  });
});

describe("last seen", () => {
  /** Every conditional update of `last_seen_at` on `model`, with how many documents each changed. */
  function watchWrites(model: typeof SessionModel | typeof ApiTokenModel) {
    const modified: number[] = [];
    const original = model.updateOne.bind(model) as (...args: unknown[]) => Promise<{ modifiedCount: number }>;
    const spy = vi.spyOn(model as typeof SessionModel, "updateOne").mockImplementation(((...args: unknown[]) =>
      original(...args).then((result) => {
        modified.push(result.modifiedCount);
        return result;
      })) as never);
    return { modified, restore: () => spy.mockRestore() };
  }

  it("is written at most once per interval per session: a request within it writes nothing, racing ones after it once", async () => {
    const me = await newAdmin();
    const cookie = await signIn(me, FIREFOX, "203.0.113.15");
    const id = await sessionIdOf(get("/", cookie));
    const seen = async () => (await SessionModel.findById(id).lean())!.last_seen_at!.getTime();
    const started = await seen();
    const writes = watchWrites(SessionModel);
    try {
      const soon = new Date(started + LAST_SEEN_INTERVAL_MS - 1_000);
      for (let i = 0; i < 20; i++) await readSessionData(id, soon);
      expect(writes.modified).toEqual([]);
      expect(await seen()).toBe(started);

      const later = new Date(started + LAST_SEEN_INTERVAL_MS + 1_000);
      await Promise.all([1, 2, 3, 4, 5].map(() => readSessionData(id, later)));
      expect(writes.modified.reduce((sum, n) => sum + n, 0)).toBe(1);
      expect(await seen()).toBe(later.getTime());
      const tried = writes.modified.length;
      await readSessionData(id, new Date(later.getTime() + 1_000));
      expect(writes.modified).toHaveLength(tried);
    } finally {
      writes.restore();
    }
  });

  it("is kept for API tokens the same way, and shown on My sessions", async () => {
    const me = await newAdmin();
    const here = await signIn(me, FIREFOX, "203.0.113.16");
    const token = await apiToken(me, "curl/8.5.0");
    const [id] = token.split("|");
    const seen = async () => (await ApiTokenModel.findById(id).lean())!.last_seen_at!.getTime();
    const issued = await seen();
    const writes = watchWrites(ApiTokenModel);
    try {
      for (let i = 0; i < 20; i++) await findTokenAdmin(token, new Date(issued + LAST_SEEN_INTERVAL_MS - 1_000));
      expect(writes.modified).toEqual([]);
      const later = new Date(issued + LAST_SEEN_INTERVAL_MS + 1_000);
      await Promise.all([1, 2, 3].map(() => findTokenAdmin(token, later)));
      expect(writes.modified.reduce((sum, n) => sum + n, 0)).toBe(1);
    } finally {
      writes.restore();
    }
    expect(await seen()).toBe(issued + LAST_SEEN_INTERVAL_MS + 1_000);
    expect((await listed(here)).tokens[0]!.lastSeenAt).toBe(new Date(issued + LAST_SEEN_INTERVAL_MS + 1_000).toISOString());
  });
});

describe("the form", () => {
  it("says a session already gone has ended, whatever was posted", async () => {
    const me = await newAdmin();
    const here = await signIn(me, FIREFOX, "203.0.113.17");
    const posts: Record<string, string>[] = [
      { intent: "end-session", session: "nobody" },
      { intent: "revoke-token", token: "64b7f0000000000000000000" },
      { intent: "x" },
    ];
    for (const fields of posts) {
      const result = await call(sessionsRoute.action, postForm(SCREEN, fields, here));
      expect(result.headers.get("Location")).toBe(SCREEN);
    }
    expect(await dashboardStatus(here)).toBe(200);
    expect(await AuditEventModel.countDocuments({ action: { $in: ["session.ended", "token.revoked", "sign-out.everywhere"] } })).toBe(0);
  });
});
