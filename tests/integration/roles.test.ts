import { beforeAll, describe, expect, it } from "vitest";
import { issueToken } from "~/domain/access.server";
import { changeRole, createAdmin, deleteAdmin, getAdminById } from "~/domain/admins.server";
import { listAuditEvents } from "~/domain/audit-log.server";
import { acceptInvitation, inviteAdmin, invitationByToken } from "~/domain/invitations.server";
import { messages } from "~/domain/messages";
import { can, ROLES, type Permission, type Role } from "~/domain/permissions";
import { ensureOwner, recentRefusals, sweepOldRefusals } from "~/domain/roles.server";
import { adminInput } from "~/domain/schemas";
import type { AdminAccount } from "~/domain/types";
import { AdminModel } from "~/models/admin.server";
import { OwnerSeatsModel, RefusalModel } from "~/models/role-guard.server";
import * as dashboardLayout from "~/routes/dashboard";
import * as overview from "~/routes/dashboard._index";
import * as auditLogScreen from "~/routes/dashboard.audit-log";
import * as caseStudyList from "~/routes/dashboard.case-studies.list";
import * as industries from "~/routes/dashboard.case-studies.industries";
import * as contentIndex from "~/routes/dashboard.content._index";
import * as contentPart from "~/routes/dashboard.content.$part._index";
import * as inbox from "~/routes/dashboard.messages";
import * as settings from "~/routes/dashboard.settings";
import * as users from "~/routes/dashboard.users";
import * as apiAdmin from "~/routes/api.admins.$id";
import * as apiAdmins from "~/routes/api.admins";
import * as apiAuditLog from "~/routes/api.audit-log";
import * as apiRefusals from "~/routes/api.audit-log.refusals";
import * as apiCaseStudies from "~/routes/api.case-studies";
import * as apiCaseStudy from "~/routes/api.case-studies.$id";
import * as apiContent from "~/routes/api.content.$part";
import * as apiInvitations from "~/routes/api.invitations";
import * as apiResend from "~/routes/api.invitations.$id.resend";
import * as apiLead from "~/routes/api.leads.$id";
import * as apiLeads from "~/routes/api.leads";
import { commitAdminSession } from "~/server/auth.server";
import { connectDb } from "~/server/db.server";
import { passwords } from "~/server/passwords.server";
import { apiRequest } from "../support/factories";
import { testOrigin } from "../support/origin";
import { call, cookiesFrom, get, postForm, type Outcome } from "../support/remix";

// docs/security.md#roles: each role against each kind of action, at the dashboard's door and the API's.

const UNKNOWN_ID = "64b7f0000000000000000000";

type Person = { admin: AdminAccount; cookie: string; token: string };
const people = {} as Record<Role, Person>;

async function person(role: Role, email = `${role}-${Math.random().toString(36).slice(2, 8)}@studio.test`): Promise<Person> {
  const made = await createAdmin({ ...adminInput.parse({ name: `The ${role}`, email, password: "test-password" }), role }, passwords, null);
  if (!made.ok) throw new Error(made.reason);
  const cookie = cookiesFrom(new Headers({ "Set-Cookie": await commitAdminSession(get("/login"), made.value.id) }));
  return { admin: made.value, cookie, token: (await issueToken(made.value.id)).token };
}

const asOwner = { by: { kind: "admin", role: "owner" } } as const;

beforeAll(async () => {
  await connectDb();
  // The first admin of the site is its Owner, whatever was asked.
  people.owner = await person("viewer", "first@studio.test");
  expect(people.owner.admin.role).toBe("owner");
  for (const role of ROLES.filter((role) => role !== "owner")) people[role] = await person(role);
});

type Door = { permission: Permission; dashboard: (who: Person) => Promise<Outcome>; api?: (who: Person) => Promise<Outcome> };

const api = (route: { loader: never; action: never } | Record<string, unknown>, path: string, method = "GET", json?: unknown) => {
  const handler = (method === "GET" ? route.loader : route.action) as Parameters<typeof call>[0];
  return (who: Person) => call(handler, apiRequest(path, { method, json, token: who.token }), { id: UNKNOWN_ID, part: "home" });
};

