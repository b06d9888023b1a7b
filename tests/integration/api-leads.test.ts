import { Types } from "mongoose";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { issueToken } from "~/domain/access.server";
import { listAuditEvents } from "~/domain/audit-log.server";
import { createContactMessage, leadRecordBatches, type ContactMessage } from "~/domain/contact-messages.server";
import type { LeadJson, LeadNoteJson } from "~/domain/lead-json";
import { LEAD_CSV_COLUMNS } from "~/domain/lead-csv";
import { messages } from "~/domain/messages";
import { ContactMessageModel } from "~/models/contact-message.server";
import { LeadNoteModel } from "~/models/lead-note.server";
import { LeadReplyModel } from "~/models/lead-reply.server";
import { MailOutboxModel } from "~/models/mail-outbox.server";
import * as leads from "~/routes/api.leads";
import * as one from "~/routes/api.leads.$id";
import * as notes from "~/routes/api.leads.$id.notes";
import * as leadsCsv from "~/routes/api.leads[.]csv";
import * as inboxExport from "~/routes/dashboard_.messages.export";
import * as csrfCookie from "~/routes/sanctum.csrf-cookie";
import { connectDb } from "~/server/db.server";
import { outboxIdle } from "~/server/mail-outbox.server";
import { useSmtpSink } from "../support/mail-hooks";
import { apiRequest, type ApiRequestInit } from "../support/factories";
import { call, cookiesFrom, get } from "../support/remix";
import { signedInAdmin } from "../support/session";

type Admin = { id: string; name: string; email: string };
let me: { admin: Admin; cookie: string };
let other: { admin: Admin; cookie: string };
let token: string;

const noMail = { newMessage: async () => {}, enabled: () => false, send: async () => false };
const UNKNOWN_ID = "64b7f0000000000000000000";
// Mail on, so a lead moved out of spam can be seen mailed (through the outbox, to this sink).
useSmtpSink();

beforeAll(async () => {
  await connectDb();
  me = await signedInAdmin("leads-api@studio.test", "Leads Api");
  other = await signedInAdmin("leads-other@studio.test", "Other Admin");
  token = (await issueToken(me.admin.id)).token;
});

beforeEach(async () => {
  await ContactMessageModel.deleteMany({});
  await LeadNoteModel.deleteMany({});
  await LeadReplyModel.deleteMany({});
  await MailOutboxModel.deleteMany({});
});

/** A lead as the contact form writes it, received at `at` when given. */
async function lead(name: string, extra: { message?: string; at?: string } = {}): Promise<ContactMessage> {
  const message = extra.message ?? `Hello from ${name}`;
  const created = await createContactMessage({ name, email: `${name.toLowerCase()}@example.com`, message }, noMail);
  // Straight to the collection: mongoose keeps created_at immutable.
  if (extra.at)
    await ContactMessageModel.collection.updateOne({ _id: new Types.ObjectId(created.id) }, { $set: { created_at: new Date(extra.at) } });
  return created;
}

const req = (path: string, init: ApiRequestInit = {}) => apiRequest(path, { token: init.cookie ? undefined : token, ...init });
const list = async (query = "", init: ApiRequestInit = {}) => {
  const result = await call(leads.loader, req(`/api/leads${query}`, init));
  return { ...result, leads: (result.data as { data?: LeadJson[] }).data ?? [] };
};
const patch = (id: string, json: unknown, init: ApiRequestInit = {}) =>
  call(one.action, req(`/api/leads/${id}`, { method: "PATCH", json, ...init }), { id });
const csv = (query = "", init: ApiRequestInit = {}) => call(leadsCsv.loader, req(`/api/leads.csv${query}`, init));

/** The rows of a CSV text (RFC 4180: quoted cells may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      row.push(cell);
      cell = "";
    } else if (char === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += char;
  }
  return rows;
}

async function xsrf() {
  const result = await call(csrfCookie.loader, apiRequest("/sanctum/csrf-cookie"));
  const line = result.headers.getSetCookie().find((cookie) => cookie.startsWith("XSRF-TOKEN="))!;
  return { cookie: cookiesFrom(result.headers, me.cookie), value: decodeURIComponent(line.split(";")[0]!.slice("XSRF-TOKEN=".length)) };
}

/** A lead's owner as the API shows it: who, not their role. */
const ownerOf = ({ id, name, email }: { id: string; name: string; email: string }) => ({ id, name, email });

