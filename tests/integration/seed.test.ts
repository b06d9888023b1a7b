import { existsSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { demoCaseStudies } from "~/content/demo-case-studies";
import { checkCredentials } from "../support/admins";
import { listCaseStudies } from "~/domain/case-studies.server";
import { CONTENT_PARTS } from "~/domain/content-schemas";
import { seedDemoContent } from "~/domain/seed.server";
import { passwords } from "~/server/passwords.server";
import { AdminModel } from "~/models/admin.server";
import { connectDb } from "~/server/db.server";
import { root } from "../support/processes";

beforeAll(async () => {
  await connectDb();
});

describe("seedDemoContent", () => {
  it("adds an admin who can sign in and at least 6 case studies, newest first, with shipped images", async () => {
    const report = await seedDemoContent({ adminEmail: "Demo@Example.com", adminPassword: "demo-password" }, passwords);
    expect(report).toEqual({
      admin: { email: "demo@example.com", password: "demo-password", created: true },
      caseStudiesAdded: demoCaseStudies.length,
      contentPartsAdded: CONTENT_PARTS.length,
    });
    expect(demoCaseStudies.length).toBeGreaterThanOrEqual(6);
    expect((await checkCredentials({ email: "demo@example.com", password: "demo-password" })).ok).toBe(true);

    const page = await listCaseStudies({ perPage: 100, audience: "admin" });
    expect(page.total).toBe(demoCaseStudies.length);
    const expectedOrder = [...demoCaseStudies].sort((a, b) => a.daysAgo - b.daysAgo).map((study) => study.title);
    expect(page.items.map((study) => study.title)).toEqual(expectedOrder);
    for (const study of page.items) {
      expect(study.outcomes).toHaveLength(3);
      expect(existsSync(path.join(root, "public", study.image_url!))).toBe(true);
    }
  });

  it("is idempotent and never changes an existing admin's password", async () => {
    const again = await seedDemoContent({ adminEmail: "demo@example.com", adminPassword: "another-password" }, passwords);
    expect(again).toEqual({
      admin: { email: "demo@example.com", password: null, created: false },
      caseStudiesAdded: 0,
      contentPartsAdded: 0,
    });
    expect((await checkCredentials({ email: "demo@example.com", password: "demo-password" })).ok).toBe(true);
    expect((await listCaseStudies({ perPage: 100, audience: "admin" })).total).toBe(demoCaseStudies.length);
  });

  it("generates a password for admin@example.com when none is given", async () => {
    const report = await seedDemoContent({}, passwords);
    expect(report.admin.email).toBe("admin@example.com");
    expect(report.admin.password).toMatch(/^[\w-]{16}$/);
    expect((await checkCredentials({ email: "admin@example.com", password: report.admin.password! })).ok).toBe(true);
    expect(await AdminModel.countDocuments()).toBe(2);
  });
});
