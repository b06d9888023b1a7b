import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { endOwnAccess, hashTokenSecret, issueToken } from "~/domain/access.server";
import { deleteAdmin } from "~/domain/admins.server";
import { listAuditEvents } from "~/domain/audit-log.server";
import { keyActor } from "~/domain/api-keys.server";
import { addLeadNote, changeLead, createContactMessage, openLead } from "~/domain/contact-messages.server";
import { messages } from "~/domain/messages";
import { AdminModel } from "~/models/admin.server";
import { ApiKeyModel } from "~/models/api-key.server";
import { ContactMessageModel } from "~/models/contact-message.server";
import * as oneAdmin from "~/routes/api.admins.$id";
import * as industries from "~/routes/api.industries";
import * as invitations from "~/routes/api.invitations";
import * as keys from "~/routes/api.keys";
import * as oneKey from "~/routes/api.keys.$id";
import * as leads from "~/routes/api.leads";
import * as validate from "~/routes/api.validate-token";
import * as keysPage from "~/routes/dashboard.settings_.keys";
import { connectDb } from "~/server/db.server";
import { apiRequest, url, type ApiRequestInit } from "../support/factories";
import { testOrigin } from "../support/origin";
import { call, get } from "../support/remix";
import { signedInAdmin } from "../support/session";

type Admin = { id: string; name: string; email: string };
type NewKey = { id: string; key: string; name: string; scopes: string[]; created_by: { id: string; deleted: boolean } };

let owner: { admin: Admin; cookie: string };
let ownerToken: string;

const noMail = { newMessage: async () => {}, enabled: () => false, send: async () => false };

beforeAll(async () => {
  await connectDb();
  owner = await signedInAdmin("keys-owner@studio.test", "Keys Owner");
  ownerToken = (await issueToken(owner.admin.id)).token;
});

beforeEach(async () => {
  await ApiKeyModel.deleteMany({});
});

const as = (token: string, init: Omit<ApiRequestInit, "token"> = {}) => ({ token, ...init });

async function makeKey(fields: Record<string, unknown>, token = ownerToken): Promise<NewKey> {
  const made = await call(keys.action, apiRequest("/api/keys", { method: "POST", json: fields, ...as(token) }));
  expect(made.status, JSON.stringify(made.data)).toBe(201);
  return made.data as NewKey;
}

const leadsWith = (key: string, query = "") => call(leads.loader, apiRequest(`/api/leads${query}`, as(key)));

describe("making a key (POST /api/keys)", () => {
  it("answers the key once, `sk_<id>_<secret>`, and stores only the hash of its secret", async () => {
    const made = await makeKey({ name: "Zapier", scopes: ["leads:read", "case_studies:read"] });
    expect(made.key).toMatch(/^sk_[0-9a-f]{24}_[A-Za-z0-9_-]{43}$/);
    expect(made.scopes).toEqual(["case_studies:read", "leads:read"]);
    expect(made.created_by).toMatchObject({ id: owner.admin.id, deleted: false });
    const secret = made.key.slice(28);
    const doc = await ApiKeyModel.findById(made.id).lean();
    expect(doc?.secret_hash).toBe(hashTokenSecret(secret));
    expect(JSON.stringify(doc)).not.toContain(secret);
    // Listed without its text or hash.
    const listed = await call(keys.loader, apiRequest("/api/keys", as(ownerToken)));
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.data)).not.toContain(secret);
    expect(JSON.stringify(listed.data)).not.toMatch(/hash|"key"/);
    expect((listed.data as { id: string }[]).map((key) => key.id)).toEqual([made.id]);
    const [created] = (await listAuditEvents({ action: "key.created" }, { page: 1, perPage: 1 })).items;
    expect(created).toMatchObject({ target: { id: made.id, label: "Zapier" }, actor: { id: owner.admin.id } });
  });

  it("refuses a missing name, no scope, an unknown scope and an expiry in the past with the catalogue's messages", async () => {
    const refusals: [Record<string, unknown>, string, string][] = [
      [{ name: " ", scopes: ["leads:read"] }, "name", messages.apiKeyNameRequired],
      [{ name: "A", scopes: [] }, "scopes", messages.apiKeyScopesRequired],
      [{ name: "A" }, "scopes", messages.apiKeyScopesRequired],
      [{ name: "A", scopes: ["leads:read", "keys:write"] }, "scopes", messages.apiKeyScopeUnknown],
      [{ name: "A", scopes: ["leads:read"], expires_at: "2020-01-01" }, "expires_at", messages.apiKeyExpiryPast],
      [{ name: "A", scopes: ["leads:read"], expires_at: "soon" }, "expires_at", messages.apiKeyExpiryInvalid],
    ];
    for (const [json, field, message] of refusals) {
      const refused = await call(keys.action, apiRequest("/api/keys", { method: "POST", json, ...as(ownerToken) }));
      expect(refused.status, JSON.stringify(json)).toBe(422);
      expect((refused.data as { errors: Record<string, string[]> }).errors[field]).toEqual([message]);
    }
    expect(await ApiKeyModel.countDocuments()).toBe(0);
  });

  it("is for Owners and Admins: another role, and any key, even one with admins:write, gets 403 naming keys:write", async () => {
    const editor = await signedInAdmin("keys-editor@studio.test", "Keys Editor");
    await AdminModel.updateOne({ _id: editor.admin.id }, { $set: { role: "editor" } });
    const editorToken = (await issueToken(editor.admin.id)).token;
    const strong = await makeKey({ name: "Strong", scopes: ["admins:write", "admins:read"] });
    for (const token of [editorToken, strong.key]) {
      for (const request of [
        apiRequest("/api/keys", { method: "POST", json: { name: "More", scopes: ["leads:read"] }, ...as(token) }),
        apiRequest(`/api/keys/${strong.id}`, { method: "DELETE", ...as(token) }),
      ]) {
        const refused = await call(request.method === "POST" ? keys.action : oneKey.action, request, { id: strong.id });
        expect(refused.status).toBe(403);
        expect(refused.data).toEqual({ message: messages.apiForbidden("keys:write") });
      }
      expect((await call(keys.loader, apiRequest("/api/keys", as(token)))).status).toBe(403);
    }
    expect(await ApiKeyModel.countDocuments({ revoked_at: null })).toBe(1);
  });
});

