import { beforeAll, describe, expect, it } from "vitest";
import { findTokenAdmin, issueToken } from "~/domain/access.server";
import { createTestAdmin } from "../support/admins";
import { messages } from "~/domain/messages";
import { SessionModel } from "~/models/session.server";
import * as apiAdmin from "~/routes/api.admins.$id";
import * as validate from "~/routes/api.validate-token";
import * as dashboard from "~/routes/dashboard";
import * as confirmDeleteAdmin from "~/routes/dashboard.users_.$id.delete";
import * as editAdmin from "~/routes/dashboard.users_.$id.edit";
import * as loginRoute from "~/routes/login";
import * as logoutRoute from "~/routes/logout";
import { connectDb } from "~/server/db.server";
import { sweepExpired } from "~/server/sweeper.server";
import { sentByScript } from "../support/form-replies";
import { call, cookiesFrom, get, postForm } from "../support/remix";
import { apiRequest, url } from "../support/factories";

/** Sessions live in MongoDB: the cookie is only a signed random id, and ending a session ends it everywhere. */

let seq = 0;
async function newAdmin(password = "first-password-1") {
  const email = `session-${++seq}-${Date.now()}@studio.test`;
  const created = await createTestAdmin({ name: `Session ${seq}`, email, password });
  if (!created.ok) throw new Error(created.reason);
  return { ...created.value, password };
}

/** Signs in through the login form, as a browser would: the session cookie it gets. */
async function signIn(admin: { email: string; password: string }) {
  const result = await call(loginRoute.action, postForm("/login", { email: admin.email, password: admin.password }));
  expect(result.status).toBe(302);
  return cookiesFrom(result.headers);
}

const dashboardStatus = async (cookie: string) => (await call(dashboard.loader, get("/dashboard", cookie))).status;
const validateStatus = async (cookie: string) => (await call(validate.loader, apiRequest("/api/validate-token", { cookie }))).status;

beforeAll(() => connectDb());

describe("the session cookie", () => {
  it("carries only an opaque random id; the admin and the end time stay on the server", async () => {
    const admin = await newAdmin();
    const cookie = await signIn(admin);
    const value = decodeURIComponent(/__session=([^;]+)/.exec(cookie)![1]!);
    const [payload, signature] = value.split(".");
    expect(signature).toBeTruthy();
    const id = JSON.parse(Buffer.from(payload!, "base64").toString("utf8"));
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(value).not.toContain(admin.id);
    const record = await SessionModel.findById(id).lean();
    expect(record?.admin_id?.toString()).toBe(admin.id);
    expect(record!.expires_at.getTime() - Date.now()).toBeGreaterThan(4 * 3600_000 - 60_000);
  });

  it("starts a new session at each sign-in, ending the one the browser brought", async () => {
    const admin = await newAdmin();
    const first = await signIn(admin);
    const again = cookiesFrom(
      (await call(loginRoute.action, postForm("/login", { email: admin.email, password: admin.password }, first))).headers,
      first,
    );
    expect(again).not.toBe(first);
    expect(await dashboardStatus(again)).toBe(200);
    expect(await dashboardStatus(first)).toBe(302);
  });

  it("counts a signed cookie with no live session behind it as an expired session", async () => {
    const admin = await newAdmin();
    const cookie = await signIn(admin);
    await SessionModel.deleteMany({ admin_id: admin.id });
    const result = await call(dashboard.loader, get("/dashboard", cookie));
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/login?redirectTo=%2Fdashboard");
    expect(cookiesFrom(result.headers, cookie)).not.toContain("__session=");
    expect(result.headers.getSetCookie().join()).toContain("toast-session=");
  });
});

describe("logout", () => {
  it("ends the session for every copy of the cookie, on the dashboard and the API", async () => {
    const admin = await newAdmin();
    const cookie = await signIn(admin);
    const copied = cookie;
    expect(await dashboardStatus(copied)).toBe(200);
    expect(await validateStatus(copied)).toBe(200);

    const out = await call(logoutRoute.action, new Request(url("/logout"), { method: "POST", headers: { Cookie: cookie } }));
    expect(out.status).toBe(302);
    expect(await dashboardStatus(copied)).toBe(302);
    expect(await validateStatus(copied)).toBe(401);
    expect(await SessionModel.countDocuments({ admin_id: admin.id })).toBe(0);
  });
});

