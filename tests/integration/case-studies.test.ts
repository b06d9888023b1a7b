import { beforeAll, describe, expect, it } from "vitest";
import { listCaseStudies, toCaseStudy } from "~/domain/case-studies.server";
import { CaseStudyModel } from "~/models/case-study.server";
import { connectDb } from "~/server/db.server";

const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  await connectDb();
  const now = Date.now();
  for (let i = 1; i <= 6; i++) {
    await CaseStudyModel.create(
      [
        {
          title: `Study ${i}`,
          client: `Client ${i}`,
          industry: "Retail",
          project_insight: "Insight",
          technologies: ["React", "Node.js"],
          outcomes: [
            { label: "A", value: "1" },
            { label: "B", value: "2" },
            { label: "C", value: "3" },
          ],
          image_url: `/images/${i}.webp`,
          created_at: new Date(now - (10 - i) * DAY),
        },
      ],
      { timestamps: false },
    );
  }
});

describe("listCaseStudies", () => {
  it("lists newest first, one page at a time", async () => {
    const first = await listCaseStudies({ page: 1, perPage: 4, audience: "admin" });
    expect(first.items.map((study) => study.title)).toEqual(["Study 6", "Study 5", "Study 4", "Study 3"]);
    expect(first).toMatchObject({ total: 6, page: 1, perPage: 4, pageCount: 2 });

    const second = await listCaseStudies({ page: 2, perPage: 4, audience: "admin" });
    expect(second.items.map((study) => study.title)).toEqual(["Study 2", "Study 1"]);
  });

  it("clamps a page number out of range instead of failing", async () => {
    expect((await listCaseStudies({ page: 99, perPage: 4, audience: "admin" })).page).toBe(2);
    expect((await listCaseStudies({ page: 0, perPage: 4, audience: "admin" })).page).toBe(1);
    expect((await listCaseStudies({ page: Number.NaN, perPage: 4, audience: "admin" })).page).toBe(1);
  });
});

describe("toCaseStudy", () => {
  it("uses a string id, never _id, and ISO dates", async () => {
    const doc = await CaseStudyModel.findOne({ title: "Study 1" }).lean();
    const study = toCaseStudy(doc!);
    expect(study.id).toBe(doc!._id.toString());
    expect(study).not.toHaveProperty("_id");
    expect(study).toMatchObject({ website_url: null, technologies: ["React", "Node.js"], status: "published", image_alt: null });
    expect(study.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(Object.keys(study).sort()).toEqual(
      [
        "client",
        "created_at",
        "id",
        "image_alt",
        "image_url",
        "industry",
        "outcomes",
        "project_insight",
        "status",
        "technologies",
        "title",
        "website_url",
        "slug",
        "summary",
        "challenge",
        "approach",
        "result",
        "gallery",
        "services",
        "featured",
        "featured_order",
        "seo_title",
        "seo_description",
        "seo_image_url",
        "publish_at",
        "unpublish_at",
      ].sort(),
    );
  });
});
