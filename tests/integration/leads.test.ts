import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { listAuditEvents } from "~/domain/audit-log.server";
import {
  changeLead,
  createContactMessage,
  getContactMessage,
  medianFirstResponseMs,
  waitingLeads,
  type ContactMessage,
} from "~/domain/contact-messages.server";
import { getLeadWaitHours } from "~/domain/settings.server";
import { AdminModel } from "~/models/admin.server";
import { SettingModel } from "~/models/setting.server";
import * as auditLog from "~/routes/dashboard.audit-log";
import * as overview from "~/routes/dashboard._index";
import * as settingsRoute from "~/routes/dashboard.settings";
import { messages } from "~/domain/messages";
import { ContactMessageModel } from "~/models/contact-message.server";
import { LeadNoteModel } from "~/models/lead-note.server";
import * as inbox from "~/routes/dashboard.messages";
import * as leadPage from "~/routes/dashboard.messages_.$id._index";
import { requestOrigin } from "~/server/client-address.server";
import { connectDb } from "~/server/db.server";
import { url } from "../support/factories";
import { call, get, postForm } from "../support/remix";
import { signedInAdmin } from "../support/session";

type Admin = { id: string; name: string; email: string };
let me: { admin: Admin; cookie: string };
let other: { admin: Admin; cookie: string };

const noMail = { newMessage: async () => {}, enabled: () => false, send: async () => false };

beforeAll(async () => {
  await connectDb();
  me = await signedInAdmin("me@example.com", "Me Admin");
  other = await signedInAdmin("other@example.com", "Other Admin");
});

beforeEach(async () => {
  await ContactMessageModel.deleteMany({});
  await LeadNoteModel.deleteMany({});
});

const lead = (name: string, message = `Hello from ${name}`) =>
  createContactMessage({ name, email: `${name.toLowerCase()}@example.com`, message }, noMail);

type InboxData = { inbox: { items: ContactMessage[]; total: number }; counts: Record<string, number> };
async function listed(query = "", cookie = me.cookie) {
  const result = await call(inbox.loader, get(`/dashboard/messages${query}`, cookie));
  expect(result.status).toBe(200);
  const body = result.data as InboxData;
  return { names: body.inbox.items.map((item) => item.name), counts: body.counts };
}

function postBulk(fields: [string, string][], cookie = me.cookie, query = "") {
  return new Request(url(`/dashboard/messages${query}`), {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    body: new URLSearchParams([["intent", "bulk"], ...fields]).toString(),
  });
}

const origin = (admin: Admin) => requestOrigin(get("/dashboard/messages"), admin, "form");

describe("a lead", () => {
  it("is new with no owner when written; one stored before leads had a status reads, and is found, as new", async () => {
    const fresh = await lead("Fresh");
    expect(fresh).toMatchObject({ status: "new", owner_id: null, first_response_at: null, read: false });
    const { insertedId } = await ContactMessageModel.collection.insertOne({
      name: "Old",
      email: "old@example.com",
      message: "From before",
      read: false,
      created_at: new Date(),
      updated_at: new Date(),
    });
    expect(await getContactMessage(insertedId.toString())).toMatchObject({ status: "new", owner_id: null });
    const { names, counts } = await listed("?tab=new");
    expect(names.sort()).toEqual(["Fresh", "Old"]);
    expect(counts.new).toBe(2);

    // And it can leave "new" like any other.
    const moved = await changeLead(insertedId.toString(), { status: "won" }, origin(me.admin));
    expect(moved.ok && moved.value.status).toBe("won");
    expect((await listed("?tab=won")).names).toEqual(["Old"]);
  });

  it("records first_response_at on the first move out of new by a person, once", async () => {
    const one = await lead("Ada");
    const first = await changeLead(one.id, { status: "contacted" }, origin(me.admin));
    expect(first.ok).toBe(true);
    const at = first.ok ? first.value.first_response_at : null;
    expect(at).toEqual(expect.any(String));
    await changeLead(one.id, { status: "new" }, origin(me.admin));
    const again = await changeLead(one.id, { status: "qualified" }, origin(other.admin));
    expect(again.ok && again.value.first_response_at).toBe(at);
    const doc = await ContactMessageModel.findById(one.id).lean();
    expect(doc?.status_changes?.map((change) => [change.status, change.by_name])).toEqual([
      ["contacted", "Me Admin"],
      ["new", "Me Admin"],
      ["qualified", "Other Admin"],
    ]);
  });

  it("keeps every change when two admins change it at once", async () => {
    const one = await lead("Busy");
    const statuses = ["contacted", "qualified", "proposal", "won", "lost", "spam"] as const;
    await Promise.all(statuses.map((status, i) => changeLead(one.id, { status }, origin(i % 2 ? other.admin : me.admin))));
    const doc = await ContactMessageModel.findById(one.id).lean();
    expect(doc?.status_changes).toHaveLength(statuses.length);
    expect(doc?.revision).toBe(statuses.length);
    expect(doc?.status).toBe(doc?.status_changes?.at(-1)?.status);
  });

  it("refuses an owner who is not an admin, and an unknown lead", async () => {
    const one = await lead("Grace");
    expect(await changeLead(one.id, { owner: "64b7f0000000000000000000" }, origin(me.admin))).toEqual({
      ok: false,
      reason: "unknown-owner",
    });
    expect(await changeLead("64b7f0000000000000000000", { status: "won" }, origin(me.admin))).toEqual({ ok: false, reason: "not-found" });
  });
});