describe("GET /api/leads", () => {
  it("lists every lead but spam, newest first, in the documented shape with X-Total-Count", async () => {
    const ada = await lead("Ada", { at: "2026-11-01T10:00:00Z" });
    await lead("Bob", { at: "2026-11-02T10:00:00Z" });
    const spam = await lead("Spammy", { at: "2026-11-03T10:00:00Z" });
    await patch(spam.id, { status: "spam" });
    const result = await list();
    expect(result.status).toBe(200);
    expect(result.headers.get("X-Total-Count")).toBe("2");
    expect(result.headers.get("Cache-Control")).toBe("no-store");
    expect(result.leads.map((entry) => entry.name)).toEqual(["Bob", "Ada"]);
    expect(result.leads[1]).toEqual({
      id: ada.id,
      name: "Ada",
      email: "ada@example.com",
      message: "Hello from Ada",
      status: "new",
      owner: null,
      notes: [],
      replies: [],
      source: {
        landing_page: null,
        referrer: null,
        utm: { source: null, medium: null, campaign: null, term: null, content: null },
        pages: [],
        service: null,
        case_study: null,
      },
      fields: {},
      spam_reason: null,
      first_response_at: null,
      created_at: "2026-11-01T10:00:00.000Z",
      updated_at: expect.any(String),
      read: false,
    });
    expect((await list("?status=spam")).leads.map((entry) => entry.name)).toEqual(["Spammy"]);
  });

  it("filters by status, owner (an id, me, none), words and days, and pages", async () => {
    const ada = await lead("Ada", { at: "2026-11-01T10:00:00Z", message: "A new shop, please" });
    const bob = await lead("Bob", { at: "2026-11-02T23:59:00Z" });
    await lead("Cy", { at: "2026-11-03T00:00:00Z" });
    await patch(ada.id, { status: "won", owner_id: me.admin.id });
    await patch(bob.id, { owner_id: other.admin.id });
    const names = async (query: string) => (await list(query)).leads.map((entry) => entry.name);
    expect(await names("?status=won")).toEqual(["Ada"]);
    expect(await names("?status=new")).toEqual(["Cy", "Bob"]);
    expect(await names("?owner=me")).toEqual(["Ada"]);
    expect(await names(`?owner=${other.admin.id}`)).toEqual(["Bob"]);
    expect(await names("?owner=none")).toEqual(["Cy"]);
    expect(await names("?q=SHOP")).toEqual(["Ada"]);
    expect(await names("?q=bob%40example")).toEqual(["Bob"]);
    expect(await names("?from=2026-11-02&to=2026-11-02")).toEqual(["Bob"]);
    expect(await names("?from=2026-11-02")).toEqual(["Cy", "Bob"]);
    const paged = await list("?page=2&per_page=2");
    expect(paged.leads.map((entry) => entry.name)).toEqual(["Ada"]);
    expect(paged.headers.get("X-Total-Count")).toBe("3");
    expect((await list("?page=3&per_page=2")).leads).toEqual([]);
    const owned = (await list("?owner=me")).leads[0]!;
    expect(owned.owner).toEqual(ownerOf(me.admin));
    expect(owned.first_response_at).not.toBeNull();
  });

  it("answers 422 with the message under its name for a bad status, owner, date, range or paging", async () => {
    const cases: [string, string, string][] = [
      ["?status=archived", "status", messages.apiLeadStatusInvalid],
      ["?owner=someone", "owner", messages.apiLeadOwnerFilterInvalid],
      ["?from=2026-02-30", "from", messages.auditDateInvalid],
      ["?to=28/11/2026", "to", messages.auditDateInvalid],
      ["?from=2026-11-02&to=2026-11-01", "to", messages.auditRangeInvalid],
      ["?per_page=101", "per_page", messages.apiPerPageInvalid(100)],
    ];
    for (const [query, field, message] of cases) {
      const result = await list(query);
      expect(result.status, query).toBe(422);
      expect(result.data, query).toEqual({ message, errors: { [field]: [message] } });
    }
    for (const query of [".csv?status=archived", ".csv?from=2026-13-01"]) expect((await csv(query.slice(4))).status).toBe(422);
  });

  it("answers 401 without a token or session, and takes a signed-in session", async () => {
    await lead("Ada");
    expect((await list("", { token: undefined })).status).toBe(401);
    expect((await call(leads.loader, apiRequest("/api/leads"))).status).toBe(401);
    const bySession = await list("", { cookie: me.cookie });
    expect(bySession.status).toBe(200);
    expect(bySession.leads).toHaveLength(1);
  });
});

