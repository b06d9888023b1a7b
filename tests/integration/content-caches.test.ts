import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getContentPart, saveContentPart, seedSiteContent } from "~/domain/site-content.server";
import { caseStudySubject, listVersions } from "~/domain/versions.server";
import { CaseStudyModel } from "~/models/case-study.server";
import { connectDb } from "~/server/db.server";
import { uploadedImages } from "~/server/uploads.server";
import { buildIfStale, freePort, run, type Running } from "../support/processes";
import { testOrigin } from "../support/origin";

/**
 * Caches follow content (docs/behaviour.md#site-content): two built servers on one database, as behind a load
 * balancer. A publish (here from this process, as a third instance would) changes `/` on both within a second: the
 * new headline, a new ETag, and the old ETag no longer answered 304.
 */
type Instance = { base: string; server: Running };
const instances: Instance[] = [];

async function start(): Promise<Instance> {
  const port = await freePort();
  const server = run(process.execPath, ["scripts/start.mjs"], {
    NODE_ENV: "production",
    PORT: String(port),
    MONGODB_URI: process.env.MONGODB_URI,
    SESSION_SECRET: "content-caches-secret-content-caches-0123",
    SITE_URL: "http://localhost:3000",
  });
  const instance = { base: `http://localhost:${port}`, server };
  instances.push(instance);
  await server.waitFor(/\[remix-serve\] http/, 90_000);
  return instance;
}

// As a CDN keeps it: with Global Privacy Control the page sets no visit cookie and stays public.
const page = (instance: Instance, etag?: string) =>
  fetch(`${instance.base}/`, { headers: { "Sec-GPC": "1", ...(etag ? { "If-None-Match": etag } : {}) }, redirect: "manual" });

beforeAll(async () => {
  await connectDb();
  await seedSiteContent();
  await buildIfStale();
  await Promise.all([start(), start()]);
}, 180_000);

afterAll(async () => {
  for (const { server } of instances) {
    if (server.child.exitCode === null) server.child.kill("SIGTERM");
    await server.exited;
  }
});

describe("a publish", () => {
  it("changes / on every instance within a second: new headline, new ETag, the old one no longer 304", async () => {
    const before = await Promise.all(
      instances.map(async (instance) => {
        const response = await page(instance);
        expect(response.status).toBe(200);
        expect(response.headers.get("Cache-Control")).toMatch(/s-maxage=60/);
        const etag = response.headers.get("ETag")!;
        expect(etag).toBeTruthy();
        // Unchanged content: the ETag holds.
        expect((await page(instance, etag)).status).toBe(304);
        return { html: await response.text(), etag };
      }),
    );

    const headline = `Published at ${Date.now()}`;
    const home = (await getContentPart("home")).published;
    await saveContentPart("home", { ...home, heroHeadline: headline }, { publish: true, origin: testOrigin(), images: uploadedImages });
    const published = Date.now();

    for (const [index, instance] of instances.entries()) {
      let response = await page(instance, before[index]!.etag);
      // CONTENT_FRESH_MS is 500 ms: within a second of the publish, every instance has it.
      while (response.status === 304 && Date.now() - published < 1_000) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        response = await page(instance, before[index]!.etag);
      }
      expect(Date.now() - published).toBeLessThan(1_500);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain(headline);
      expect(response.headers.get("ETag")).not.toBe(before[index]!.etag);
      expect(response.headers.get("Cache-Control")).toMatch(/s-maxage=60/);
    }
  }, 30_000);
});

describe("a scheduled publish", () => {
  it("takes effect within a minute of its time on every instance, and is applied once", async () => {
    const publishAt = new Date(Date.now() + 1_000);
    const [doc] = await CaseStudyModel.create([
      {
        title: "Launched on schedule",
        client: "Timely",
        industry: "SaaS",
        project_insight: "Published by the schedule, not by hand.",
        outcomes: [
          { label: "On time", value: "100%" },
          { label: "Clicks", value: "0" },
          { label: "Instances", value: "2" },
        ],
        image_url: "/images/case-studies/quillstack-growth-campaign-1600.webp",
        status: "draft",
        publish_at: publishAt,
        scheduled_by: { id: "scheduler", name: "Sam Scheduler", email: "sam@studio.test" },
      },
    ]);
    const id = doc!._id.toString();
    const status = (instance: Instance) => fetch(`${instance.base}/case-studies/${id}`).then((response) => response.status);
    for (const instance of instances) {
      while ((await status(instance)) !== 200) {
        expect(Date.now() - publishAt.getTime()).toBeLessThan(60_000);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
    console.log(`Scheduled publish seen on both instances ${Date.now() - publishAt.getTime()} ms after its time.`);
    const versions = (await listVersions(caseStudySubject(id), { page: 1, perPage: 50 })).items;
    expect(versions.filter((version) => version.action === "schedule")).toMatchObject([
      { state: "published", author: { name: "Sam Scheduler" } },
    ]);
  }, 75_000);
});