describe("the inbox", () => {
  it("has tabs by status with counts, newest first, every lead but spam under All", async () => {
    const [a, b, c, d, e] = [await lead("A"), await lead("B"), await lead("C"), await lead("D"), await lead("E")];
    await changeLead(b.id, { status: "contacted" }, origin(me.admin));
    await changeLead(c.id, { status: "proposal" }, origin(me.admin));
    await changeLead(d.id, { status: "won" }, origin(me.admin));
    await changeLead(e.id, { status: "spam" }, origin(me.admin));
    const all = await listed();
    expect(all.names).toEqual(["D", "C", "B", "A"]);
    expect(all.counts).toEqual({ all: 4, new: 1, open: 2, won: 1, lost: 0, spam: 1 });
    expect((await listed("?tab=open")).names).toEqual(["C", "B"]);
    expect((await listed("?tab=spam")).names).toEqual(["E"]);
    expect((await listed("?tab=new")).names).toEqual([a.name]);
  });

  it("filters by owner: mine, nobody, anyone", async () => {
    const [mine, theirs] = [await lead("Mine"), await lead("Theirs"), await lead("Nobodys")];
    await changeLead(mine.id, { owner: me.admin.id }, origin(me.admin));
    await changeLead(theirs.id, { owner: other.admin.id }, origin(me.admin));
    expect((await listed("?owner=mine")).names).toEqual(["Mine"]);
    expect((await listed("?owner=mine", other.cookie)).names).toEqual(["Theirs"]);
    expect((await listed("?owner=nobody")).names).toEqual(["Nobodys"]);
    expect((await listed("?owner=anyone")).names).toEqual(["Nobodys", "Theirs", "Mine"]);
    expect((await listed("?owner=mine")).counts).toMatchObject({ all: 1, new: 1 });
  });

  it("searches name, email and message, case-insensitive, taking the words literally", async () => {
    await lead("Ada", "Need a website (urgent)");
    await lead("Grace", "An app, please");
    await lead("Linus", "Video for a launch");
    expect((await listed("?q=WEBSITE")).names).toEqual(["Ada"]);
    expect((await listed("?q=grace%40example")).names).toEqual(["Grace"]);
    expect((await listed("?q=linus")).names).toEqual(["Linus"]);
    expect((await listed("?q=(urgent)")).names).toEqual(["Ada"]);
    expect((await listed("?q=.*")).names).toEqual([]);
    expect((await listed("?q=a")).counts.all).toBe(3);
  });

  it("keeps a date range, both days included (UTC)", async () => {
    const [early, middle, late] = [await lead("Early"), await lead("Middle"), await lead("Late")];
    const set = (id: string, day: string) =>
      ContactMessageModel.collection.updateOne(
        { _id: new ContactMessageModel.base.Types.ObjectId(id) },
        { $set: { created_at: new Date(day) } },
      );
    await set(early.id, "2026-03-01T10:00:00Z");
    await set(middle.id, "2026-03-05T23:59:00Z");
    await set(late.id, "2026-03-09T00:00:00Z");
    expect((await listed("?from=2026-03-02&to=2026-03-05")).names).toEqual(["Middle"]);
    expect((await listed("?from=2026-03-05")).names).toEqual(["Late", "Middle"]);
    expect((await listed("?to=2026-03-01")).names).toEqual(["Early"]);
    expect((await listed("?from=not-a-day")).names).toHaveLength(3);
  });

  it("pages the filtered list and keeps the filters in the page links", async () => {
    for (let i = 0; i < 22; i++) await lead(`P${i}`);
    const result = await call(inbox.loader, get("/dashboard/messages?tab=new&page=2", me.cookie));
    const body = result.data as InboxData & { inbox: { page: number; pageCount: number } };
    expect(body.inbox).toMatchObject({ page: 2, pageCount: 2, total: 22 });
    expect(body.inbox.items.map((item) => item.name)).toEqual(["P1", "P0"]);
  });

  it("changes the status or owner of several at once, audited one by one, and back to the same filtered page", async () => {
    const [a, b, c] = [await lead("A"), await lead("B"), await lead("C")];
    const moved = await call(
      inbox.action,
      postBulk(
        [
          ["ids", a.id],
          ["ids", b.id],
          ["status", "contacted"],
          ["owner", me.admin.id],
        ],
        me.cookie,
        "?tab=new",
      ),
    );
    expect(moved.status).toBe(302);
    expect(moved.headers.get("Location")).toBe("/dashboard/messages?tab=new");
    expect((await listed("?tab=open&owner=mine")).names).toEqual(["B", "A"]);
    expect((await getContactMessage(c.id))?.status).toBe("new");
    const entries = (await listAuditEvents({}, { perPage: 50 })).items.filter((entry) => [a.id, b.id].includes(entry.target?.id ?? ""));
    expect(entries.filter((entry) => entry.action === "lead.status-changed")).toHaveLength(2);
    expect(entries.filter((entry) => entry.action === "lead.owner-changed")).toHaveLength(2);

    const nobody = await call(
      inbox.action,
      postBulk([
        ["ids", a.id],
        ["owner", "none"],
      ]),
    );
    expect(nobody.status).toBe(302);
    expect((await getContactMessage(a.id))?.owner_id).toBeNull();

    // Nothing selected, nothing to change, an unknown owner: nothing changes.
    for (const fields of [
      [["status", "won"]],
      [["ids", c.id]],
      [
        ["ids", c.id],
        ["owner", "64b7f0000000000000000000"],
      ],
    ] as [string, string][][]) {
      expect((await call(inbox.action, postBulk(fields))).status).toBe(302);
    }
    expect(await getContactMessage(c.id)).toMatchObject({ status: "new", owner_id: null });
  });

  it("is guarded", async () => {
    expect((await call(inbox.loader, get("/dashboard/messages"))).status).toBe(302);
    expect((await call(inbox.action, postBulk([["status", "won"]], ""))).status).toBe(302);
  });
});