describe("a lead's JSON, whole", () => {
  it("holds its replies, spam rule, service, case study and the optional fields filled, in the list, the lead and the CSV", async () => {
    const source = {
      landing_page: "/services/web-apps",
      referrer: "news.example",
      utm: { source: "news" },
      pages: [{ path: "/services/web-apps", at: "2026-11-01T09:58:00.000Z" }],
      service: "web-apps",
      case_study: "quill",
    };
    const created = await createContactMessage(
      { name: "Ada", email: "ada@example.com", message: "An app, please", company: "Acme", phone: "+44 20 7946 0000" },
      noMail,
      source,
      "links",
    );
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 2, 10, minute));
    const lead_id = new Types.ObjectId(created.id);
    const [sent, failed] = await LeadReplyModel.create([
      {
        lead_id,
        author_id: me.admin.id,
        author_name: "Leads Api",
        author_email: me.admin.email,
        to: "ada@example.com",
        subject: "Your app",
        body: "Happy to help.",
        state: "sent",
        sent_at: at(1),
        created_at: at(0),
      },
      {
        lead_id,
        author_id: null,
        author_name: "Gone Admin",
        author_email: "gone@studio.test",
        to: "ada@example.com",
        subject: "Again",
        body: "Still here.",
        state: "failed",
        failure: "550 no such mailbox",
        created_at: at(5),
      },
    ]);
    const replies = [
      {
        id: sent!._id.toString(),
        subject: "Your app",
        body: "Happy to help.",
        state: "sent",
        failure: null,
        author: { id: me.admin.id, name: "Leads Api" },
        created_at: sent!.created_at.toISOString(),
        sent_at: "2026-11-02T10:01:00.000Z",
      },
      {
        id: failed!._id.toString(),
        subject: "Again",
        body: "Still here.",
        state: "failed",
        failure: "550 no such mailbox",
        author: { id: null, name: "Gone Admin" },
        created_at: failed!.created_at.toISOString(),
        sent_at: null,
      },
    ];
    const expected = {
      status: "spam",
      spam_reason: "links",
      replies,
      source: { ...source, utm: { source: "news", medium: null, campaign: null, term: null, content: null } },
      fields: { company: "Acme", phone: "+44 20 7946 0000" },
    };
    const found = await call(one.loader, req(`/api/leads/${created.id}`), { id: created.id });
    expect(found.data).toMatchObject(expected);
    expect((found.data as LeadJson).fields).toEqual(expected.fields);
    expect((await list("?status=spam")).leads).toEqual([found.data]);

    const [header, row] = parseCsv((await csv("?status=spam")).data as string);
    expect(Object.fromEntries(header!.map((column, i) => [column, row![i]]))).toMatchObject({
      service: "web-apps",
      case_study: "quill",
      spam_reason: "links",
      company: "Acme",
      budget: "",
      // A cell starting with + is escaped like a formula.
      phone: "'+44 20 7946 0000",
      replies: "1",
    });
  });

  it("reads the replies of a page of leads in one query", async () => {
    const ada = await lead("Ada");
    const bob = await lead("Bob");
    const reply = (id: string, subject: string) => ({
      lead_id: new Types.ObjectId(id),
      author_id: me.admin.id,
      author_name: "Leads Api",
      author_email: me.admin.email,
      to: "x@example.com",
      subject,
      body: "Hi",
    });
    await LeadReplyModel.create([reply(ada.id, "To Ada"), reply(bob.id, "To Bob 1"), reply(bob.id, "To Bob 2")]);
    const queries: string[] = [];
    const original = LeadReplyModel.find.bind(LeadReplyModel);
    const spy = vi.spyOn(LeadReplyModel, "find").mockImplementation(((...args: Parameters<typeof original>) => {
      queries.push(JSON.stringify(args[0]));
      return original(...args);
    }) as typeof LeadReplyModel.find);
    try {
      const { leads: listed } = await list();
      expect(listed.map((entry) => [entry.name, entry.replies.map((r) => r.subject)])).toEqual([
        ["Bob", ["To Bob 1", "To Bob 2"]],
        ["Ada", ["To Ada"]],
      ]);
    } finally {
      spy.mockRestore();
    }
    expect(queries).toHaveLength(1);
  });
});

