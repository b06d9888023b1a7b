import { describe, expect, it } from "vitest";
import { LEAD_CSV_COLUMNS, leadCsvCells, leadsCsvFileName } from "~/domain/lead-csv";
import type { LeadJson } from "~/domain/lead-json";

const lead: LeadJson = {
  id: "64b7f0000000000000000001",
  name: "Ada",
  email: "ada@example.com",
  message: "Hello",
  status: "contacted",
  owner: { id: "64b7f0000000000000000002", name: "Grace", email: "grace@studio.test" },
  notes: [
    { id: "64b7f0000000000000000003", text: "Called", author: { id: null, name: "Grace" }, created_at: "2026-11-02T10:00:00.000Z" },
    { id: "64b7f0000000000000000004", text: "Sent a quote", author: { id: null, name: "Linus" }, created_at: "2026-11-03T10:00:00.000Z" },
  ],
  replies: [],
  source: {
    landing_page: "/services",
    referrer: "news.example",
    utm: { source: "newsletter", medium: "email", campaign: null, term: null, content: null },
    pages: [
      { path: "/", at: "2026-11-01T09:00:00.000Z" },
      { path: "/case-studies/quill", at: "2026-11-01T09:01:00.000Z" },
    ],
    service: null,
    case_study: null,
  },
  fields: {},
  spam_reason: null,
  first_response_at: "2026-11-02T10:00:00.000Z",
  created_at: "2026-11-01T09:02:00.000Z",
  updated_at: "2026-11-02T10:00:00.000Z",
  read: true,
};

const row = (value: LeadJson) => Object.fromEntries(LEAD_CSV_COLUMNS.map((column, i) => [column, leadCsvCells(value)[i]]));

describe("a lead as a CSV row", () => {
  it("has one cell per column, with the pages and notes flattened", () => {
    expect(leadCsvCells(lead)).toHaveLength(LEAD_CSV_COLUMNS.length);
    expect(row(lead)).toEqual({
      id: lead.id,
      created_at: "2026-11-01T09:02:00.000Z",
      name: "Ada",
      email: "ada@example.com",
      message: "Hello",
      status: "contacted",
      owner_name: "Grace",
      owner_email: "grace@studio.test",
      first_response_at: "2026-11-02T10:00:00.000Z",
      read: "true",
      landing_page: "/services",
      referrer: "news.example",
      utm_source: "newsletter",
      utm_medium: "email",
      utm_campaign: "",
      utm_term: "",
      utm_content: "",
      pages: "/@2026-11-01T09:00:00.000Z; /case-studies/quill@2026-11-01T09:01:00.000Z",
      notes: "2026-11-02T10:00:00.000Z Grace: Called | 2026-11-03T10:00:00.000Z Linus: Sent a quote",
      service: "",
      case_study: "",
      spam_reason: "",
      company: "",
      budget: "",
      timeline: "",
      phone: "",
      replies: "0",
    });
  });

  it("leaves the owner, dates and source empty when there are none", () => {
    const bare = row({
      ...lead,
      owner: null,
      notes: [],
      first_response_at: null,
      source: { ...lead.source, landing_page: null, referrer: null, pages: [] },
    });
    expect(bare).toMatchObject({ owner_name: "", owner_email: "", first_response_at: "", landing_page: "", pages: "", notes: "" });
  });

  it("fills the topic, spam rule and optional fields, and counts the replies sent", () => {
    const reply = (state: "queued" | "sent" | "failed", n: number) => ({
      id: `64b7f000000000000000001${n}`,
      subject: "Hi",
      body: "Hello",
      state,
      failure: state === "failed" ? "550" : null,
      author: { id: null, name: "Grace" },
      created_at: "2026-11-02T10:00:00.000Z",
      sent_at: state === "sent" ? "2026-11-02T10:01:00.000Z" : null,
    });
    const full = row({
      ...lead,
      status: "spam",
      spam_reason: "links",
      source: { ...lead.source, service: "web-apps", case_study: "quill" },
      fields: { company: "Acme", budget: "10k-25k", timeline: "Q1" },
      replies: [reply("sent", 1), reply("failed", 2), reply("sent", 3), reply("queued", 4)],
    });
    expect(full).toMatchObject({
      service: "web-apps",
      case_study: "quill",
      spam_reason: "links",
      company: "Acme",
      budget: "10k-25k",
      timeline: "Q1",
      phone: "",
      replies: "2",
    });
  });

  it("is named after the day, in UTC", () => {
    expect(leadsCsvFileName(new Date("2026-11-28T23:30:00-05:00"))).toBe("leads-2026-11-29.csv");
  });
});