describe("the lead page", () => {
  it("shows the lead and marks it read; an unknown id is a 404", async () => {
    const one = await lead("Ada");
    const page = await call(leadPage.loader, get(`/dashboard/messages/${one.id}`, me.cookie), { id: one.id });
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ lead: { name: "Ada", status: "new", owner: null, history: [] }, me: me.admin.id });
    expect((await getContactMessage(one.id))?.read).toBe(true);
    for (const id of ["64b7f0000000000000000000", "nope"]) {
      expect((await call(leadPage.loader, get(`/dashboard/messages/${id}`, me.cookie), { id })).status).toBe(404);
      expect((await call(leadPage.action, postForm(`/dashboard/messages/${id}`, { status: "won" }, me.cookie), { id })).status).toBe(404);
      expect(
        (await call(leadPage.action, postForm(`/dashboard/messages/${id}`, { intent: "note", text: "Hi" }, me.cookie), { id })).status,
      ).toBe(404);
    }
    expect((await call(leadPage.loader, get(`/dashboard/messages/${one.id}`), { id: one.id })).status).toBe(302);
  });

  it("assigns, moves and notes, with the history in time order and each step in the audit log", async () => {
    const one = await lead("Grace");
    const path = `/dashboard/messages/${one.id}`;
    const saved = await call(leadPage.action, postForm(path, { status: "contacted", owner: me.admin.id }, me.cookie), { id: one.id });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe(path);
    const noted = await call(leadPage.action, postForm(path, { intent: "note", text: "  Called, sending a quote  " }, me.cookie), {
      id: one.id,
    });
    expect(noted.status).toBe(302);
    await call(leadPage.action, postForm(path, { status: "proposal", owner: me.admin.id }, other.cookie), { id: one.id });

    const page = await call(leadPage.loader, get(path, me.cookie), { id: one.id });
    const { lead: shown } = page.data as { lead: { status: string; owner: Admin | null; first_response_at: string; history: object[] } };
    expect(shown.status).toBe("proposal");
    expect(shown.owner).toEqual({ id: me.admin.id, name: "Me Admin" });
    expect(shown.first_response_at).toEqual(expect.any(String));
    expect(shown.history).toEqual([
      { kind: "status", at: expect.any(String), status: "contacted", by: "Me Admin" },
      { kind: "owner", at: expect.any(String), from: null, to: "Me Admin", by: "Me Admin" },
      { kind: "note", at: expect.any(String), id: expect.any(String), text: "Called, sending a quote", by: "Me Admin" },
      { kind: "status", at: expect.any(String), status: "proposal", by: "Other Admin" },
    ]);

    const log = (await listAuditEvents({}, { perPage: 50 })).items.filter((entry) => entry.target?.id === one.id);
    expect(log.map((entry) => [entry.action, entry.actor.name, entry.details]).reverse()).toEqual([
      ["lead.status-changed", "Me Admin <me@example.com>", { from: "new", to: "contacted" }],
      ["lead.owner-changed", "Me Admin <me@example.com>", { from: null, to: "Me Admin <me@example.com>" }],
      ["lead.note-added", "Me Admin <me@example.com>", { note: expect.any(String) }],
      ["lead.status-changed", "Other Admin <other@example.com>", { from: "contacted", to: "proposal" }],
    ]);
  });

  it("refuses an empty or too long note, keeping what was typed", async () => {
    const one = await lead("Linus");
    const path = `/dashboard/messages/${one.id}`;
    const empty = await call(leadPage.action, postForm(path, { intent: "note", text: "   " }, me.cookie), { id: one.id });
    expect(empty.status).toBe(422);
    expect(empty.data).toEqual({ errors: { text: [messages.leadNoteRequired] }, values: { text: "" } });
    const long = await call(leadPage.action, postForm(path, { intent: "note", text: "x".repeat(5_001) }, me.cookie), { id: one.id });
    expect(long.status).toBe(422);
    expect(await LeadNoteModel.countDocuments({})).toBe(0);
  });

  it("deleting a lead deletes its notes", async () => {
    const one = await lead("Gone");
    await call(leadPage.action, postForm(`/dashboard/messages/${one.id}`, { intent: "note", text: "Hi" }, me.cookie), { id: one.id });
    expect(await LeadNoteModel.countDocuments({})).toBe(1);
    const { deleteMessage } = await import("~/domain/contact-messages.server");
    await deleteMessage(one.id, origin(me.admin));
    expect(await LeadNoteModel.countDocuments({})).toBe(0);
  });
});