describe("/api/leads/{id}", () => {
  it("GET answers the lead with its owner and notes without marking it read; 404 when unknown", async () => {
    const ada = await lead("Ada");
    const found = await call(one.loader, req(`/api/leads/${ada.id}`), { id: ada.id });
    expect(found.status).toBe(200);
    expect(found.data).toMatchObject({ id: ada.id, read: false, notes: [] });
    expect((await ContactMessageModel.findById(ada.id).lean())!.read).toBe(false);
    for (const id of [UNKNOWN_ID, "not-an-id"]) {
      const missing = await call(one.loader, req(`/api/leads/${id}`), { id });
      expect(missing.status).toBe(404);
      expect(missing.data).toEqual({ message: messages.apiLeadNotFound });
    }
  });

  it("PATCH changes the status and owner as the dashboard does, audit entries included; null is nobody", async () => {
    const ada = await lead("Ada");
    const changed = await patch(ada.id, { status: "qualified", owner_id: other.admin.id });
    expect(changed.status).toBe(200);
    expect(changed.data).toMatchObject({ status: "qualified", owner: ownerOf(other.admin), first_response_at: expect.any(String) });
    const { items } = await listAuditEvents({}, { page: 1, perPage: 10 });
    const mine = items.filter((event) => event.target?.id === ada.id);
    expect(mine.map((event) => [event.action, event.actor.id])).toEqual(
      expect.arrayContaining([
        ["lead.status-changed", me.admin.id],
        ["lead.owner-changed", me.admin.id],
      ]),
    );
    expect(mine.find((event) => event.action === "lead.status-changed")!.details).toEqual({ from: "new", to: "qualified" });
    const cleared = await patch(ada.id, { owner_id: null });
    expect(cleared.data).toMatchObject({ status: "qualified", owner: null });
    const byForm = await call(one.action, req(`/api/leads/${ada.id}`, { method: "PATCH", form: { status: "won", owner_id: "" } }), {
      id: ada.id,
    });
    expect(byForm.data).toMatchObject({ status: "won", owner: null });
  });

  it("PATCH out of spam sends the lead's owed email once, also when sent several times at once; its JSON then has no spam_reason", async () => {
    const filed = await createContactMessage({ name: "Eve", email: "eve@example.com", message: "Hi" }, noMail, null, "too-fast");
    const spam = await call(one.loader, req(`/api/leads/${filed.id}`), { id: filed.id });
    expect(spam.data).toMatchObject({ status: "spam", spam_reason: "too-fast" });
    const mails = () => MailOutboxModel.countDocuments({ kind: "new-message", message_id: filed.id });
    expect(await mails()).toBe(0);
    const answers = await Promise.all(Array.from({ length: 6 }, () => patch(filed.id, { status: "new" })));
    expect(answers.map((answer) => answer.status)).toEqual(Array<number>(6).fill(200));
    await outboxIdle();
    expect(await mails()).toBe(1);
    expect(answers[0]!.data).toMatchObject({ status: "new", spam_reason: null });
    await patch(filed.id, { status: "spam" });
    await patch(filed.id, { status: "contacted" });
    expect(await mails()).toBe(1);
  });

  it("PATCH refuses an unknown owner, a bad status and an empty change with 422, and an unknown lead with 404", async () => {
    const ada = await lead("Ada");
    const unknown = await patch(ada.id, { owner_id: UNKNOWN_ID });
    expect(unknown.status).toBe(422);
    expect(unknown.data).toEqual({ message: messages.leadOwnerUnknown, errors: { owner_id: [messages.leadOwnerUnknown] } });
    expect((await patch(ada.id, { owner_id: "nobody" })).status).toBe(422);
    const status = await patch(ada.id, { status: "archived" });
    expect(status.data).toEqual({ message: messages.apiLeadStatusInvalid, errors: { status: [messages.apiLeadStatusInvalid] } });
    expect(((await patch(ada.id, {})).data as { message: string }).message).toBe(messages.apiLeadChangesEmpty);
    expect((await ContactMessageModel.findById(ada.id).lean())!).toMatchObject({ status: "new", owner_id: null });
    expect((await patch(UNKNOWN_ID, { status: "won" })).status).toBe(404);
  });

  it("DELETE removes the lead and its notes, then 404", async () => {
    const ada = await lead("Ada");
    await call(notes.action, req(`/api/leads/${ada.id}/notes`, { method: "POST", json: { text: "Gone soon" } }), { id: ada.id });
    const deleted = await call(one.action, req(`/api/leads/${ada.id}`, { method: "DELETE" }), { id: ada.id });
    expect(deleted.status).toBe(200);
    expect(deleted.data).toEqual({ message: messages.messageDeleted });
    expect(await LeadNoteModel.countDocuments({})).toBe(0);
    expect((await call(one.action, req(`/api/leads/${ada.id}`, { method: "DELETE" }), { id: ada.id })).status).toBe(404);
  });

  it("a cookie session writes only with the XSRF header (419 without)", async () => {
    const ada = await lead("Ada");
    const refused = await patch(ada.id, { status: "won" }, { cookie: me.cookie });
    expect(refused.status).toBe(419);
    expect(refused.data).toEqual({ message: messages.apiCsrfMismatch });
    const noteRefused = await call(
      notes.action,
      req(`/api/leads/${ada.id}/notes`, { method: "POST", json: { text: "x" }, cookie: me.cookie }),
      { id: ada.id },
    );
    expect(noteRefused.status).toBe(419);
    expect((await call(one.action, req(`/api/leads/${ada.id}`, { method: "DELETE", cookie: me.cookie }), { id: ada.id })).status).toBe(419);
    expect((await ContactMessageModel.findById(ada.id).lean())!.status).toBe("new");
    const { cookie, value } = await xsrf();
    const allowed = await patch(ada.id, { status: "won" }, { cookie, headers: { "X-XSRF-TOKEN": value } });
    expect(allowed.status).toBe(200);
    expect((await patch(ada.id, { status: "lost" }, { token: undefined })).status).toBe(401);
  });
});

