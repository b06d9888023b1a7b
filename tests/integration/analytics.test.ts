import { beforeAll, describe, expect, it } from "vitest";
import { createAdmin } from "~/domain/admins.server";
import { getAnalytics } from "~/domain/analytics.server";
import { ANALYTICS_MESSAGE_DAYS as MESSAGE_DAYS } from "~/domain/constants";
import { CaseStudyModel } from "~/models/case-study.server";
import { ContactMessageModel } from "~/models/contact-message.server";
import { connectDb } from "~/server/db.server";

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
  await CaseStudyModel.create([study("A", "Retail"), study("B", "Fintech"), study("C", "Retail")]);
  const message = (created_at: Date, read = false) => ({ name: "N", email: "n@example.com", message: "M", read, created_at });
  await ContactMessageModel.create(
    [message(daysAgo(0)), message(daysAgo(0), true), message(daysAgo(3)), message(daysAgo(29)), message(daysAgo(31), true)],
    { timestamps: false },
  );
  await createAdmin({ name: "One", email: "one@example.com", password: "password-1" });
});

describe("getAnalytics", () => {
  it("counts case studies in total and per industry, most first", async () => {
    const { caseStudies } = await getAnalytics(now);
    expect(caseStudies).toEqual({
      total: 3,
      byIndustry: [
        { industry: "Retail", count: 2 },
        { industry: "Fintech", count: 1 },
      ],
    });
  });

  it("counts contact messages per day over the last 30 days, oldest first, with empty days", async () => {
    const { messages } = await getAnalytics(now);
    expect(messages.total).toBe(5);
    expect(messages.unread).toBe(3);
    expect(messages.perDay).toHaveLength(MESSAGE_DAYS);
    expect(messages.perDay[0]).toEqual({ day: "2026-10-24", count: 1 });
    expect(messages.perDay.at(-1)).toEqual({ day: "2026-11-22", count: 2 });
    expect(messages.perDay.find((entry) => entry.day === "2026-11-19")?.count).toBe(1);
    expect(messages.perDay.reduce((sum, entry) => sum + entry.count, 0)).toBe(4);
  });

  it("counts admins", async () => {
    expect((await getAnalytics(now)).admins).toBe(1);
  });
});
