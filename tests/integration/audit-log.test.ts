import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { issueToken } from "~/domain/access.server";
import { AUDIT_RETENTION_MS, listAuditEvents, recordAudit, recordEvent, sweepOldAuditEvents } from "~/domain/audit-log.server";
import { createContactMessage } from "~/domain/contact-messages.server";
import { messages } from "~/domain/messages";
import { getSiteSettings } from "~/domain/settings.server";
import { getContentPart } from "~/domain/site-content.server";
import { contentSubject, listVersions } from "~/domain/versions.server";
import { AdminModel } from "~/models/admin.server";
import { AuditEventModel } from "~/models/audit-event.server";
import { CaseStudyModel } from "~/models/case-study.server";
import { IndustryModel } from "~/models/industry.server";
import * as auditApi from "~/routes/api.audit-log";
import * as caseStudiesApi from "~/routes/api.case-studies";
import * as caseStudyApi from "~/routes/api.case-studies.$id";
import * as caseStudyRestoreApi from "~/routes/api.case-studies.$id.versions.$n.restore";
import * as contentApi from "~/routes/api.content.$part";
import * as contentDraftApi from "~/routes/api.content.$part.draft";
import * as contentRestoreApi from "~/routes/api.content.$part.versions.$n.restore";
import * as industriesApi from "~/routes/api.industries";
import * as industryApi from "~/routes/api.industries.$id";
import * as auditPage from "~/routes/dashboard.audit-log";
import * as deleteCaseStudy from "~/routes/dashboard.case-studies.$id.delete";
import * as caseStudyVersion from "~/routes/dashboard.case-studies.$id.history_.$n";
import * as editCaseStudy from "~/routes/dashboard.case-studies.edit.$id";
import * as featuredScreen from "~/routes/dashboard.case-studies.featured";
import * as industriesScreen from "~/routes/dashboard.case-studies.industries";
import * as contentEditor from "~/routes/dashboard.content.$part._index";
import * as deleteMessage from "~/routes/dashboard.messages_.$id.delete";
import * as settingsScreen from "~/routes/dashboard.settings";
import * as settingsVersion from "~/routes/dashboard.settings_.history_.$n";
import { requestOrigin } from "~/server/client-address.server";
import { connectDb } from "~/server/db.server";
import { ports } from "~/server/ports.server";
import { runDueSchedules } from "~/server/scheduler.server";
import { sweepExpired } from "~/server/sweeper.server";
import { caseStudyFields, caseStudyFormFields } from "../support/case-study-fields";
import { apiHeaders, apiRequest, imageFile, multipartRequest, noFile } from "../support/factories";
import { root, run } from "../support/processes";
import { call, get, postForm } from "../support/remix";
import { signedInAdmin } from "../support/session";

beforeAll(() => connectDb());
beforeEach(() => AuditEventModel.deleteMany({}));

const ada = { id: "64b7f0c2a1b2c3d4e5f60718", name: "Ada", email: "ada@studio.test" };
const origin = { address: "203.0.113.9", userAgent: "Test browser" };
const at = (iso: string) => new Date(iso);
/** A case study stored as it is, without the domain (so without its own entries). */
const storedStudy = {
  client: "Client",
  industry: "Retail",
  project_insight: "Insight",
  technologies: [],
  outcomes: [1, 2, 3].map((n) => ({ label: `L${n}`, value: `V${n}` })),
  image_url: "/images/case-studies/x-1600.webp",
  status: "published" as const,
};