describe("POST /api/leads/{id}/notes", () => {
  it("adds the note and answers 201 with it; the lead then lists it", async () => {
    const ada = await lead("Ada");
    const added = await call(notes.action, req(`/api/leads/${ada.id}/notes`, { method: "POST", json: { text: "  Called back  " } }), {
      id: ada.id,
    });
    expect(added.status).toBe(201);
    const note = added.data as LeadNoteJson;
    expect(note).toEqual({
      id: expect.any(String),
      text: "Called back",
      author: { id: me.admin.id, name: me.admin.name },
      created_at: expect.any(String),
    });
    const found = await call(one.loader, req(`/api/leads/${ada.id}`), { id: ada.id });
    expect((found.data as LeadJson).notes).toEqual([note]);
    const { items } = await listAuditEvents({ action: "lead.note-added" }, { page: 1, perPage: 5 });
    expect(items[0]).toMatchObject({ actor: { id: me.admin.id }, target: { id: ada.id } });
  });

  it("refuses an empty or too long note with 422, an unknown lead with 404", async () => {
    const ada = await lead("Ada");
    const post = (id: string, json: unknown) => call(notes.action, req(`/api/leads/${id}/notes`, { method: "POST", json }), { id });
    expect((await post(ada.id, { text: " " })).data).toEqual({
      message: messages.leadNoteRequired,
      errors: { text: [messages.leadNoteRequired] },
    });
    expect((await post(ada.id, { text: "x".repeat(5_001) })).status).toBe(422);
    expect((await post(UNKNOWN_ID, { text: "Hello" })).status).toBe(404);
    expect(await LeadNoteModel.countDocuments({})).toBe(0);
  });
});

