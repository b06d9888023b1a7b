import { beforeAll, describe, expect, it, vi } from "vitest";
import { seedSiteContent } from "~/domain/site-content.server";
import { CaseStudyModel } from "~/models/case-study.server";
import * as publicStudy from "~/routes/api.public.case-studies.$slug";
import * as publicList from "~/routes/api.public.case-studies";
import * as publicContent from "~/routes/api.public.content";
import { connectDb } from "~/server/db.server";
import { call } from "../support/remix";
import { url } from "../support/factories";

// Before any import reads the configuration: neither SITE_URL nor ASSET_URL, behind one trusted proxy.
vi.hoisted(() => {
  delete process.env.SITE_URL;
  delete process.env.ASSET_URL;
  process.env.TRUST_PROXY = "1";
});

const FORGED = { "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "http" };

beforeAll(async () => {
  await connectDb();
  await seedSiteContent();
  await CaseStudyModel.create({
    slug: "hosted-study",
    title: "Hosted study",
    client: "Hosted Client",
    industry: "Retail",
    project_insight: "A study whose image address a forwarded host must not put in a shared cache.",
    technologies: ["React"],
    outcomes: [{ label: "Speed", value: "+50%" }],
    image_url: "/uploads/0123456789abcdef0123456789abcdef-1600.webp",
  });
});

describe("without SITE_URL or ASSET_URL, the public JSON naming the request's host", () => {
  it.each([
    ["/api/public/content", publicContent.loader, {}],
    ["/api/public/case-studies", publicList.loader, {}],
    ["/api/public/case-studies/hosted-study", publicStudy.loader, { slug: "hosted-study" }],
  ])("%s is kept by no shared cache", async (path, loader, params) => {
    const answer = await call(loader, new Request(url(path), { headers: FORGED }), params);
    expect(answer.status).toBe(200);
    const body = JSON.stringify(answer.data);
    // The addresses are still absolute, for this client alone.
    expect(body).toMatch(/"http:\/\/evil\.example\/(uploads|images)\//);
    expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
    expect(answer.headers.get("CDN-Cache-Control")).toBeNull();
    expect(answer.headers.get("ETag")).toBeNull();
  });
});
