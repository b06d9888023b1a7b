import { beforeAll, describe, expect, it, vi } from "vitest";
import { issueToken } from "~/domain/access.server";
import * as page from "~/routes/_site.case-studies.$id";
import * as one from "~/routes/api.case-studies.$id";
import * as list from "~/routes/api.case-studies";
import * as publicList from "~/routes/api.public.case-studies";
import { connectDb } from "~/server/db.server";
import { call, get } from "../support/remix";
import { signedInAdmin } from "../support/session";
import { caseStudyFields } from "../support/case-study-fields";
import { apiHeaders, apiRequest, imageFile, multipartRequest } from "../support/factories";

// Before any import reads the configuration: images served by a CDN under a path (the trailing slash is dropped).
vi.hoisted(() => {
  process.env.ASSET_URL = "https://cdn.studio.test/site/";
});

const CDN_IMAGE = /^https:\/\/cdn\.studio\.test\/site\/uploads\/([0-9a-f]{32})-1600\.webp$/;
type Study = { id: string; slug: string; image_url: string };

let token: string;
beforeAll(async () => {
  await connectDb();
  token = (await issueToken((await signedInAdmin("image-urls@studio.test", "Image Urls")).admin.id)).token;
});

describe("with ASSET_URL, every API answer gives the image's address on the CDN", () => {
  it("create, read, list, the public list and a change; the site's own pages keep the root-relative path", async () => {
    const created = await call(
      list.action,
      await multipartRequest(
        "/api/case-studies",
        { ...caseStudyFields("On the CDN"), image: await imageFile() },
        { headers: apiHeaders({ token }) },
      ),
    );
    expect(created.status).toBe(201);
    const study = created.data as Study;
    const name = CDN_IMAGE.exec(study.image_url)?.[1];
    expect(name, study.image_url).toBeDefined();

    const read = await call(one.loader, apiRequest(`/api/case-studies/${study.id}`, { token }), { id: study.id });
    expect((read.data as Study).image_url).toBe(study.image_url);
    const listed = await call(list.loader, apiRequest("/api/case-studies", { token }));
    expect((listed.data as { data: Study[] }).data.map((item) => item.image_url)).toEqual([study.image_url]);
    const publicListed = await call(publicList.loader, apiRequest("/api/public/case-studies"));
    expect((publicListed.data as Study[]).map((item) => item.image_url)).toEqual([study.image_url]);
    const changed = await call(
      one.action,
      apiRequest(`/api/case-studies/${study.id}`, { method: "PATCH", json: { title: "Moved" }, token }),
      {
        id: study.id,
      },
    );
    expect((changed.data as Study).image_url).toBe(study.image_url);

    const html = await call(page.loader, get(`/case-studies/${study.slug}`), { id: study.slug });
    expect((html.data as { study: Study }).study.image_url).toBe(`/uploads/${name}-1600.webp`);
  });
});