describe("a lead's history", () => {
  it("keeps each owner change, who made it, from whom to whom, and names an admin since removed", async () => {
    const one = await lead("Owned");
    const leaving = await signedInAdmin("leaving@example.com", "Leaving Admin");
    await changeLead(one.id, { owner: leaving.admin.id }, origin(me.admin));
    await changeLead(one.id, { owner: other.admin.id }, origin(other.admin));
    await changeLead(one.id, { owner: leaving.admin.id }, origin(me.admin));
    await AdminModel.deleteOne({ _id: leaving.admin.id });
    await changeLead(one.id, { owner: null }, origin(me.admin));
    await changeLead(one.id, { owner: null }, origin(me.admin));

    const page = await call(leadPage.loader, get(`/dashboard/messages/${one.id}`, me.cookie), { id: one.id });
    const { history } = (page.data as { lead: { history: { kind: string }[] } }).lead;
    expect(history.map((entry) => ({ ...entry, at: undefined }))).toEqual([
      { kind: "owner", at: undefined, from: null, to: "Leaving Admin", by: "Me Admin" },
      { kind: "owner", at: undefined, from: "Leaving Admin", to: "Other Admin", by: "Other Admin" },
      { kind: "owner", at: undefined, from: "Other Admin", to: "Leaving Admin", by: "Me Admin" },
      // Removed since: named as the history last named them.
      { kind: "owner", at: undefined, from: "Leaving Admin", to: null, by: "Me Admin" },
    ]);
    const doc = await ContactMessageModel.findById(one.id).lean();
    expect(doc?.revision).toBe(4);
  });

  it("reads a lead stored before owner changes were kept", async () => {
    const { insertedId } = await ContactMessageModel.collection.insertOne({
      name: "Older",
      email: "older@example.com",
      message: "Hi",
      read: false,
      status: "contacted",
      owner_id: null,
      status_changes: [{ status: "contacted", at: new Date("2026-01-02T00:00:00Z"), by_id: null, by_name: "Someone" }],
      created_at: new Date("2026-01-01T00:00:00Z"),
      updated_at: new Date("2026-01-01T00:00:00Z"),
    });
    const id = insertedId.toString();
    const page = await call(leadPage.loader, get(`/dashboard/messages/${id}`, me.cookie), { id });
    expect((page.data as { lead: { history: object[] } }).lead.history).toEqual([
      { kind: "status", at: "2026-01-02T00:00:00.000Z", status: "contacted", by: "Someone" },
    ]);
    await changeLead(id, { owner: me.admin.id }, origin(me.admin));
    expect((await ContactMessageModel.findById(id).lean())?.owner_changes).toHaveLength(1);
  });
});

