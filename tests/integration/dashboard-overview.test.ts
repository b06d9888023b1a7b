import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { CaseStudyModel } from "~/models/case-study.server";
import { ContactMessageModel } from "~/models/contact-message.server";
import * as overview from "~/routes/dashboard._index";
import { connectDb } from "~/server/db.server";
import { embeddedLargeCollections } from "~/server/embedded-size.server";
import { call, get } from "../support/remix";
import { recordEvent } from "~/domain/audit-log.server";
import { testOrigin } from "../support/origin";
import { signedInAdmin } from "../support/session";

/** The dashboard overview's figures (docs/behaviour.md#dashboard): unread messages, drafts, published case studies. */

// Whether this process started the embedded engine: the tests' database is reached through MONGODB_URI, so the
// size warning's tests say "embedded" here; the database underneath stays the real engine.
const startedEmbedded = vi.hoisted(() => ({ value: false }));
vi.mock("~/server/db.server", async (original) => ({
  ...(await original<typeof import("~/server/db.server")>()),
  isEmbedded: () => startedEmbedded.value,
}));

let cookie: string;

beforeAll(async () => {
  await connectDb();
  ({ cookie } = await signedInAdmin());
});

const study = (title: string) => ({
  title,
  client: "C",
  industry: "Retail",
  project_insight: "P",
  technologies: [],
  outcomes: [],
  image_url: "/x.webp",
});
const message = (read: boolean) => ({ name: "N", email: "n@example.com", message: "M", read });

describe("/dashboard", () => {
  it("counts new (unread) messages, drafts and published case studies from the database", async () => {
    type Figures = { caseStudies: { draft: number; published: number }; leads: { unread: number } };
    const before = (await call(overview.loader, get("/dashboard", cookie))).data as Figures;

    await CaseStudyModel.create([study("A"), study("B"), { ...study("C"), status: "draft" }, { ...study("D"), status: "published" }]);
    // Written before statuses existed: counts as published.
    await CaseStudyModel.collection.insertOne({ ...study("E"), website_url: null, created_at: new Date(), updated_at: new Date() });
    await ContactMessageModel.create([message(false), message(true), message(false), message(false)]);

    const result = await call(overview.loader, get("/dashboard", cookie));
    expect(result.status).toBe(200);
    expect(result.data).toEqual({
      caseStudies: expect.objectContaining({ draft: before.caseStudies.draft + 1, published: before.caseStudies.published + 4 }),
      largeStore: null,
      contentDrafts: expect.any(Number),
      scheduled: expect.any(Object),
      activity: expect.any(Array),
      leads: expect.objectContaining({
        unread: before.leads.unread + 3,
        waitHours: 24,
        pipeline: expect.objectContaining({ wonThisQuarter: 0 }),
      }),
      cards: expect.any(Array),
    });

    await ContactMessageModel.updateMany({}, { $set: { read: true } });
    await CaseStudyModel.updateMany({ status: "draft" }, { $set: { status: "published" } });
    expect((await call(overview.loader, get("/dashboard", cookie))).data).toEqual({
      caseStudies: expect.objectContaining({ draft: 0, published: before.caseStudies.published + before.caseStudies.draft + 5 }),
      largeStore: null,
      contentDrafts: expect.any(Number),
      scheduled: expect.any(Object),
      activity: expect.any(Array),
      leads: expect.objectContaining({ unread: 0, waitHours: 24, pipeline: expect.objectContaining({ wonThisQuarter: 0 }) }),
      cards: expect.any(Array),
    });
  });

  it("lists what needs attention, each part only to a role that may read it", async () => {
    const later = (hours: number) => new Date(Date.now() + hours * 3_600_000);
    const [soon, ending, far] = await CaseStudyModel.create([
      { ...study("Goes live soon"), status: "draft", publish_at: later(2) },
      { ...study("Ends tomorrow"), unpublish_at: later(20) },
      { ...study("Goes live later"), status: "draft", publish_at: later(40) },
    ]);
    for (const n of [1, 2, 3, 4, 5, 6])
      await recordEvent(testOrigin(), "settings.updated", {
        target: { type: "settings", id: "settings", label: `Save ${n}` },
        details: { door: "api" },
      });

    type Attention = {
      leads: { waiting: number } | null;
      contentDrafts: number | null;
      scheduled: { items: { id: string; title: string; change: string; at: string }[]; editable: boolean } | null;
      activity: { text: string; who: string; through: string | null; at: string }[] | null;
    };
    const owner = (await call(overview.loader, get("/dashboard", cookie))).data as Attention;
    // The soonest first, publishing and unpublishing together, in UTC for the page to show in the studio's zone.
    expect(owner.scheduled).toEqual({
      editable: true,
      items: [
        { id: soon!.id, title: "Goes live soon", change: "publish", at: soon!.publish_at!.toISOString() },
        { id: ending!.id, title: "Ends tomorrow", change: "unpublish", at: ending!.unpublish_at!.toISOString() },
        { id: far!.id, title: "Goes live later", change: "publish", at: far!.publish_at!.toISOString() },
      ],
    });
    // The last five entries, newest first, in the audit log's words.
    expect(owner.activity?.map((entry) => entry.text)).toEqual([6, 5, 4, 3, 2].map((n) => `Settings changed: Save ${n}`));
    expect(owner.activity?.[0]).toMatchObject({ through: "through the API" });
    expect(owner.leads).not.toBeNull();
    expect(owner.contentDrafts).toEqual(expect.any(Number));

    const viewer = (await call(overview.loader, get("/dashboard", (await signedInAdmin(undefined, "Vera Viewer", "viewer")).cookie)))
      .data as Attention;
    expect(viewer).toMatchObject({ leads: null, activity: null, contentDrafts: expect.any(Number) });
    expect(viewer.scheduled).toMatchObject({ editable: false, items: expect.arrayContaining([expect.objectContaining({ id: soon!.id })]) });

    const sales = (await call(overview.loader, get("/dashboard", (await signedInAdmin(undefined, "Sam Sales", "sales")).cookie)))
      .data as Attention;
    expect(sales).toMatchObject({ activity: null, leads: expect.objectContaining({ waiting: expect.any(Number) }) });
  });

  it("is guarded", async () => {
    const result = await call(overview.loader, get("/dashboard"));
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe(`/login?${new URLSearchParams({ redirectTo: "/dashboard" })}`);
  });
});