/** One representative loader or action per kind of action; writes send nothing valid, so that nothing changes when allowed. */
const DOORS: Door[] = [
  {
    permission: "case_studies:read",
    dashboard: (who) => call(caseStudyList.loader, get("/dashboard/case-studies/list", who.cookie)),
    api: api(apiCaseStudies, "/api/case-studies"),
  },
  {
    permission: "case_studies:write",
    dashboard: (who) => call(industries.action, postForm("/dashboard/case-studies/industries", { intent: "nothing" }, who.cookie)),
    api: api(apiCaseStudy, `/api/case-studies/${UNKNOWN_ID}`, "DELETE"),
  },
  {
    permission: "content:read",
    dashboard: (who) => call(contentIndex.loader, get("/dashboard/content", who.cookie)),
    api: api(apiContent, "/api/content/home"),
  },
  {
    permission: "content:write",
    dashboard: (who) => call(contentPart.action, postForm("/dashboard/content/home", { intent: "nothing" }, who.cookie), { part: "home" }),
    api: api(apiContent, "/api/content/home", "PUT", {}),
  },
  {
    permission: "leads:read",
    dashboard: (who) => call(inbox.loader, get("/dashboard/messages", who.cookie)),
    api: api(apiLeads, "/api/leads"),
  },
  {
    permission: "leads:write",
    dashboard: (who) => call(inbox.action, postForm("/dashboard/messages", { intent: "nothing" }, who.cookie)),
    api: api(apiLead, `/api/leads/${UNKNOWN_ID}`, "DELETE"),
  },
  {
    permission: "admins:read",
    dashboard: (who) => call(users.loader, get("/dashboard/users", who.cookie)),
    api: api(apiAdmins, "/api/admins"),
  },
  {
    permission: "admins:write",
    dashboard: (who) => call(users.action, postForm("/dashboard/users", { intent: "create" }, who.cookie)),
    api: api(apiAdmin, `/api/admins/${UNKNOWN_ID}`, "DELETE"),
  },
  {
    permission: "settings:write",
    dashboard: (who) => call(settings.loader, get("/dashboard/settings", who.cookie)),
  },
  {
    permission: "audit:read",
    dashboard: (who) => call(auditLogScreen.loader, get("/dashboard/audit-log", who.cookie)),
    api: api(apiAuditLog, "/api/audit-log"),
  },
];

describe("the permission matrix", () => {
  for (const door of DOORS) {
    it(`${door.permission}: allowed for the roles that hold it, 403 naming it for the others, at both doors`, async () => {
      for (const role of ROLES) {
        const allowed = can({ kind: "admin", role }, door.permission);
        const page = await door.dashboard(people[role]);
        if (allowed) expect(page.status, `${role} on the dashboard`).not.toBe(403);
        else
          expect(page, `${role} on the dashboard`).toMatchObject({ status: 403, data: { message: messages.forbidden(door.permission) } });
        if (!door.api) continue;
        const answer = await door.api(people[role]);
        if (allowed) expect(answer.status, `${role} in the API`).not.toBe(403);
        else expect(answer, `${role} in the API`).toMatchObject({ status: 403, data: { message: messages.apiForbidden(door.permission) } });
      }
    });
  }

  it("shows each role only the sidebar entries and overview figures it can use", async () => {
    const layout = async (role: Role) =>
      (await call(dashboardLayout.loader, get("/dashboard", people[role].cookie))).data as { nav: string[] };
    expect((await layout("owner")).nav).toHaveLength(10);
    expect((await layout("admin")).nav).toHaveLength(10);
    expect((await layout("editor")).nav).toEqual([
      "/dashboard",
      "/dashboard/case-studies/upload",
      "/dashboard/case-studies/list",
      "/dashboard/content",
      "/dashboard/account",
    ]);
    expect((await layout("viewer")).nav).not.toContain("/dashboard/messages");
    const figures = async (role: Role) =>
      (await call(overview.loader, get("/dashboard", people[role].cookie))).data as Record<string, unknown>;
    expect(await figures("editor")).toMatchObject({ leads: null });
    expect((await figures("sales")).leads).toMatchObject({ unread: expect.any(Number) });
    expect((await figures("sales")).cards).toEqual([expect.objectContaining({ to: "/dashboard/analytics" })]);
  });

  it("keeps the two-factor switch to Owners: an Admin's form leaves it, a change is 403", async () => {
    const form = { whatsappNumber: "+44 20 7946 0958", contactEmail: "hello@studio.test", requireTwoFactor: "false" };
    const kept = await call(settings.action, postForm("/dashboard/settings", form, people.admin.cookie));
    expect(kept.status).not.toBe(403);
    const changed = await call(
      settings.action,
      postForm("/dashboard/settings", { ...form, requireTwoFactor: "true" }, people.admin.cookie),
    );
    expect(changed).toMatchObject({ status: 403, data: { message: messages.forbidden("security:write") } });
  });
});

