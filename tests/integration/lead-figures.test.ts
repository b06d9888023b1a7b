import { beforeAll, describe, expect, it } from "vitest";
import { pipelineFigures, sourceFigures } from "~/domain/lead-figures.server";
import { countChatStarted } from "~/domain/whatsapp-chats.server";
import { CaseStudyModel } from "~/models/case-study.server";
import { ContactMessageModel } from "~/models/contact-message.server";
import { WhatsAppChatModel } from "~/models/whatsapp-chat.server";
import * as analytics from "~/routes/dashboard.analytics";
import * as overview from "~/routes/dashboard._index";
import { connectDb } from "~/server/db.server";
import { call, get } from "../support/remix";
import { signedInAdmin } from "../support/session";

// docs/behaviour.md#lead-figures, with fixed leads and dates. A Sunday in the year's last quarter (from 1 October).
const now = new Date("2026-11-22T15:00:00Z");
const at = (iso: string) => new Date(`${iso}T12:00:00Z`);
const page = (path: string) => ({ path, at: "2026-11-01T10:00:00.000Z" });
const source = (fields: Record<string, unknown>) => ({ landing_page: "/", referrer: null, utm: {}, pages: [], ...fields });
const change = (status: string, day: string) => ({ status, at: at(day), by_id: null, by_name: "Ada" });

let n = 0;
function lead(created: string, fields: Record<string, unknown> = {}) {
  n++;
  const created_at = at(created);
  return { name: `Lead ${n}`, email: `lead${n}@example.com`, message: "Hello", created_at, updated_at: created_at, ...fields };
}

let cookie: string;

beforeAll(async () => {
  await connectDb();
  await Promise.all([ContactMessageModel.init(), CaseStudyModel.init(), WhatsAppChatModel.init()]);
  ({ cookie } = await signedInAdmin());
  const study = (slug: string, title: string, services: string[]) => ({
    title,
    slug,
    services,
    client: "C",
    industry: "Retail",
    project_insight: "P",
    technologies: [],
    outcomes: [],
    image_url: "/x.webp",
  });
  await CaseStudyModel.create([
    study("harbor-app", "Harbor App", ["application-development"]),
    study("fin-dash", "Fin Dash", ["website-development", "graphic-design"]),
  ]);
  await ContactMessageModel.create(
    [
      // This month (November): two new, one contacted, one won, one spam.
      lead("2026-11-02", {
        status: "new",
        source: source({
          utm: { source: "google" },
          referrer: "www.google.com",
          pages: [page("/case-studies/harbor-app"), page("/services"), page("/case-studies/harbor-app")],
        }),
      }),
      lead("2026-11-03", { status: "contacted", source: source({ referrer: "news.example", service: "website-development" }) }),
      lead("2026-11-05", {
        status: "won",
        status_changes: [change("contacted", "2026-11-06"), change("won", "2026-11-10")],
        source: source({ utm: { source: "google" }, pages: [page("/case-studies/fin-dash"), page("/case-studies/harbor-app")] }),
      }),
      lead("2026-11-07", { status: "spam", source: source({ utm: { source: "spammy" }, pages: [page("/case-studies/fin-dash")] }) }),
      // October: won in the quarter after a loss; contacted.
      lead("2026-10-01", {
        status: "won",
        status_changes: [change("won", "2026-09-01"), change("lost", "2026-10-05"), change("won", "2026-10-20")],
        source: source({ case_study: "fin-dash", service: "website-development" }),
      }),
      lead("2026-10-02", { status: "contacted", source: null }),
      // September: won before the quarter; lost after a win in it.
      lead("2026-09-01", {
        status: "won",
        status_changes: [change("won", "2026-09-20")],
        source: source({ service: "application-development" }),
      }),
      lead("2026-09-02", { status: "lost", status_changes: [change("won", "2026-10-03"), change("lost", "2026-10-10")] }),
      // Outside the 90 days (from 24 August 15:00).
      lead("2026-08-01", { status: "won", status_changes: [change("won", "2026-10-15")], source: source({ utm: { source: "old" } }) }),
    ],
    { timestamps: false },
  );
  // Stored before leads had a status, in November: new.
  await ContactMessageModel.collection.insertOne({ ...lead("2026-11-20"), read: false, source: null });

  for (const [service, day] of [
    ["website-development", "2026-11-01"],
    ["website-development", "2026-10-01"],
    ["website-development", "2026-11-20"],
    ["application-development", "2026-09-10"],
    ["website-development", "2026-08-01"],
  ] as const)
    await countChatStarted({ service, page: "/services", at: at(day) });
});