describe("GET /api/leads.csv and the inbox's export", () => {
  it("answers a CSV attachment of the filtered leads, with a BOM, one row per lead, notes and pages flattened", async () => {
    const ada = await lead("Ada", { at: "2026-11-01T10:00:00Z", message: 'Two lines,\nand "quotes"' });
    await ContactMessageModel.updateOne(
      { _id: ada.id },
      {
        $set: {
          source: {
            landing_page: "/services",
            referrer: "news.example",
            utm: { source: "newsletter" },
            pages: [
              { path: "/", at: "2026-11-01T09:58:00.000Z" },
              { path: "/case-studies/quill", at: "2026-11-01T09:59:00.000Z" },
            ],
          },
        },
      },
    );
    await patch(ada.id, { owner_id: other.admin.id });
    await call(notes.action, req(`/api/leads/${ada.id}/notes`, { method: "POST", json: { text: "Called" } }), { id: ada.id });
    const spam = await lead("Spammy");
    await patch(spam.id, { status: "spam" });
    const result = await csv();
    expect(result.status).toBe(200);
    expect(result.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(result.headers.get("Content-Disposition")).toMatch(/^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(result.headers.get("Content-Disposition")).toContain(new Date().toISOString().slice(0, 10));
    expect(result.headers.get("Cache-Control")).toBe("no-store");
    expect(result.headers.get("X-Total-Count")).toBe("1");
    // Response.text() drops the byte order mark: the bytes show it.
    expect([...new Uint8Array(await result.response!.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = parseCsv(result.data as string);
    expect(header).toEqual([...LEAD_CSV_COLUMNS]);
    expect(rows).toHaveLength(1);
    const row = Object.fromEntries(header!.map((column, i) => [column, rows[0]![i]]));
    expect(row).toMatchObject({
      id: ada.id,
      name: "Ada",
      message: 'Two lines,\nand "quotes"',
      status: "new",
      owner_name: "Other Admin",
      owner_email: "leads-other@studio.test",
      landing_page: "/services",
      referrer: "news.example",
      utm_source: "newsletter",
      utm_medium: "",
      pages: "/@2026-11-01T09:58:00.000Z; /case-studies/quill@2026-11-01T09:59:00.000Z",
      notes: expect.stringMatching(/^\d{4}-\d\d-\d\dT[\d:.]+Z Leads Api: Called$/),
      spam_reason: "",
      replies: "0",
    });
    expect(
      parseCsv((await csv("?status=spam")).data as string)
        .slice(1)
        .map((cells) => cells[2]),
    ).toEqual(["Spammy"]);
  });

  it("escapes formula cells end to end, so no spreadsheet runs them", async () => {
    await createContactMessage({ name: '=HYPERLINK("https://evil.example")', email: "eve@example.com", message: "@SUM(1+1)\n=2" }, noMail);
    const text = (await csv()).data as string;
    expect(text).toContain('"\'=HYPERLINK(""https://evil.example"")"');
    const row = parseCsv(text)[1]!;
    expect(row[2]).toBe('\'=HYPERLINK("https://evil.example")');
    expect(row[4]).toBe("'@SUM(1+1)\n=2");
  });

  it("pages through more leads than a batch, newest first, and refuses without a token", async () => {
    await ContactMessageModel.insertMany(
      Array.from({ length: 1_203 }, (_, i) => ({
        name: `Lead ${i}`,
        email: `lead${i}@example.com`,
        message: "Hi",
        // Three leads a minute: ties straddle the batches' edges, and _id orders them.
        created_at: new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 3) * 60_000),
      })),
    );
    const rows = parseCsv((await csv()).data as string).slice(1);
    expect(rows.map((row) => row[2])).toEqual(Array.from({ length: 1_203 }, (_, i) => `Lead ${1_202 - i}`));
    expect((await csv("", { token: undefined })).status).toBe(401);
  });

  it("stops at the cap, newest first", async () => {
    for (const name of ["One", "Two", "Three", "Four", "Five"]) await lead(name);
    const filter = { tab: "all", owner: "anyone", adminId: me.admin.id } as const;
    const batches: string[][] = [];
    for await (const batch of leadRecordBatches(filter, { size: 2, max: 3 })) batches.push(batch.map((entry) => entry.name));
    expect(batches).toEqual([["Five", "Four"], ["Three"]]);
  });

  it("the inbox's export: the inbox's filters, for a signed-in admin only", async () => {
    const ada = await lead("Ada");
    await lead("Bob");
    await patch(ada.id, { status: "won", owner_id: me.admin.id });
    const exported = await call(inboxExport.loader, get("/dashboard/messages/export?tab=won&owner=mine", me.cookie));
    expect(exported.status).toBe(200);
    expect(exported.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(exported.headers.get("Content-Disposition")).toMatch(/^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(exported.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(
      parseCsv(exported.data as string)
        .slice(1)
        .map((row) => row[2]),
    ).toEqual(["Ada"]);
    const all = await call(inboxExport.loader, get("/dashboard/messages/export", me.cookie));
    expect(
      parseCsv(all.data as string)
        .slice(1)
        .map((row) => row[2]),
    ).toEqual(["Bob", "Ada"]);
    const signedOut = await call(inboxExport.loader, get("/dashboard/messages/export"));
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("Location")).toMatch(/^\/login/);
    expect(signedOut.data).not.toContain("Ada");
  });
});