describe("the audit log's records", () => {
  it("lists newest first with who, what, on what and from where, filtered by who, what and when, in pages", async () => {
    await recordAudit({ action: "sign-in", actor: ada, ...origin, at: at("2026-11-01T10:00:00Z") });
    await recordAudit({ action: "sign-in.failed", email: "Nobody@Studio.test", ...origin, at: at("2026-11-02T10:00:00Z") });
    await recordAudit({
      action: "case-study.deleted",
      actor: ada,
      target: { type: "case-study", id: "abc", label: "Quillstack" },
      ...origin,
      at: at("2026-11-03T10:00:00Z"),
    });

    const all = await listAuditEvents({}, { perPage: 2 });
    expect(all).toMatchObject({ total: 3, pageCount: 2 });
    expect(all.items.map((event) => event.action)).toEqual(["case-study.deleted", "sign-in.failed"]);
    expect(all.items[0]).toMatchObject({
      label: "Case study deleted",
      actor: { id: ada.id, name: "Ada <ada@studio.test>" },
      target: { type: "case-study", id: "abc", label: "Quillstack" },
      address: "203.0.113.9",
      user_agent: "Test browser",
      at: "2026-11-03T10:00:00.000Z",
    });
    expect(all.items[1]).toMatchObject({ actor: { id: null, name: "" }, email: "nobody@studio.test" });

    expect((await listAuditEvents({ actorId: ada.id }, { perPage: 10 })).total).toBe(2);
    expect((await listAuditEvents({ action: "sign-in" }, { perPage: 10 })).items.map((event) => event.at)).toEqual([
      "2026-11-01T10:00:00.000Z",
    ]);
    const window = await listAuditEvents({ from: at("2026-11-02T00:00:00Z"), to: at("2026-11-03T00:00:00Z") }, { perPage: 10 });
    expect(window.items.map((event) => event.action)).toEqual(["sign-in.failed"]);
  });

  it("keeps an entry one year, then the sweep removes it", async () => {
    const now = Date.now();
    await recordAudit({ action: "sign-in", actor: ada, ...origin, at: new Date(now - AUDIT_RETENTION_MS - 60_000) });
    await recordAudit({ action: "sign-in", actor: ada, ...origin, at: new Date(now - AUDIT_RETENTION_MS + 60_000) });
    expect((await sweepExpired(new Date(now))).audit_events).toBe(1);
    expect(await AuditEventModel.countDocuments({})).toBe(1);
  });

  it("on the embedded engine, keeps only the newest entries past its limit, whatever their age", async () => {
    for (const day of [1, 2, 3, 4, 5]) await recordAudit({ action: "sign-in", actor: ada, ...origin, at: at(`2026-11-0${day}T10:00:00Z`) });
    // Two in the same millisecond: the id breaks the tie, as in the list's order.
    await recordAudit({ action: "sign-out", actor: ada, ...origin, at: at("2026-11-03T10:00:00Z") });
    const quiet = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(await sweepOldAuditEvents(at("2026-11-06T00:00:00Z"), { keep: 3 })).toBe(3);
    quiet.mockRestore();
    const kept = (await listAuditEvents({}, { perPage: 10 })).items.map((event) => `${event.action} ${event.at.slice(0, 10)}`);
    expect(kept).toEqual(["sign-in 2026-11-05", "sign-in 2026-11-04", "sign-out 2026-11-03"]);
    expect(await sweepOldAuditEvents(at("2026-11-06T00:00:00Z"), { keep: 3 })).toBe(0);
  });

  it("takes the address only through TRUST_PROXY and the browser as it says, clipped", async () => {
    const request = new Request("http://localhost/x", { headers: { "User-Agent": "A".repeat(400), "X-Forwarded-For": "198.51.100.7" } });
    await recordEvent(requestOrigin(request, ada), "sign-out");
    const [entry] = await AuditEventModel.find({}).lean();
    expect(entry!.user_agent).toHaveLength(300);
    expect(entry!.address).not.toBe("");
  });
});

// ---------------------------------------------------------------------------------------------
// The dashboard's page and the API (docs/behaviour.md#audit-log, docs/api.md#audit-log)

type Page = Awaited<ReturnType<typeof auditPage.loader>>;