describe("Owners", () => {
  it("only an Owner makes, changes or removes an Owner; an Admin gets the forbidden answer", async () => {
    const target = await person("admin");
    const byAdmin = await call(
      apiAdmin.action,
      apiRequest(`/api/admins/${target.admin.id}`, { method: "PATCH", json: { role: "owner" }, token: people.admin.token }),
      { id: target.admin.id },
    );
    expect(byAdmin).toMatchObject({ status: 403, data: { message: messages.apiForbidden("owners:write") } });
    const ownerId = people.owner.admin.id;
    const removal = await call(apiAdmin.action, apiRequest(`/api/admins/${ownerId}`, { method: "DELETE", token: people.admin.token }), {
      id: ownerId,
    });
    expect(removal).toMatchObject({ status: 403, data: { message: messages.apiForbidden("owners:write") } });
    const page = await call(
      users.action,
      postForm("/dashboard/users", { intent: "role", id: ownerId, role: "viewer" }, people.admin.cookie),
    );
    expect(page).toMatchObject({ status: 403, data: { message: messages.forbidden("owners:write") } });
    // An Admin still gives the other roles, on the Users screen, without JavaScript.
    const demoted = await call(
      users.action,
      postForm("/dashboard/users", { intent: "role", id: target.admin.id, role: "sales" }, people.admin.cookie),
    );
    expect(demoted.status).toBe(302);
    expect((await getAdminById(target.admin.id))?.role).toBe("sales");
    const listed = (await call(users.loader, get("/dashboard/users", people.admin.cookie))).data as {
      admins: { id: string; roles: Role[] }[];
    };
    expect(listed.admins.find((admin) => admin.id === ownerId)?.roles).toEqual([]);
    expect(listed.admins.find((admin) => admin.id === target.admin.id)?.roles).toEqual(["admin", "editor", "sales", "viewer"]);
  });

  it("records a role change as admin.role-changed, from and to", async () => {
    const target = await person("viewer");
    expect((await changeRole(target.admin.id, "editor", testOrigin(people.owner.admin), asOwner)).ok).toBe(true);
    const { items } = await listAuditEvents({ action: "admin.role-changed" }, { page: 1, perPage: 10 });
    expect(items[0]).toMatchObject({ target: { id: target.admin.id }, details: { from: "viewer", to: "editor" } });
  });

  it("makes the oldest admin Owner, once, on a site whose admins predate roles", async () => {
    const before = await AdminModel.find().lean();
    await OwnerSeatsModel.deleteMany({});
    await AdminModel.updateMany({}, { $unset: { role: "" } });
    try {
      await Promise.all([ensureOwner(), ensureOwner(), ensureOwner()]);
      const owners = await AdminModel.find({ role: "owner" }).lean();
      expect(owners.map((doc) => String(doc._id))).toEqual([people.owner.admin.id]);
      expect(await OwnerSeatsModel.findById("owners").lean()).toMatchObject({ count: 1 });
      // An account stored without a role reads as an Admin, and its role can be changed.
      expect(await getAdminById(people.viewer.admin.id)).toMatchObject({ role: "admin" });
      expect(await changeRole(people.viewer.admin.id, "viewer", testOrigin(people.owner.admin), asOwner)).toMatchObject({
        ok: true,
        value: { role: "viewer" },
      });
    } finally {
      for (const doc of before) await AdminModel.updateOne({ _id: doc._id }, { $set: { role: doc.role ?? "admin" } });
    }
  });
});

