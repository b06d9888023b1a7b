import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestAdmin } from "../support/admins";
import { getAnalytics } from "~/domain/analytics.server";
import { ANALYTICS_MESSAGE_DAYS as MESSAGE_DAYS, ANALYTICS_MESSAGE_WEEKS as MESSAGE_WEEKS } from "~/domain/constants";
import { CaseStudyModel } from "~/models/case-study.server";
import { ContactMessageModel } from "~/models/contact-message.server";
import * as page from "~/routes/dashboard.analytics";
import { connectDb } from "~/server/db.server";
import { call, get } from "../support/remix";
import { signedInAdmin } from "../support/session";

// A Sunday: the last day of ISO week 2026-W47 (Monday 16 to Sunday 22 November).
const now = new Date("2026-11-22T15:00:00Z");
const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);

beforeAll(async () => {
  await connectDb();
  const study = (title: string, industry: string) => ({
    title,
    client: "C",
    industry,
    project_insight: "P",
    technologies: [],
    outcomes: [],
    image_url: "/x.webp",
  });
  await CaseStudyModel.create([study("A", "Retail"), { ...study("B", "Fintech"), status: "draft" }, study("C", "Retail")]);
  // Written before statuses existed: counts as published.
  await CaseStudyModel.collection.insertOne({ ...study("D", "Fintech"), website_url: null, created_at: now, updated_at: now });
  const message = (created_at: Date, read = false) => ({ name: "N", email: "n@example.com", message: "M", read, created_at });
  await ContactMessageModel.create(
    [
      message(daysAgo(0)),
      message(daysAgo(0), true),
      message(daysAgo(3)),
      message(daysAgo(29)),
      message(daysAgo(31), true),
      // Week boundaries (UTC): the first moment of this week, the last of the one before, the first of the
      // eighth week back (the oldest counted), and the moment before it (not counted).
      message(new Date("2026-11-16T00:00:00Z"), true),
      message(new Date("2026-11-15T23:59:59.999Z"), true),
      message(new Date("2026-09-28T00:00:00Z"), true),
      message(new Date("2026-09-27T23:59:59.999Z"), true),
    ],
    { timestamps: false },
  );
  await createTestAdmin({ name: "One", email: "one@example.com", password: "password-1" });
});

describe("getAnalytics", () => {
  it("counts case studies in total, published and drafts apart, and per industry (drafts included), most first", async () => {
    const { caseStudies } = await getAnalytics(now);
    expect(caseStudies).toEqual({
      total: 4,
      published: 3,
      drafts: 1,
      byIndustry: [
        { industry: "Fintech", count: 2 },
        { industry: "Retail", count: 2 },
      ],
    });
  });

  it("counts contact messages per day over the last 30 days, oldest first, with empty days", async () => {
    const { messages } = await getAnalytics(now);
    expect(messages.total).toBe(9);
    expect(messages.unread).toBe(3);
    expect(messages.perDay).toHaveLength(MESSAGE_DAYS);
    expect(messages.perDay[0]).toEqual({ day: "2026-10-24", count: 1 });
    expect(messages.perDay.at(-1)).toEqual({ day: "2026-11-22", count: 2 });
    expect(messages.perDay.find((entry) => entry.day === "2026-11-19")?.count).toBe(1);
    expect(messages.perDay.find((entry) => entry.day === "2026-11-16")?.count).toBe(1);
    expect(messages.perDay.find((entry) => entry.day === "2026-11-15")?.count).toBe(1);
    expect(messages.perDay.reduce((sum, entry) => sum + entry.count, 0)).toBe(6);
  });

  it("counts contact messages per ISO week (Monday 00:00 UTC), the last 8 with the current one, oldest first", async () => {
    const { messages } = await getAnalytics(now);
    expect(messages.perWeek).toHaveLength(MESSAGE_WEEKS);
    expect(messages.perWeek).toEqual([
      { week: "2026-W40", start: "2026-09-28", end: "2026-10-04", count: 1, current: false },
      { week: "2026-W41", start: "2026-10-05", end: "2026-10-11", count: 0, current: false },
      { week: "2026-W42", start: "2026-10-12", end: "2026-10-18", count: 0, current: false },
      // daysAgo(31) is Thursday 22 October, daysAgo(29) Saturday 24 October.
      { week: "2026-W43", start: "2026-10-19", end: "2026-10-25", count: 2, current: false },
      { week: "2026-W44", start: "2026-10-26", end: "2026-11-01", count: 0, current: false },
      { week: "2026-W45", start: "2026-11-02", end: "2026-11-08", count: 0, current: false },
      { week: "2026-W46", start: "2026-11-09", end: "2026-11-15", count: 1, current: false },
      // Monday 00:00, Thursday (daysAgo 3) and two today.
      { week: "2026-W47", start: "2026-11-16", end: "2026-11-22", count: 4, current: true },
    ]);
  });

  it("starts a new week on Monday: the same messages seen on Monday 23 November", async () => {
    const { messages } = await getAnalytics(new Date("2026-11-23T00:00:00Z"));
    expect(messages.perWeek.map((entry) => entry.week)).toEqual([
      "2026-W41",
      "2026-W42",
      "2026-W43",
      "2026-W44",
      "2026-W45",
      "2026-W46",
      "2026-W47",
      "2026-W48",
    ]);
    expect(messages.perWeek.at(-1)).toEqual({ week: "2026-W48", start: "2026-11-23", end: "2026-11-29", count: 0, current: true });
    expect(messages.perWeek.at(-2)?.count).toBe(4);
  });

  it("counts admins", async () => {
    expect((await getAnalytics(now)).admins).toBe(1);
  });
});

describe("/dashboard/analytics", () => {
  it("shows published and draft counts, and a table of messages per week with text values", async () => {
    const { cookie } = await signedInAdmin("analytics@studio.test", "Analytics Admin");
    const routes = [
      {
        path: "/dashboard/analytics",
        loader: async () => (await call(page.loader, get("/dashboard/analytics", cookie))).data,
        Component: page.default,
      },
    ];
    const handler = createStaticHandler(routes);
    const context = await handler.query(get("/dashboard/analytics", cookie));
    if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
    const html = renderToString(
      createElement(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, context), context, hydrate: false }),
    );
    const text = html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
    expect(text).toMatch(/Published case studies 3 /);
    expect(text).toMatch(/Draft case studies 1 /);
    const section = html.slice(html.indexOf('id="per-week"'), html.indexOf('id="per-day"')).replaceAll("<!-- -->", "");
    expect(section).toContain(`last ${MESSAGE_WEEKS} weeks`);
    expect(section).toMatch(/<th scope="col"[^>]*>Week<\/th>/);
    expect(section.match(/<tr data-week="\d{4}-W\d{2}"/g)).toHaveLength(MESSAGE_WEEKS);
    expect(section.match(/\(this week\)/g)).toHaveLength(1);
    // Each row's count is text, beside a bar hidden from assistive technology.
    expect(section).toMatch(/<th scope="row"[^>]*>\d{1,2} [A-Z][a-z]{2} \d{4} – \d{1,2} [A-Z][a-z]{2} \d{4}/);
    expect(section).toMatch(/aria-hidden="true"><\/div><span>\d+<\/span>/);
  });
});
