import { beforeAll, describe, expect, it } from "vitest";
import { CaseStudyModel } from "~/models/case-study.server";
import { ContactMessageModel } from "~/models/contact-message.server";
import * as overview from "~/routes/dashboard._index";
import { connectDb } from "~/server/db.server";
import { call, get } from "../support/remix";
import { signedInAdmin } from "../support/session";

/** The dashboard overview's figures (docs/behaviour.md#dashboard): unread messages, drafts, published case studies. */

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
    const before = (await call(overview.loader, get("/dashboard", cookie))).data as Record<string, number>;

    await CaseStudyModel.create([study("A"), study("B"), { ...study("C"), status: "draft" }, { ...study("D"), status: "published" }]);
    // Written before statuses existed: counts as published.
    await CaseStudyModel.collection.insertOne({ ...study("E"), website_url: null, created_at: new Date(), updated_at: new Date() });
    await ContactMessageModel.create([message(false), message(true), message(false), message(false)]);

    const result = await call(overview.loader, get("/dashboard", cookie));
    expect(result.status).toBe(200);
    expect(result.data).toEqual({ unread: before.unread! + 3, drafts: before.drafts! + 1, published: before.published! + 4 });

    await ContactMessageModel.updateMany({}, { $set: { read: true } });
    await CaseStudyModel.updateMany({ status: "draft" }, { $set: { status: "published" } });
    expect((await call(overview.loader, get("/dashboard", cookie))).data).toEqual({
      unread: 0,
      drafts: 0,
      published: before.published! + before.drafts! + 5,
    });
  });

  it("is guarded", async () => {
    const result = await call(overview.loader, get("/dashboard"));
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe(`/login?${new URLSearchParams({ redirectTo: "/dashboard" })}`);
  });
});