describe("a password change", () => {
  it("by another admin ends every session of that admin and revokes their API tokens", async () => {
    const target = await newAdmin();
    const actor = await newAdmin();
    const targetCookie = await signIn(target);
    const { token } = await issueToken(target.id);
    const actorCookie = await signIn(actor);

    const changed = await call(
      editAdmin.action,
      postForm(
        `/dashboard/users/${target.id}/edit`,
        { name: target.name, email: target.email, password: "second-password-2" },
        actorCookie,
      ),
      { id: target.id },
    );
    expect(changed.status).toBe(302);
    expect(await dashboardStatus(targetCookie)).toBe(302);
    expect(await findTokenAdmin(token)).toBeNull();
    expect(await dashboardStatus(actorCookie)).toBe(200);
    expect(await dashboardStatus(await signIn({ email: target.email, password: "second-password-2" }))).toBe(200);
  });

  it("of one's own password keeps the session in use and ends the others", async () => {
    const me = await newAdmin();
    const here = await signIn(me);
    const elsewhere = await signIn(me);
    const { token } = await issueToken(me.id);

    const changed = await call(
      editAdmin.action,
      postForm(`/dashboard/users/${me.id}/edit`, { name: me.name, email: me.email, password: "my-new-password-3" }, here),
      { id: me.id },
    );
    expect(changed.status).toBe(302);
    expect(await dashboardStatus(here)).toBe(200);
    expect(await dashboardStatus(elsewhere)).toBe(302);
    expect(await findTokenAdmin(token)).toBeNull();
  });

  it("without a new password ends nothing", async () => {
    const me = await newAdmin();
    const other = await newAdmin();
    const theirs = await signIn(other);
    const mine = await signIn(me);
    await call(
      editAdmin.action,
      postForm(`/dashboard/users/${other.id}/edit`, { name: "Renamed", email: other.email, password: "" }, mine),
      { id: other.id },
    );
    expect(await dashboardStatus(theirs)).toBe(200);
  });
});

describe("deleting an admin", () => {
  it("from the dashboard ends their sessions and revokes their tokens", async () => {
    const doomed = await newAdmin();
    const actor = await newAdmin();
    const doomedCookie = await signIn(doomed);
    const { token } = await issueToken(doomed.id);
    const result = await call(
      confirmDeleteAdmin.action,
      sentByScript(postForm(`/dashboard/users/${doomed.id}/delete`, {}, await signIn(actor))),
      { id: doomed.id },
    );
    expect(result.status).toBe(200);
    expect(await dashboardStatus(doomedCookie)).toBe(302);
    expect(await findTokenAdmin(token)).toBeNull();
    expect(await SessionModel.countDocuments({ admin_id: doomed.id })).toBe(0);
  });

  it("through the API ends their sessions too", async () => {
    const doomed = await newAdmin();
    const actor = await newAdmin();
    const doomedCookie = await signIn(doomed);
    const { token } = await issueToken(actor.id);
    const result = await call(apiAdmin.action, apiRequest(`/api/admins/${doomed.id}`, { method: "DELETE", token }), { id: doomed.id });
    expect(result.status).toBe(200);
    expect(await dashboardStatus(doomedCookie)).toBe(302);
  });
});

describe("sign out everywhere", () => {
  it("ends every session of the admin, this one included, and revokes their tokens", async () => {
    const me = await newAdmin();
    const here = await signIn(me);
    const elsewhere = await signIn(me);
    const { token } = await issueToken(me.id);

    const result = await call(editAdmin.action, postForm(`/dashboard/users/${me.id}/edit`, { intent: "sign-out-everywhere" }, here), {
      id: me.id,
    });
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/login");
    expect(cookiesFrom(result.headers, here)).not.toContain("__session=");
    expect(await dashboardStatus(here)).toBe(302);
    expect(await dashboardStatus(elsewhere)).toBe(302);
    expect(await findTokenAdmin(token)).toBeNull();
  });

  it("is offered on one's own edit page only, and refused for another admin", async () => {
    const me = await newAdmin();
    const other = await newAdmin();
    const mine = await signIn(me);
    const theirs = await signIn(other);
    expect((await call(editAdmin.loader, get(`/dashboard/users/${me.id}/edit`, mine), { id: me.id })).data).toMatchObject({ isMe: true });
    expect((await call(editAdmin.loader, get(`/dashboard/users/${other.id}/edit`, mine), { id: other.id })).data).toMatchObject({
      isMe: false,
    });

    const refused = await call(editAdmin.action, postForm(`/dashboard/users/${other.id}/edit`, { intent: "sign-out-everywhere" }, mine), {
      id: other.id,
    });
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toBe(`/dashboard/users/${other.id}/edit`);
    expect(refused.headers.getSetCookie().join()).toContain("toast-session=");
    expect(await dashboardStatus(theirs)).toBe(200);
    expect(await dashboardStatus(mine)).toBe(200);
    expect(messages.signOutOthersOnly).toBeTruthy();
  });
});

describe("expired sessions", () => {
  it("are refused while their record lingers, and swept away without a TTL index", async () => {
    const admin = await newAdmin();
    const stale = await signIn(admin);
    const live = await signIn(admin);
    const staleId = JSON.parse(Buffer.from(decodeURIComponent(/__session=([^;]+)/.exec(stale)![1]!).split(".")[0]!, "base64").toString());
    await SessionModel.updateOne({ _id: staleId }, { $set: { expires_at: new Date(Date.now() - 1000) } });
    expect(await SessionModel.countDocuments({ admin_id: admin.id })).toBe(2);

    const removed = await sweepExpired();
    expect(removed.sessions).toBeGreaterThanOrEqual(1);
    expect(await SessionModel.countDocuments({ admin_id: admin.id })).toBe(1);
    expect(await dashboardStatus(live)).toBe(200);
    expect(await dashboardStatus(stale)).toBe(302);
  });
});