describe("using a key", () => {
  it("works on the routes its scopes cover, and answers 403 naming the missing scope elsewhere", async () => {
    await createContactMessage({ name: "Lena", email: "lena@example.com", message: "Hello" }, noMail);
    const reader = await makeKey({ name: "Reader", scopes: ["leads:read"] });
    const other = await makeKey({ name: "Other", scopes: ["content:read"] });
    const listed = await leadsWith(reader.key);
    expect(listed.status).toBe(200);
    expect((listed.data as { data: unknown[] }).data.length).toBeGreaterThan(0);
    const refused = await leadsWith(other.key);
    expect(refused.status).toBe(403);
    expect(refused.data).toEqual({ message: messages.apiForbidden("leads:read") });
    await ContactMessageModel.deleteMany({});
  });

  it("is refused (403) by a route that names no permission a key could hold: keys fail closed", async () => {
    const victim = await signedInAdmin("keys-victim@studio.test", "Keys Victim");
    const made = await makeKey({ name: "Narrow", scopes: ["content:read"] });
    const deleted = await call(oneAdmin.action, apiRequest(`/api/admins/${victim.admin.id}`, { method: "DELETE", ...as(made.key) }), {
      id: victim.admin.id,
    });
    expect(deleted.status).toBe(403);
    // Whether the route names its permission (admins:write) or none yet, a key without it is refused.
    expect([messages.apiKeyRouteClosed, messages.apiForbidden("admins:write")]).toContain((deleted.data as { message: string }).message);
    expect(await AdminModel.exists({ _id: victim.admin.id })).toBeTruthy();
  });

  it("is no admin: owner=me is 422, validate-token names the key, invitations are refused", async () => {
    const made = await makeKey({ name: "Robot", scopes: ["leads:read", "admins:write"] });
    const me = await leadsWith(made.key, "?owner=me");
    expect(me.status).toBe(422);
    expect(me.data).toEqual({ message: messages.apiKeyHasNoMe, errors: { owner: [messages.apiKeyHasNoMe] } });
    const checked = await call(validate.loader, apiRequest("/api/validate-token", as(made.key)));
    expect(checked).toMatchObject({ status: 200, data: { key: { id: made.id, name: "Robot", scopes: ["leads:read", "admins:write"] } } });
    const invited = await call(
      invitations.action,
      apiRequest("/api/invitations", { method: "POST", json: { name: "Ann", email: "ann-keys@studio.test" }, ...as(made.key) }),
    );
    expect(invited).toMatchObject({ status: 403, data: { message: messages.apiKeyCannotInvite } });
  });

  it("writes without the XSRF check (a bearer credential only), and the audit log names the key", async () => {
    const made = await makeKey({ name: "Catalogue sync", scopes: ["case_studies:write"] });
    const added = await call(
      industries.action,
      apiRequest("/api/industries", { method: "POST", json: { name: "Keyed industry" }, ...as(made.key) }),
    );
    expect(added.status).toBe(201);
    const [entry] = (await listAuditEvents({ action: "industry.changed" }, { page: 1, perPage: 1 })).items;
    expect(entry?.actor).toEqual({ id: made.id, name: "API key Catalogue sync" });
    expect(entry?.email).toBe("");
  });

  it("is named after itself where a lead's history and notes name their author", async () => {
    const made = await makeKey({ name: "Pipeline", scopes: ["leads:write"] });
    const origin = testOrigin(keyActor({ id: made.id, name: made.name, scopes: ["leads:write"] }));
    const lead = await createContactMessage({ name: "Noor", email: "noor@example.com", message: "Hello" }, noMail);
    expect((await changeLead(lead.id, { status: "contacted" }, origin)).ok).toBe(true);
    expect((await addLeadNote(lead.id, "Called back", origin)).ok).toBe(true);
    const detail = await openLead(lead.id);
    expect(JSON.stringify(detail?.history)).toContain("API key Pipeline");
    expect(detail?.history).toHaveLength(2);
    await ContactMessageModel.deleteMany({});
  });

  it("is 401 once expired, and once revoked (at once; a second revocation is 404)", async () => {
    const dated = await makeKey({ name: "Dated", scopes: ["leads:read"], expires_at: new Date().toISOString().slice(0, 10) });
    expect((await leadsWith(dated.key)).status).toBe(200);
    // Works through its last day, then stops.
    const end = (await ApiKeyModel.findById(dated.id).lean())!.expires_at!;
    expect(end.getTime() - Date.now()).toBeGreaterThan(0);
    expect(end.getTime() - Date.now()).toBeLessThanOrEqual(24 * 3_600_000);
    await ApiKeyModel.updateOne({ _id: dated.id }, { $set: { expires_at: new Date(Date.now() - 1000) } });
    expect(await leadsWith(dated.key)).toMatchObject({ status: 401, data: { message: messages.apiUnauthenticated } });

    const live = await makeKey({ name: "Live", scopes: ["leads:read"] });
    expect((await leadsWith(live.key)).status).toBe(200);
    const revoked = await call(oneKey.action, apiRequest(`/api/keys/${live.id}`, { method: "DELETE", ...as(ownerToken) }), { id: live.id });
    expect(revoked.status).toBe(204);
    expect(await leadsWith(live.key)).toMatchObject({ status: 401, data: { message: messages.apiUnauthenticated } });
    const again = await call(oneKey.action, apiRequest(`/api/keys/${live.id}`, { method: "DELETE", ...as(ownerToken) }), { id: live.id });
    expect(again).toMatchObject({ status: 404, data: { message: messages.apiKeyNotFound } });
    const [entry] = (await listAuditEvents({ action: "key.revoked" }, { page: 1, perPage: 1 })).items;
    expect(entry).toMatchObject({ target: { id: live.id, label: "Live" }, actor: { id: owner.admin.id } });
    // A wrong secret for a live key's id, and a made-up key, are 401 too.
    const other = await makeKey({ name: "Other", scopes: ["leads:read"] });
    expect((await leadsWith(`${other.key.slice(0, 28)}${"A".repeat(43)}`)).status).toBe(401);
    expect((await leadsWith("sk_nothing")).status).toBe(401);
  });

  it("notes when and from where it was last used: once for parallel requests, then not again within 5 minutes", async () => {
    const made = await makeKey({ name: "Busy", scopes: ["leads:read"] });
    // Each conditional update's outcome, as the domain saw it.
    const written: { modifiedCount: number }[] = [];
    const original = ApiKeyModel.updateOne.bind(ApiKeyModel);
    const updates = vi.spyOn(ApiKeyModel, "updateOne").mockImplementation(((...args: Parameters<typeof original>) =>
      original(...args).then((result) => {
        written.push(result);
        return result;
      })) as unknown as typeof original);
    try {
      const answers = await Promise.all(
        Array.from({ length: 6 }, () =>
          call(leads.loader, apiRequest("/api/leads", as(made.key, { headers: { "X-Forwarded-For": "203.0.113.9" } }))),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(200));
      expect(written.filter((result) => result.modifiedCount === 1)).toHaveLength(1);
      const doc = (await ApiKeyModel.findById(made.id).lean())!;
      expect(doc.last_used_at).toBeInstanceOf(Date);
      expect(doc.last_used_address).toMatch(/./);
      updates.mockClear();
      expect((await leadsWith(made.key)).status).toBe(200);
      expect(updates).not.toHaveBeenCalled();
    } finally {
      updates.mockRestore();
    }
  });

  it("survives its creator signing out everywhere and being deleted; the list then marks the creator deleted", async () => {
    const creator = await signedInAdmin("keys-creator@studio.test", "Keys Creator");
    const creatorToken = (await issueToken(creator.admin.id)).token;
    const made = await makeKey({ name: "Outlives", scopes: ["leads:read"] }, creatorToken);
    await endOwnAccess(testOrigin(creator.admin));
    expect((await call(validate.loader, apiRequest("/api/validate-token", as(creatorToken)))).status).toBe(401);
    expect((await leadsWith(made.key)).status).toBe(200);
    expect(await deleteAdmin(creator.admin.id, testOrigin(owner.admin), { by: { kind: "admin", role: "owner" } })).toBe("deleted");
    expect((await leadsWith(made.key)).status).toBe(200);
    const listed = (await call(keys.loader, apiRequest("/api/keys", as(ownerToken)))).data as NewKey[];
    expect(listed.find((key) => key.id === made.id)?.created_by).toMatchObject({
      id: creator.admin.id,
      name: "Keys Creator",
      email: "keys-creator@studio.test",
      deleted: true,
    });
  });
});

describe("the keys page (/dashboard/settings/keys)", () => {
  /** The page's form as a browser posts it: one `scopes` field per ticked box. */
  const post = (fields: [string, string][], cookie: string) =>
    new Request(url("/dashboard/settings/keys"), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
      body: new URLSearchParams(fields).toString(),
    });
  type PageAnswer = { created: { key: string; name: string } | null; errors: Record<string, string[]> | null; values: unknown };

  it("makes a key whose text is in the action's answer only, lists it, and revokes it", async () => {
    const made = await call(
      keysPage.action,
      post(
        [
          ["intent", "create"],
          ["name", "Page key"],
          ["scopes", "leads:read"],
          ["scopes", "content:read"],
          ["expires_at", ""],
        ],
        owner.cookie,
      ),
    );
    expect(made.status).toBe(200);
    expect(made.headers.get("Cache-Control")).toBe("no-store");
    const { created } = made.data as PageAnswer;
    expect(created?.key).toMatch(/^sk_[0-9a-f]{24}_/);
    expect((await leadsWith(created!.key)).status).toBe(200);
    const page = await call(keysPage.loader, get("/dashboard/settings/keys", owner.cookie));
    const [listed] = (page.data as { keys: { id: string; name: string; scopes: string[] }[] }).keys;
    expect(listed).toMatchObject({ name: "Page key", scopes: ["content:read", "leads:read"] });
    expect(JSON.stringify(page.data)).not.toContain(created!.key.slice(28));
    const revoked = await call(
      keysPage.action,
      post(
        [
          ["intent", "revoke"],
          ["key", listed!.id],
        ],
        owner.cookie,
      ),
    );
    expect(revoked.status).toBe(302);
    expect((await leadsWith(created!.key)).status).toBe(401);
  });

  it("refuses what the form got wrong with the catalogue's messages, keeping what was typed", async () => {
    const refused = await call(
      keysPage.action,
      post(
        [
          ["intent", "create"],
          ["name", ""],
          ["expires_at", "2001-02-03"],
        ],
        owner.cookie,
      ),
    );
    expect(refused.status).toBe(422);
    expect((refused.data as PageAnswer).errors).toEqual({
      name: [messages.apiKeyNameRequired],
      scopes: [messages.apiKeyScopesRequired],
      expires_at: [messages.apiKeyExpiryPast],
    });
    expect((refused.data as PageAnswer).created).toBeNull();
    expect(await ApiKeyModel.countDocuments()).toBe(0);
  });

  it("is 403 for a role without keys:write, the page and its action", async () => {
    const sales = await signedInAdmin("keys-sales@studio.test", "Keys Sales");
    await AdminModel.updateOne({ _id: sales.admin.id }, { $set: { role: "sales" } });
    const page = await call(keysPage.loader, get("/dashboard/settings/keys", sales.cookie));
    expect(page).toMatchObject({ status: 403, data: { message: messages.forbidden("keys:write") } });
    const made = await call(
      keysPage.action,
      post(
        [
          ["intent", "create"],
          ["name", "Sneaky"],
          ["scopes", "leads:read"],
        ],
        sales.cookie,
      ),
    );
    expect(made.status).toBe(403);
    expect(await ApiKeyModel.countDocuments()).toBe(0);
  });
});
