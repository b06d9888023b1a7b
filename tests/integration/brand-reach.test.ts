import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { getContentPart, seedSiteContent } from "~/domain/site-content.server";
import * as root from "~/root";
import * as editor from "~/routes/dashboard.content.$part._index";
import * as favicon from "~/routes/favicon[.]svg";
import * as socialImage from "~/routes/social-image[.]png";
import { connectDb } from "~/server/db.server";
import { call, get, postForm } from "../support/remix";
import { signedInAdmin } from "../support/session";

// The brand reaches what the site shows beyond its pages (docs/behaviour.md#frame): the typeface by default, the
// favicon and the social image, each drawn from the published brand.

let me: Awaited<ReturnType<typeof signedInAdmin>>;

beforeAll(async () => {
  await connectDb();
  await seedSiteContent();
  me = await signedInAdmin("owner@brand.test", "Bea Owner");
});

async function publishBrand(change: Record<string, string>) {
  const brand = (await getContentPart("brand")).published;
  const fields = { name: brand.name, accent: brand.accent, font: brand.font, ...change, intent: "publish" };
  const saved = await call(editor.action, postForm("/dashboard/content/brand", fields, me.cookie), { part: "brand" });
  expect(saved.status).toBe(302);
  // The published content is read again after CONTENT_FRESH_MS.
  await new Promise((resolve) => setTimeout(resolve, 600));
}

describe("the brand", () => {
  it("sets the text in a self-hosted web font by default, swapped in over a metric-matched fallback", async () => {
    const page = (await call(root.loader, get("/"))).data as { brand: { css: string; fontUrl: string | null } };
    expect(page.brand.css).toContain('--font-sans:"Inter Variable", "Inter Variable Fallback"');
    expect(page.brand.css).toContain('@font-face{font-family:"Inter Variable";font-style:normal;font-display:swap;');
    expect(page.brand.css).toContain('@font-face{font-family:"Inter Variable Fallback";src:local("Arial")');
    // The address Vite serves the file at (under /assets once built): a WOFF2 from our own origin.
    expect(page.brand.fontUrl).toMatch(/^\/.*inter-latin-wght-normal.*\.woff2$/);
    const file = readFileSync(path.join(process.cwd(), page.brand.fontUrl!.split("?")[0]!));
    expect(file.subarray(0, 4).toString("latin1")).toBe("wOF2");
  });

  it("draws the favicon from the published accent and name, cached with an ETag until the brand changes", async () => {
    const first = await call(favicon.loader, get("/favicon.svg"));
    expect(first.status).toBe(200);
    expect(first.headers.get("Content-Type")).toBe("image/svg+xml; charset=utf-8");
    expect(first.headers.get("Cache-Control")).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=600");
    expect(first.data).toContain('fill="#3b50e6"');
    expect(first.data).toMatch(/>N<\/text>/);
    const etag = first.headers.get("ETag")!;
    expect(etag).toMatch(/^W\/"/);
    const again = await call(favicon.loader, new Request(get("/favicon.svg"), { headers: { "If-None-Match": etag } }));
    expect(again.status).toBe(304);

    await publishBrand({ name: "harbour & Pine", accent: "#0F766E" });
    const changed = await call(favicon.loader, get("/favicon.svg"));
    expect(changed.data).toContain('fill="#0f766e"');
    expect(changed.data).toMatch(/>H<\/text>/);
    expect(changed.headers.get("ETag")).not.toBe(etag);
  });

  it("draws the default social image, a 1200 × 630 PNG in the accent with the studio's name", async () => {
    const answer = await call(socialImage.loader, get("/social-image.png"));
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toBe("image/png");
    expect(answer.headers.get("ETag")).toMatch(/^W\/"/);
    const png = Buffer.from(await answer.response!.arrayBuffer());
    const { width, height, format } = await sharp(png).metadata();
    expect({ width, height, format }).toEqual({ width: 1200, height: 630, format: "png" });
    expect(png.length).toBeLessThan(60 * 1024);
    // The mark's square is in the published accent (#0f766e since the favicon's test).
    const { data } = await sharp(png)
      .extract({ left: 110, top: 110, width: 1, height: 1 })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const [r, g, b] = [...data];
    expect(Math.abs(r! - 0x0f) + Math.abs(g! - 0x76) + Math.abs(b! - 0x6e)).toBeLessThan(24);
  });

  it("gives pages without their own image the social image as og:image", async () => {
    const { seo } = await import("~/lib/seo");
    const tags = seo({ matches: [{ id: "root", data: { siteUrl: "https://studio.test" } }], path: "/", title: "t", description: "d" });
    expect(tags).toContainEqual({ property: "og:image", content: "https://studio.test/social-image.png" });
  });
});