describe("the audit log's page and API", () => {
  let me: Awaited<ReturnType<typeof signedInAdmin>>;
  let token: string;
  let study: string;
  let gone: string;

  beforeAll(async () => {
    me = await signedInAdmin(`auditor-${Date.now()}@studio.test`, "Audra Auditor");
    token = (await issueToken(me.admin.id)).token;
    study = (await CaseStudyModel.create({ ...storedStudy, title: "Still here" }))._id.toString();
    gone = "64b7f0c2a1b2c3d4e5f60799";
  });

  async function seed() {
    const actor = { id: me.admin.id, name: me.admin.name, email: me.admin.email };
    // 30 sign-ins, one a day from 1 October, then a failed sign-in and two case study entries.
    for (let day = 1; day <= 30; day++)
      await recordAudit({ action: "sign-in", actor, ...origin, at: at(`2026-10-${String(day).padStart(2, "0")}T08:00:00Z`) });
    await recordAudit({ action: "sign-in.failed", email: "Who@Studio.test", ...origin, at: at("2026-11-01T09:00:00Z") });
    const target = (id: string, label: string) => ({ type: "case-study", id, label });
    await recordAudit({
      action: "case-study.updated",
      actor,
      target: target(study, "Still here"),
      ...origin,
      at: at("2026-11-02T09:00:00Z"),
    });
    await recordAudit({ action: "case-study.deleted", actor, target: target(gone, "Gone"), ...origin, at: at("2026-11-03T09:00:00Z") });
  }

  const page = async (query = "") => (await call(auditPage.loader, get(`/dashboard/audit-log${query}`, me.cookie))).data as Page;

  it("says in plain words how and from where: the dashboard, the API, the command line, the schedule", async () => {
    const actor = { id: me.admin.id, name: me.admin.name, email: me.admin.email };
    const entry = (details: Record<string, unknown>, address = origin.address, day = 1) =>
      recordAudit({ action: "sign-in", actor, address, userAgent: "Test browser", details, at: at(`2026-11-0${day}T09:00:00Z`) });
    await entry({ door: "form", two_factor: "off" }, origin.address, 4);
    await entry({ door: "api" }, "direct", 3);
    await entry({ door: "command line" }, "server", 2);
    await entry({ by: "schedule", scheduled_by: "Rita <rita@studio.test>" }, "server", 1);
    const items = (await page()).log!.items.map(({ from, details }) => [from, details]);
    expect(items).toEqual([
      ["From 203.0.113.9, Test, through the dashboard", "two factor: off"],
      ["From an unknown address, Test, through the API", ""],
      ["On the server, through the command line", ""],
      ["On the server, through the schedule", "scheduled by: Rita <rita@studio.test>"],
    ]);
  });

  it("lists newest first, 25 a page, with who, what, on what (linked while it exists) and from where", async () => {
    await seed();
    const first = await page();
    expect(first.log).toMatchObject({ total: 33, page: 1, pageCount: 2 });
    expect(first.log!.items).toHaveLength(25);
    expect(first.log!.items.slice(0, 3)).toMatchObject([
      { label: "Case study deleted", who: `Audra Auditor <${me.admin.email}>`, target: { label: "Gone", href: null } },
      { label: "Case study changed", target: { label: "Still here", href: `/dashboard/case-studies/edit/${study}` } },
      { label: "Sign-in failed", who: "No admin", email: "who@studio.test", target: null },
    ]);
    expect(first.log!.items[0]).toMatchObject({ from: "From 203.0.113.9, Test", at: "2026-11-03T09:00:00.000Z" });
    const second = await page("?page=2");
    expect(second.log!.items.map((entry) => entry.at)).toEqual(
      ["08", "07", "06", "05", "04", "03", "02", "01"].map((day) => `2026-10-${day}T08:00:00.000Z`),
    );
    // The filters: who, what and when, kept in the address.
    expect(first.who).toContainEqual({ value: me.admin.id, label: `Audra Auditor (${me.admin.email})` });
    expect(first.who.at(-1)).toMatchObject({ value: "none" });
    expect(first.actions).toContainEqual({ value: "case-study.deleted", label: "Case study deleted" });
    expect((await page("?actor=none")).log!.items.map((entry) => entry.label)).toEqual(["Sign-in failed"]);
    expect((await page(`?actor=${me.admin.id}&action=sign-in`)).log!.total).toBe(30);
    const week = await page("?action=sign-in&from=2026-10-10&to=2026-10-16");
    expect(week.log!.items.map((entry) => entry.at.slice(0, 10))).toEqual(
      ["16", "15", "14", "13", "12", "11", "10"].map((day) => `2026-10-${day}`),
    );
    expect(week.typed).toEqual({ actor: "", action: "sign-in", from: "2026-10-10", to: "2026-10-16" });
    expect((await page("?from=2026-11-04")).log!.items).toEqual([]);
  });

  it("keeps a former admin in the who filter, named as the log last named them", async () => {
    await recordAudit({ action: "case-study.deleted", actor: ada, ...origin, at: at("2026-11-05T09:00:00Z") });
    const { who } = await page();
    expect(who).toContainEqual({ value: ada.id, label: "Ada <ada@studio.test>, no longer an admin" });
    expect(who.filter((option) => option.value === me.admin.id)).toHaveLength(1);
    expect((await page(`?actor=${ada.id}`)).log!.items.map((entry) => entry.label)).toEqual(["Case study deleted"]);
  });

  it("refuses a filter it cannot read with a message under its field, and lists nothing then", async () => {
    const refused = await page("?actor=someone&action=deleted-everything&from=2026-13-01&to=2026-10-01");
    expect(refused.log).toBeNull();
    expect(refused.errors).toEqual({
      actor: [messages.auditActorInvalid],
      action: [messages.auditActionInvalid],
      from: [messages.auditDateInvalid],
    });
    expect((await page("?from=2026-10-02&to=2026-10-01")).errors).toEqual({ to: [messages.auditRangeInvalid] });
    expect((await call(auditPage.loader, get("/dashboard/audit-log"))).status).toBe(302);
  });

  it("GET /api/audit-log: the same entries as JSON, paged, filtered, newest first; refusals are 422", async () => {
    await seed();
    const api = (query = "", auth: { token?: string } = { token }) => call(auditApi.loader, apiRequest(`/api/audit-log${query}`, auth));
    const first = await api();
    expect(first.status).toBe(200);
    expect(first.headers.get("X-Total-Count")).toBe("33");
    const { data } = first.data as { data: Record<string, unknown>[] };
    expect(data).toHaveLength(15);
    expect(Object.keys(data[0]!).sort()).toEqual([
      "action",
      "actor",
      "address",
      "at",
      "details",
      "email",
      "id",
      "label",
      "target",
      "user_agent",
    ]);
    expect(data[0]).toMatchObject({
      action: "case-study.deleted",
      label: "Case study deleted",
      actor: { id: me.admin.id, name: `Audra Auditor <${me.admin.email}>` },
      target: { type: "case-study", id: gone, label: "Gone" },
      address: "203.0.113.9",
      user_agent: "Test browser",
    });
    const none = await api("?actor=none&per_page=5");
    expect((none.data as { data: { action: string }[] }).data.map((event) => event.action)).toEqual(["sign-in.failed"]);
    const paged = await api("?action=sign-in&from=2026-10-01&to=2026-10-31&page=3&per_page=12");
    expect(paged.headers.get("X-Total-Count")).toBe("30");
    expect((paged.data as { data: { at: string }[] }).data.map((event) => event.at.slice(8, 10))).toEqual([
      "06",
      "05",
      "04",
      "03",
      "02",
      "01",
    ]);
    expect((await api("?page=9")).data).toEqual({ data: [] });
    const refused = await api("?action=nope&from=yesterday");
    expect(refused.status).toBe(422);
    expect(refused.data).toEqual({
      message: messages.auditActionInvalid,
      errors: { action: [messages.auditActionInvalid], from: [messages.auditDateInvalid] },
    });
    expect((await api("?per_page=500")).status).toBe(422);
    expect((await api("", {})).status).toBe(401);
  });

  it("offers no way to change or remove an entry", async () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      const result = await call(auditApi.action, apiRequest("/api/audit-log", { method, token }));
      expect(result.status).toBe(405);
    }
    expect("action" in auditPage).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------
// What is recorded: every change an admin makes, through the dashboard and the API, once it has happened

describe("recording every change", () => {
  let me: Awaited<ReturnType<typeof signedInAdmin>>;
  let token: string;
  const api = { headers: { "User-Agent": "curl/8.5.0" } };

  beforeAll(async () => {
    me = await signedInAdmin(`recorder-${Date.now()}@studio.test`, "Rita Recorder");
    token = (await issueToken(me.admin.id)).token;
  });

  /** The entries recorded since the last call, oldest first, as [action, target label, details]. */
  let seenUpTo = 0;
  async function recorded() {
    const all = (await listAuditEvents({}, { perPage: 1000 })).items.reverse();
    const fresh = all.slice(seenUpTo);
    seenUpTo = all.length;
    return fresh.map((event) => [event.action, event.target?.label ?? null, event.details] as const);
  }
  beforeEach(() => {
    seenUpTo = 0;
  });

  const byApi = (path: string, method: string, json?: unknown) => apiRequest(path, { method, json, token, ...api });
  const multipartByApi = async (path: string, fields: Record<string, string>) =>
    multipartRequest(path, { ...fields, image: await imageFile() }, { headers: apiHeaders({ token, ...api }) });

  it("case studies, from the API and the dashboard: created, changed, published, unpublished, scheduled, restored, deleted", async () => {
    const created = await call(caseStudiesApi.action, await multipartByApi("/api/case-studies", caseStudyFields("Audited work")));
    expect(created.status).toBe(201);
    const id = (created.data as { id: string }).id;
    const patch = async (json: unknown) => {
      const result = await call(caseStudyApi.action, byApi(`/api/case-studies/${id}`, "PATCH", json), { id });
      expect(result.status).toBe(200);
    };
    await patch({ title: "Audited work, renamed" });
    await patch({ status: "draft" });
    await patch({ status: "published" });
    const publishAt = "2031-12-01T09:00:00.000Z";
    // A published study given a publish time (the editor's "schedule") is scheduled, not unpublished.
    await patch({ status: "draft", publish_at: publishAt });
    expect(await recorded()).toEqual([
      ["case-study.created", "Audited work", { status: "published" }],
      ["case-study.updated", "Audited work, renamed", { status: "published" }],
      ["case-study.unpublished", "Audited work, renamed", { status: "draft" }],
      ["case-study.published", "Audited work, renamed", { status: "published" }],
      ["case-study.scheduled", "Audited work, renamed", { status: "draft", publish_at: publishAt }],
    ]);
    const [first] = (await listAuditEvents({ action: "case-study.created" }, { perPage: 1 })).items;
    expect(first).toMatchObject({ actor: { id: me.admin.id }, target: { type: "case-study", id }, user_agent: "curl/8.5.0" });

    // A refused write records nothing.
    const refused = await call(caseStudyApi.action, byApi(`/api/case-studies/${id}`, "PATCH", { website_url: "nope" }), { id });
    expect(refused.status).toBe(422);
    expect(await recorded()).toEqual([]);

    // The schedule publishes it: no admin acted, and the entry says who set the time.
    await runDueSchedules(new Date(Date.parse(publishAt) + 1_000));
    const [scheduled] = (await listAuditEvents({ actorId: "none" }, { perPage: 1 })).items;
    expect(scheduled).toMatchObject({
      action: "case-study.published",
      actor: { id: null, name: "" },
      target: { id, label: "Audited work, renamed" },
      address: "server",
      details: { by: "schedule", scheduled_by: `Rita Recorder <${me.admin.email}>` },
    });
    await recorded();

    // The dashboard: an edit, a restore, and the delete.
    const edited = await call(
      editCaseStudy.action,
      await multipartRequest(
        `/dashboard/case-studies/edit/${id}`,
        { ...caseStudyFormFields("Edited in the dashboard"), image: noFile() },
        {
          headers: { Cookie: me.cookie },
        },
      ),
      { id },
    );
    expect(edited.status).toBe(302);
    const restored = await call(caseStudyVersion.action, postForm(`/dashboard/case-studies/${id}/history/1`, {}, me.cookie), {
      id,
      n: "1",
    });
    expect(restored.status).toBe(302);
    const byApiRestore = await call(caseStudyRestoreApi.action, byApi(`/api/case-studies/${id}/versions/2/restore`, "POST"), {
      id,
      n: "2",
    });
    expect(byApiRestore.status).toBe(200);
    const removed = await call(deleteCaseStudy.action, postForm(`/dashboard/case-studies/${id}/delete`, {}, me.cookie), { id });
    expect(removed.status).toBe(302);
    expect((await recorded()).map(([action, label, details]) => [action, label, "version" in details ? details.version : null])).toEqual([
      ["case-study.updated", "Edited in the dashboard", null],
      ["case-study.restored", "Audited work", 1],
      ["case-study.restored", "Audited work, renamed", 2],
      ["case-study.deleted", "Audited work, renamed", null],
    ]);

    const created2 = await call(caseStudiesApi.action, await multipartByApi("/api/case-studies", caseStudyFields("Deleted by API")));
    const other = (created2.data as { id: string }).id;
    expect((await call(caseStudyApi.action, byApi(`/api/case-studies/${other}`, "DELETE"), { id: other })).status).toBe(200);
    expect((await recorded()).map(([action, label]) => [action, label])).toEqual([
      ["case-study.created", "Deleted by API"],
      ["case-study.deleted", "Deleted by API"],
    ]);
  });

  it("industries, the featured order, site content, settings and messages", async () => {
    // Industries: the screen and the API.
    const added = await call(
      industriesScreen.action,
      postForm("/dashboard/case-studies/industries", { intent: "add", name: "Aerospace" }, me.cookie),
    );
    expect(added.status).toBe(302);
    const aerospace = (await IndustryModel.findOne({ name: "Aerospace" }).lean())!._id.toString();
    await call(
      industriesScreen.action,
      postForm("/dashboard/case-studies/industries", { intent: "rename", id: aerospace, name: "Space" }, me.cookie),
    );
    await call(
      industriesScreen.action,
      postForm("/dashboard/case-studies/industries", { intent: "move", id: aerospace, direction: "up" }, me.cookie),
    );
    const patched = await call(industryApi.action, byApi(`/api/industries/${aerospace}`, "PATCH", { name: "Orbit", position: 1 }), {
      id: aerospace,
    });
    expect(patched.status).toBe(200);
    await call(industryApi.action, byApi(`/api/industries/${aerospace}`, "DELETE"), { id: aerospace });
    expect((await call(industriesApi.action, byApi("/api/industries", "POST", { name: "Maritime" }))).status).toBe(201);
    const industries = (await recorded()).map(([, label, details]) => [label, details]);
    expect(industries).toEqual([
      ["Aerospace", { change: "added" }],
      ["Space", { change: "renamed", from: "Aerospace" }],
      ["Space", { change: "moved", position: expect.any(Number) }],
      ["Orbit", { change: "renamed", from: "Space" }],
      ["Orbit", { change: "moved", position: 1 }],
      ["Orbit", { change: "removed" }],
      ["Maritime", { change: "added" }],
    ]);

    // The featured order.
    const featured = await Promise.all(
      ["First featured", "Second featured"].map(async (title, index) =>
        (await CaseStudyModel.create({ ...storedStudy, title, featured: true, featured_order: index + 1 }))._id.toString(),
      ),
    );
    const moved = await call(
      featuredScreen.action,
      postForm("/dashboard/case-studies/featured", { id: featured[1]!, direction: "up" }, me.cookie),
    );
    expect(moved.status).toBe(302);
    expect(await recorded()).toEqual([["featured.changed", "Second featured", { direction: "up", position: 1 }]]);

    // Site content: a draft and a publish in the dashboard, a restore and a discard through the API.
    const steps = {
      "steps[0].title": "Listen",
      "steps[0].description": "We hear you.",
      "steps[1].title": "Ship",
      "steps[1].description": "We ship.",
    };
    const content = (fields: Record<string, string>) =>
      call(contentEditor.action, postForm("/dashboard/content/process", fields, me.cookie), { part: "process" });
    expect((await content({ ...steps, intent: "draft" })).status).toBe(302);
    expect((await content({ ...steps, intent: "publish" })).status).toBe(302);
    const versions = await listVersions(contentSubject("process"));
    const n = versions.items.at(-1)!.n;
    const restoredContent = await call(
      contentRestoreApi.action,
      byApi(`/api/content/process/versions/${n}/restore`, "POST", { publish: false }),
      { part: "process", n: String(n) },
    );
    expect(restoredContent.status).toBe(200);
    expect((await call(contentDraftApi.action, byApi("/api/content/process/draft", "DELETE"), { part: "process" })).status).toBe(200);
    // A second discard finds no draft: nothing happened, nothing is recorded.
    expect((await call(contentDraftApi.action, byApi("/api/content/process/draft", "DELETE"), { part: "process" })).status).toBe(200);
    const published = (await getContentPart("process")).published;
    expect(
      (await call(contentApi.action, byApi("/api/content/process", "PUT", { content: published, publish: true }), { part: "process" }))
        .status,
    ).toBe(200);
    expect((await recorded()).map(([action, label]) => [action, label])).toEqual([
      ["content.saved", "Process steps"],
      ["content.published", "Process steps"],
      ["content.restored", "Process steps"],
      ["content.discarded", "Process steps"],
      ["content.published", "Process steps"],
    ]);

    // Settings: a save and a restore.
    const settingsFields = { whatsappNumber: "1-212-555-0147", contactEmail: "team@studio.test" };
    expect((await call(settingsScreen.action, postForm("/dashboard/settings", settingsFields, me.cookie))).status).toBe(302);
    const restoredSettings = await call(settingsVersion.action, postForm("/dashboard/settings/history/1", {}, me.cookie), { n: "1" });
    expect(restoredSettings.status).toBe(302);
    expect(await recorded()).toEqual([
      ["settings.updated", "Contact settings", { changed: ["whatsappNumber", "contactEmail"] }],
      ["settings.restored", "Contact settings", { restored_from: 1 }],
    ]);

    // A message deleted from the inbox.
    const message = await createContactMessage({ name: "Visitor Vee", email: "vee@example.com", message: "Hello" }, ports.mail);
    const deleted = await call(deleteMessage.action, postForm(`/dashboard/messages/${message.id}/delete`, {}, me.cookie), {
      id: message.id,
    });
    expect(deleted.status).toBe(302);
    expect(await recorded()).toEqual([["message.deleted", "Message from Visitor Vee", {}]]);
  });

  it("never fails the change it describes: a failed write of the log is logged, and the request succeeds", async () => {
    const failing = vi.spyOn(AuditEventModel, "create").mockRejectedValue(new Error("disk full"));
    const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const saved = await call(
        settingsScreen.action,
        postForm("/dashboard/settings", { whatsappNumber: "1-212-555-0148", contactEmail: "team@studio.test" }, me.cookie),
      );
      expect(saved.status).toBe(302);
      expect(saved.headers.get("Location")).toBe("/dashboard/settings");
      expect(quiet).toHaveBeenCalledWith("The audit log could not record settings.updated: disk full");
    } finally {
      failing.mockRestore();
      quiet.mockRestore();
    }
    expect((await getSiteSettings()).whatsappNumber).toContain("0148");
  });
});

describe("admin:create and admin:password from the command line", () => {
  it("admin:create records the admin added, with no admin, from the server", async () => {
    const email = `cli-made-${Date.now()}@studio.test`;
    const env = { MONGODB_URI: process.env.MONGODB_URI, UPLOAD_DIR: process.env.UPLOAD_DIR };
    const tsx = path.join(root, "node_modules", ".bin", "tsx");
    const made = run(tsx, ["scripts/admin-create.ts", "--name", "Cli Made", "--email", email, "--password", "cli-password-1"], env);
    expect(await made.exited, made.output()).toBe(0);
    const [entry] = (await listAuditEvents({ action: "admin.created" }, { perPage: 5 })).items;
    expect(entry).toMatchObject({
      actor: { id: null },
      address: "server",
      target: { type: "admin", label: `Cli Made <${email}>` },
      details: { door: "command line" },
    });
  });

  it("admin:password records the new password with no admin, from the server; --two-factor-off removes the second factor and records that", async () => {
    const { admin } = await signedInAdmin(`locked-out-${Date.now()}@studio.test`, "Lou Lockedout");
    await AdminModel.updateOne({ _id: admin.id }, { $set: { two_factor: { secret: "sealed", recovery: {} } } });
    const env = { MONGODB_URI: process.env.MONGODB_URI, UPLOAD_DIR: process.env.UPLOAD_DIR };
    const tsx = path.join(root, "node_modules", ".bin", "tsx");
    const changed = run(tsx, ["scripts/admin-password.ts", "--email", admin.email, "--two-factor-off"], env);
    expect(await changed.exited, changed.output()).toBe(0);
    expect(changed.output()).toContain("their other sessions were ended; two-factor sign-in is off");
    expect((await AdminModel.findById(admin.id).lean())?.two_factor?.secret).toBeFalsy();
    const { items } = await listAuditEvents({}, { perPage: 10 });
    const target = { type: "admin", id: admin.id, label: `Lou Lockedout <${admin.email}>` };
    expect(items.map(({ action, actor, address, target, details }) => ({ action, actor, address, target, details }))).toEqual(
      ["two-factor.disabled", "password.reset"].map((action) => ({
        action,
        actor: { id: null, name: "" },
        address: "server",
        target,
        details: { door: "command line" },
      })),
    );
  });
});

describe("exports and imports from the command line", () => {
  it("are recorded with no admin, from the server, with the file and its counts", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "audit-export-"));
    const file = path.join(dir, "studio.tar.gz");
    const env = { MONGODB_URI: process.env.MONGODB_URI, UPLOAD_DIR: process.env.UPLOAD_DIR };
    const tsx = path.join(root, "node_modules", ".bin", "tsx");
    const exported = run(tsx, ["scripts/export.ts", file], env);
    expect(await exported.exited, exported.output()).toBe(0);
    const [entry] = (await listAuditEvents({ action: "data.exported" }, { perPage: 1 })).items;
    expect(entry).toMatchObject({
      actor: { id: null },
      address: "server",
      details: { file: "studio.tar.gz", documents: expect.any(Number), collections: expect.any(Number), images: expect.any(Number) },
    });

    const imported = run(tsx, ["scripts/import.ts", file, "--replace"], env);
    expect(await imported.exited, imported.output()).toBe(0);
    // Replacing the data replaced the log with the archive's (written before the export's own entry), then the import was recorded.
    const { items } = await listAuditEvents({}, { perPage: 10 });
    expect(items.map((event) => event.action)).toEqual(["data.imported"]);
    expect(items[0]).toMatchObject({
      address: "server",
      details: { file: "studio.tar.gz", documents: (entry!.details as { documents: number }).documents },
    });
    rmSync(dir, { recursive: true, force: true });
  });
});