describe("the pipeline's figures", () => {
  it("count this month's leads by status now, spam and leads stored without a status included", async () => {
    const figures = await pipelineFigures(now);
    expect(figures.perStatusThisMonth).toEqual({ new: 2, contacted: 1, qualified: 0, proposal: 0, won: 1, lost: 0, spam: 1 });
    expect(figures.monthStart).toBe("2026-11-01T00:00:00.000Z");
  });

  it("count the leads won this quarter: their last move to won in it, and won still", async () => {
    const figures = await pipelineFigures(now);
    expect(figures.quarterStart).toBe("2026-10-01T00:00:00.000Z");
    // November's, the October lead won again on the 20th, and the August lead won on 15 October.
    expect(figures.wonThisQuarter).toBe(3);
    expect((await pipelineFigures(new Date("2026-09-30T23:59:59Z"))).wonThisQuarter).toBe(1);
  });
});

describe("the figures of the last 90 days", () => {
  it("count leads per source: utm_source first, then the referrer's host, then direct; no visit recorded apart; spam left out", async () => {
    const { perSource, from } = await sourceFigures(now);
    expect(from).toBe("2026-08-24T15:00:00.000Z");
    expect(perSource.map(({ kind, name, count }) => [kind, name, count])).toEqual([
      ["none", "none", 3],
      ["direct", "direct", 2],
      ["utm", "google", 2],
      ["referrer", "news.example", 1],
    ]);
  });

  it("count leads per service and chats started per service, most first, with the services' names", async () => {
    const { perService, chatsPerService } = await sourceFigures(now);
    expect(perService).toEqual([
      { name: "website-development", label: "Website Development", count: 2 },
      { name: "application-development", label: "Application Development", count: 1 },
    ]);
    expect(chatsPerService).toEqual([
      { name: "website-development", label: "Website Development", count: 3 },
      { name: "application-development", label: "Application Development", count: 1 },
    ]);
  });

  it("rank the case studies and services in the pages viewed before leads, and before won leads, each once a lead", async () => {
    const { viewedBefore } = await sourceFigures(now);
    expect(viewedBefore.leads).toEqual({
      caseStudies: [
        { name: "fin-dash", label: "Fin Dash", count: 2 },
        { name: "harbor-app", label: "Harbor App", count: 2 },
      ],
      services: [
        { name: "application-development", label: "Application Development", count: 3 },
        { name: "website-development", label: "Website Development", count: 3 },
        { name: "graphic-design", label: "Graphic Design", count: 2 },
      ],
    });
    expect(viewedBefore.won).toEqual({
      caseStudies: [
        { name: "fin-dash", label: "Fin Dash", count: 2 },
        { name: "harbor-app", label: "Harbor App", count: 1 },
      ],
      services: [
        { name: "application-development", label: "Application Development", count: 2 },
        { name: "graphic-design", label: "Graphic Design", count: 2 },
        { name: "website-development", label: "Website Development", count: 2 },
      ],
    });
  });

  it("are shown on the overview and the analytics screen", async () => {
    const shown = await call(overview.loader, get("/dashboard", cookie));
    expect(shown.data).toMatchObject({
      leads: { pipeline: { perStatusThisMonth: expect.any(Object), wonThisQuarter: expect.any(Number) } },
    });
    const screen = await call(analytics.loader, get("/dashboard/analytics", cookie));
    expect(screen.data).toMatchObject({ sources: { perSource: expect.any(Array), viewedBefore: expect.any(Object) } });
  });
});