describe("/dashboard on the embedded engine", () => {
  afterEach(() => {
    startedEmbedded.value = false;
  });

  const largeStore = async () =>
    ((await call(overview.loader, get("/dashboard", cookie))).data as { largeStore: string | null }).largeStore;

  async function fillMessages(total: number) {
    // Batches: the engine's writes cost more per call as a collection grows, not per document.
    for (let have = await ContactMessageModel.estimatedDocumentCount(); have < total; have += 500) {
      await ContactMessageModel.collection.insertMany(
        Array.from({ length: Math.min(500, total - have) }, () => ({ ...message(true), created_at: new Date(), updated_at: new Date() })),
      );
    }
  }

  it("warns once a collection holds more than 2,000 documents, counted at most once a minute", async () => {
    startedEmbedded.value = true;
    await fillMessages(2_000);
    expect(await largeStore()).toBeNull();

    await fillMessages(2_001);
    // Within the minute, the count made a moment ago stands; a minute on, the collections are counted again.
    expect(await largeStore()).toBeNull();
    expect(await embeddedLargeCollections(Date.now() + 61_000)).toEqual([{ name: "contact_messages", documents: 2_001 }]);
    expect(await largeStore()).toBe(
      "The embedded database is getting large: contact_messages holds 2,001 documents. Its writes slow past about 5,000 documents in a collection and can fail past about 10,000 (slower than the 1 s database timeout: a visitor's message is then refused). Move to MongoDB before then: stop the server, npm run export -- studio.tar.gz, set MONGODB_URI, npm run import -- studio.tar.gz, start.",
    );
  });

  it("says nothing with MONGODB_URI, whatever the size", async () => {
    await fillMessages(2_001);
    expect(await largeStore()).toBeNull();
  });
});