describe("roles in invitations and the API", () => {
  const delivery = { mail: { enabled: () => false, send: async () => false }, siteUrl: "http://localhost:3000" };

  it("gives the invitation's role to the admin who accepts it", async () => {
    const sent = await inviteAdmin(
      { name: "Ed Itor", email: "ed@studio.test", role: "editor" },
      testOrigin(people.admin.admin),
      delivery as never,
      { by: { kind: "admin", role: "admin" } },
    );
    if (!sent.ok) throw new Error(sent.reason);
    expect(sent.value.invitation.role).toBe("editor");
    const token = new URL(sent.value.link).pathname.split("/").pop()!;
    expect(await invitationByToken(token)).toMatchObject({ state: "pending", invitee: { role: "editor" } });
    const accepted = await acceptInvitation(token, "editor-password", passwords, testOrigin());
    expect(accepted).toMatchObject({ ok: true, value: { email: "ed@studio.test", role: "editor" } });
  });

  it("lets only an Owner invite an Owner, or send an Owner's invitation again (its link may be handed over)", async () => {
    const ownerInvite = { name: "Olive Owner", email: "olive@studio.test", role: "owner" } as const;
    expect(
      await inviteAdmin(ownerInvite, testOrigin(people.admin.admin), delivery as never, { by: { kind: "admin", role: "admin" } }),
    ).toEqual({
      ok: false,
      reason: "forbidden",
    });
    const sent = await inviteAdmin(ownerInvite, testOrigin(people.owner.admin), delivery as never, asOwner);
    if (!sent.ok) throw new Error(sent.reason);
    const id = sent.value.invitation.id;
    const again = await call(apiResend.action, apiRequest(`/api/invitations/${id}/resend`, { method: "POST", token: people.admin.token }), {
      id,
    });
    expect(again).toMatchObject({ status: 403, data: { message: messages.apiForbidden("owners:write") } });
    const byOwner = await call(
      apiResend.action,
      apiRequest(`/api/invitations/${id}/resend`, { method: "POST", token: people.owner.token }),
      { id },
    );
    expect(byOwner).toMatchObject({ status: 200, data: { invitation: { role: "owner" } } });
  });

  it("takes an optional role on POST /api/admins and /api/invitations, Admin by default, 422 for an unknown one", async () => {
    const add = (json: object, who = people.owner) =>
      call(apiAdmins.action, apiRequest("/api/admins", { method: "POST", json, token: who.token }));
    const fields = (email: string) => ({ name: "Api Made", email, password: "api-password" });
    expect(await add(fields("plain@studio.test"))).toMatchObject({ status: 201, data: { role: "admin" } });
    expect(await add({ ...fields("sales@studio.test"), role: "sales" })).toMatchObject({ status: 201, data: { role: "sales" } });
    expect(await add({ ...fields("boss@studio.test"), role: "boss" })).toMatchObject({
      status: 422,
      data: { errors: { role: [messages.roleInvalid] } },
    });
    expect(await add({ ...fields("owner2@studio.test"), role: "owner" }, people.admin)).toMatchObject({
      status: 403,
      data: { message: messages.apiForbidden("owners:write") },
    });
    const invite = (json: object) =>
      call(apiInvitations.action, apiRequest("/api/invitations", { method: "POST", json, token: people.admin.token }));
    expect(await invite({ name: "Viv", email: "viv@studio.test", role: "viewer" })).toMatchObject({
      status: 201,
      data: { invitation: { role: "viewer" } },
    });
    expect(await invite({ name: "Dee", email: "dee@studio.test" })).toMatchObject({ status: 201, data: { invitation: { role: "admin" } } });
    expect(await invite({ name: "Bad", email: "bad@studio.test", role: "root" })).toMatchObject({ status: 422 });
    // The spec's Add Admin form makes an Admin, whatever else is posted.
    const formAdd = postForm(
      "/dashboard/users",
      { intent: "create", name: "Form", email: "form@studio.test", password: "form-password", role: "owner" },
      people.owner.cookie,
    );
    expect((await call(users.action, formAdd)).status).toBe(302);
    expect((await AdminModel.findOne({ email: "form@studio.test" }).lean())?.role).toBe("admin");
  });
});