describe("speed to lead", () => {
  const HOUR = 3_600_000;
  const backdate = (id: string, created: Date, firstResponse: Date | null = null) =>
    ContactMessageModel.collection.updateOne(
      { _id: new ContactMessageModel.base.Types.ObjectId(id) },
      { $set: { created_at: created, first_response_at: firstResponse } },
    );

  beforeEach(async () => {
    await SettingModel.deleteMany({ key: "leadWaitHours" });
  });

  it("marks on the inbox the leads new for longer than the setting, 24 hours unless changed", async () => {
    const [old, fresh, handled] = [await lead("Old"), await lead("Fresh"), await lead("Handled")];
    await backdate(old.id, new Date(Date.now() - 30 * HOUR));
    await backdate(fresh.id, new Date(Date.now() - 2 * HOUR));
    await changeLead(handled.id, { status: "contacted" }, origin(me.admin));
    await backdate(handled.id, new Date(Date.now() - 50 * HOUR));
    expect(await getLeadWaitHours()).toBe(24);
    const waiting = async () => ((await call(inbox.loader, get("/dashboard/messages", me.cookie))).data as { waiting: object }).waiting;
    expect(await waiting()).toEqual({ [old.id]: messages.leadWaiting("30 h") });

    await SettingModel.updateOne({ key: "leadWaitHours" }, { $set: { value: "1" } }, { upsert: true });
    expect(await waiting()).toEqual({ [old.id]: messages.leadWaiting("30 h"), [fresh.id]: messages.leadWaiting("2 h") });
  });

  it("the setting takes whole hours from 1 to 720, and keeps what was typed when refused", async () => {
    const fields = { whatsappNumber: "12125550147", contactEmail: "team@studio.test" };
    for (const typed of ["0", "721", "2.5", "soon"]) {
      const refused = await call(settingsRoute.action, postForm("/dashboard/settings", { ...fields, leadWaitHours: typed }, me.cookie));
      expect(refused.status, typed).toBe(422);
      expect(JSON.stringify(refused.data)).toContain(messages.leadWaitHoursInvalid(1, 720));
      expect(JSON.stringify(refused.data)).toContain(`"leadWaitHours":"${typed}"`);
    }
    expect(await getLeadWaitHours()).toBe(24);
    expect((await call(settingsRoute.action, postForm("/dashboard/settings", { ...fields, leadWaitHours: "48" }, me.cookie))).status).toBe(
      302,
    );
    expect(await getLeadWaitHours()).toBe(48);
    expect((await call(settingsRoute.loader, get("/dashboard/settings", me.cookie))).data).toMatchObject({ leadWaitHours: 48 });
    // A client that does not send it keeps it.
    expect((await call(settingsRoute.action, postForm("/dashboard/settings", fields, me.cookie))).status).toBe(302);
    expect(await getLeadWaitHours()).toBe(48);
  });

  it("counts the waiting leads and the oldest's age, and the median first response over 30 days (fixed dates)", async () => {
    const now = new Date("2026-06-30T12:00:00Z");
    const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR);
    const made = await Promise.all(["W1", "W2", "Recent", "R1", "R2", "R3", "R4", "TooOld", "Spammy"].map((name) => lead(name)));
    const byName = Object.fromEntries(made.map((one) => [one.name, one.id]));
    await backdate(byName.W1!, at(100));
    await backdate(byName.W2!, at(30));
    await backdate(byName.Recent!, at(5));
    // Answered after 1 h, 2 h, 4 h and 10 h: the median is 3 h.
    await backdate(byName.R1!, at(200), at(199));
    await backdate(byName.R2!, at(100), at(98));
    await backdate(byName.R3!, at(50), at(46));
    await backdate(byName.R4!, at(20), at(10));
    // Created more than 30 days ago: not counted.
    await backdate(byName.TooOld!, at(31 * 24), at(31 * 24 - 100));
    await ContactMessageModel.updateMany(
      { _id: { $in: ["R1", "R2", "R3", "R4", "TooOld", "Spammy"].map((name) => byName[name]!) } },
      { $set: { status: "contacted" } },
    );
    expect(await waitingLeads(now, 24)).toEqual({ count: 2, oldest: at(100).toISOString() });
    expect(await waitingLeads(now, 200)).toEqual({ count: 0, oldest: null });
    expect(await medianFirstResponseMs(now)).toBe(3 * HOUR);
    await backdate(byName.R4!, at(20), null);
    expect(await medianFirstResponseMs(now)).toBe(2 * HOUR);
    expect(await medianFirstResponseMs(new Date("2027-06-30T12:00:00Z"))).toBeNull();
  });

  it("the overview shows how many wait and the oldest's age, and the median first response, or that there is none", async () => {
    const empty = (await call(overview.loader, get("/dashboard", me.cookie))).data as { leads: object };
    // The overview's lead figures also carry the unread count and the pipeline, for those who read leads.
    expect(empty.leads).toMatchObject({
      waitHours: 24,
      waiting: 0,
      oldest: null,
      medianFirstResponse: messages.medianFirstResponseNone,
    });
    const [old, answered] = [await lead("Old"), await lead("Answered")];
    await backdate(old.id, new Date(Date.now() - 50 * HOUR));
    await ContactMessageModel.updateOne({ _id: answered.id }, { $set: { status: "contacted" } });
    await backdate(answered.id, new Date(Date.now() - 10 * HOUR), new Date(Date.now() - 10 * HOUR + 90 * 60_000));
    const shown = (await call(overview.loader, get("/dashboard", me.cookie))).data as { leads: object };
    expect(shown.leads).toMatchObject({ waitHours: 24, waiting: 1, oldest: "2 days 2 h", medianFirstResponse: "1 h 30 min" });
  });
});

describe("the audit log", () => {
  it("links a lead's entries to its page while the lead exists", async () => {
    const one = await lead("Audited");
    await changeLead(one.id, { status: "contacted" }, origin(me.admin));
    type Log = { log: { items: { action: string; target: { href: string | null } | null }[] } };
    const hrefs = async () =>
      ((await call(auditLog.loader, get("/dashboard/audit-log?action=lead.status-changed", me.cookie))).data as Log).log.items
        .slice(0, 1)
        .map((item) => item.target?.href);
    expect(await hrefs()).toEqual([`/dashboard/messages/${one.id}`]);
    await ContactMessageModel.deleteOne({ _id: one.id });
    expect(await hrefs()).toEqual([null]);
  });
});