describe("refused attempts", () => {
  it("are counted per admin, permission and day, in parallel, shown for 30 days and swept after 90", async () => {
    await RefusalModel.deleteMany({});
    await Promise.all(Array.from({ length: 6 }, () => call(inbox.loader, get("/dashboard/messages", people.viewer.cookie))));
    await call(apiLeads.loader, apiRequest("/api/leads", { token: people.viewer.token }));
    expect(await RefusalModel.countDocuments()).toBe(1);
    const { id, name, email } = people.viewer.admin;
    const counted = { admin: { id, name, email }, permission: "leads:read", count: 7, last_day: new Date().toISOString().slice(0, 10) };
    expect(await recentRefusals()).toEqual([counted]);
    const screen = (await call(auditLogScreen.loader, get("/dashboard/audit-log", people.owner.cookie))).data as { refusals: object[] };
    expect(screen.refusals).toEqual([{ who: `The viewer (${people.viewer.admin.email})`, permission: "leads:read", count: 7 }]);
    const listed = await call(apiRefusals.loader, apiRequest("/api/audit-log/refusals", { token: people.owner.token }));
    expect(listed).toMatchObject({ status: 200, data: { days: 30, data: [counted] } });
    const later = new Date(Date.now() + 31 * 86_400_000);
    expect(await recentRefusals(later)).toEqual([]);
    expect(await sweepOldRefusals(new Date(Date.now() + 89 * 86_400_000))).toBe(0);
    expect(await sweepOldRefusals(new Date(Date.now() + 91 * 86_400_000))).toBe(1);
  });
});

describe("the last Owner", () => {
  // Last in the file: the Owner left after a race may be either of the two.
  it("is never demoted or deleted, also when two Owners demote or delete each other at once", async () => {
    let owner = people.owner.admin;
    expect(await changeRole(owner.id, "admin", testOrigin(owner), asOwner)).toEqual({ ok: false, reason: "last-owner" });
    expect(await deleteAdmin(owner.id, testOrigin(people.admin.admin), asOwner)).toBe("last-owner");
    const lastOwner = await call(
      apiAdmin.action,
      apiRequest(`/api/admins/${owner.id}`, { method: "PATCH", json: { role: "admin" }, token: people.owner.token }),
      { id: owner.id },
    );
    expect(lastOwner).toMatchObject({ status: 409, data: { message: messages.lastOwner } });

    const ownerNow = async () => (await getAdminById(String((await AdminModel.findOne({ role: "owner" }).lean())!._id)))!;
    for (let round = 0; round < 4; round++) {
      const other = (await person("admin")).admin;
      expect((await changeRole(other.id, "owner", testOrigin(owner), asOwner)).ok).toBe(true);
      const demotions = await Promise.all([
        changeRole(other.id, "editor", testOrigin(owner), asOwner),
        changeRole(owner.id, "editor", testOrigin(other), asOwner),
      ]);
      expect(demotions.filter((result) => result.ok)).toHaveLength(1);
      expect(demotions.find((result) => !result.ok)).toEqual({ ok: false, reason: "last-owner" });
      expect(await AdminModel.countDocuments({ role: "owner" })).toBe(1);
      owner = await ownerNow();

      const third = (await person("admin")).admin;
      expect((await changeRole(third.id, "owner", testOrigin(owner), asOwner)).ok).toBe(true);
      const removals = await Promise.all([
        deleteAdmin(third.id, testOrigin(owner), asOwner),
        deleteAdmin(owner.id, testOrigin(third), asOwner),
      ]);
      expect([...removals].sort()).toEqual(["deleted", "last-owner"]);
      expect(await AdminModel.countDocuments({ role: "owner" })).toBe(1);
      owner = await ownerNow();
    }
    expect(await OwnerSeatsModel.findById("owners").lean()).toMatchObject({ count: 1 });
  });
});
