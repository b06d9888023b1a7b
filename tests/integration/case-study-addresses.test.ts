import mongoose from "mongoose";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { issueToken } from "~/domain/access.server";
import {
  createCaseStudy,
  findCaseStudyByAddress,
  restoreCaseStudyVersion,
  updateCaseStudy,
  freeSlug,
  giveMissingSlugs,
  isSlugTaken,
  writeWithSlug,
} from "~/domain/case-studies.server";
import { messages } from "~/domain/messages";
import type { ImageStorage } from "~/domain/ports";
import { caseStudyInput } from "~/domain/schemas";
import type { CaseStudy } from "~/domain/types";
import { CaseStudyModel } from "~/models/case-study.server";
import * as root from "~/root";
import * as home from "~/routes/_site._index";
import * as detail from "~/routes/_site.case-studies.$id";
import * as publicList from "~/routes/_site.case-studies._index";
import * as apiList from "~/routes/api.case-studies";
import * as apiOne from "~/routes/api.case-studies.$id";
import * as publicOne from "~/routes/api.public.case-studies.$slug";
import * as edit from "~/routes/dashboard.case-studies.edit.$id";
import * as sitemap from "~/routes/sitemap[.]xml";
import { connectDb } from "~/server/db.server";
import { refusal } from "../support/form-replies";
import { call, get } from "../support/remix";
import { signedInAdmin } from "../support/session";
import { caseStudyFields, caseStudyFormFields } from "../support/case-study-fields";
import { apiHeaders, apiRequest, BASE_URL, imageFile, multipartRequest, noFile } from "../support/factories";
import { testOrigin } from "../support/origin";

// docs/behaviour.md#addresses: slugs, former slugs and the 301s, through the domain, the pages and the API.

const fields = caseStudyInput.parse({
  title: "Placeholder",
  client: "Café Ünïon",
  industry: "Hospitality",
  project_insight: "A brand refresh.",
  technologies: "Figma",
  outcomes: [
    { label: "Visits", value: "+20%" },
    { label: "Orders", value: "+12%" },
    { label: "Rating", value: "4.9" },
  ],
});

/** Stores nothing: the domain's rules are what is tested here, not images. */
const stored: string[] = [];
const images: ImageStorage = {
  store: async () => {
    const url = `/uploads/${"0".repeat(31)}${stored.length}-1600.webp`;
    stored.push(url);
    return { ok: true, url };
  },
  remove: async () => undefined,
};
const write = { origin: testOrigin(), images };
const photo = () => new File([new Uint8Array([1])], "x.jpg", { type: "image/jpeg" });

async function created(title: string, extra: Partial<typeof fields> = {}): Promise<CaseStudy> {
  const result = await createCaseStudy({ ...fields, title, ...extra }, photo(), write);
  if (!result.ok) throw new Error(`setup: ${result.reason}`);
  return result.value;
}

async function changed(id: string, changes: Parameters<typeof updateCaseStudy>[1]): Promise<CaseStudy> {
  const result = await updateCaseStudy(id, changes, null, write);
  if (!result.ok) throw new Error(`setup: ${result.reason}`);
  return result.value;
}

const stateOf = async (id: string) => {
  const doc = await CaseStudyModel.findById(id).lean();
  return { slug: doc?.slug, former_slugs: doc?.former_slugs ?? [] };
};

let admin: Awaited<ReturnType<typeof signedInAdmin>>;
let token: string;

beforeAll(async () => {
  await connectDb();
  await CaseStudyModel.init();
  admin = await signedInAdmin("addresses@studio.test", "Address Admin");
  token = (await issueToken(admin.admin.id)).token;
});

beforeEach(async () => {
  await CaseStudyModel.deleteMany({});
  stored.length = 0;
});

describe("a new case study's slug", () => {
  it("is made from the title, with -2, -3… when taken", async () => {
    expect((await created("Café Ünïon: a brand refresh")).slug).toBe("cafe-union-a-brand-refresh");
    expect((await created("Café Ünïon: a brand refresh")).slug).toBe("cafe-union-a-brand-refresh-2");
    expect((await created("CAFÉ ÜNÏON — A BRAND REFRESH")).slug).toBe("cafe-union-a-brand-refresh-3");
  });

  it("takes a slug written for it, cleaned, and refuses one another entry has, before storing the image", async () => {
    expect((await created("Anything", { slug: "our-shop" })).slug).toBe("our-shop");
    const before = stored.length;
    expect(await createCaseStudy({ ...fields, title: "Other", slug: "our-shop" }, photo(), write)).toEqual({
      ok: false,
      reason: "slug-taken",
    });
    expect(stored).toHaveLength(before);
    expect(await CaseStudyModel.countDocuments()).toBe(1);
  });

  it("never takes another entry's former slug, written or made from the title", async () => {
    const first = await created("Night run");
    await changed(first.id, { slug: "night-run-campaign" });
    expect(await createCaseStudy({ ...fields, title: "X", slug: "night-run" }, photo(), write)).toEqual({
      ok: false,
      reason: "slug-taken",
    });
    expect((await created("Night run")).slug).toBe("night-run-2");
  });

  it("never looks like an id, and a title with no letter left gets a fallback", async () => {
    expect((await created("64b7f0000000000000000000")).slug).toBe("64b7f0000000000000000000-2");
    expect((await created("🚀 ✨")).slug).toBe("case-study");
    expect((await created("日本語")).slug).toBe("case-study-2");
  });
});

describe("changing a slug", () => {
  it("keeps the old one as former, and an entry may take back its own", async () => {
    const study = await created("Old name");
    await changed(study.id, { slug: "new-name" });
    expect(await stateOf(study.id)).toEqual({ slug: "new-name", former_slugs: ["old-name"] });
    await changed(study.id, { slug: "third-name" });
    expect(await stateOf(study.id)).toEqual({ slug: "third-name", former_slugs: ["old-name", "new-name"] });
    await changed(study.id, { slug: "old-name" });
    expect(await stateOf(study.id)).toEqual({ slug: "old-name", former_slugs: ["new-name", "third-name"] });
  });

  it("stays put when the title changes or the slug is left out, and follows the title when emptied", async () => {
    const study = await created("First title");
    await changed(study.id, { title: "Second title" });
    expect(await stateOf(study.id)).toEqual({ slug: "first-title", former_slugs: [] });
    await changed(study.id, { slug: null, title: "Third title" });
    expect(await stateOf(study.id)).toEqual({ slug: "third-title", former_slugs: ["first-title"] });
  });

  it("refuses another entry's current or former slug, and lets the entry keep its own", async () => {
    const one = await created("One");
    await changed(one.id, { slug: "one-renamed" });
    const two = await created("Two");
    for (const slug of ["one", "one-renamed"]) {
      expect(await isSlugTaken(slug, { exceptId: two.id })).toBe(true);
      expect(await updateCaseStudy(two.id, { slug }, null, write)).toEqual({ ok: false, reason: "slug-taken" });
    }
    expect(await isSlugTaken("one", { exceptId: one.id })).toBe(false);
    expect((await changed(two.id, { slug: "two" })).slug).toBe("two");
    expect(await stateOf(two.id)).toEqual({ slug: "two", former_slugs: [] });
  });

  it("is guarded by the unique index when two writes race past the check", async () => {
    await created("Taken", { slug: "taken" });
    const wanted = await writeWithSlug("taken", "Anything", undefined, (slug) =>
      CaseStudyModel.create({ ...fields, slug, title: "Racer", image_url: "/images/x-1600.webp" }),
    );
    expect(wanted).toEqual({ ok: false, reason: "slug-taken" });
    // Made from the title, the loser tries the next free slug.
    let first = true;
    const made = await writeWithSlug(null, "Taken", undefined, (slug) => {
      const tried = first ? "taken" : slug;
      first = false;
      return CaseStudyModel.create({ ...fields, slug: tried, title: "Racer", image_url: "/images/x-1600.webp" });
    });
    expect(made.ok && made.value.slug).toBe("taken-2");
  });

  it("is kept when a version is restored: addresses must not break", async () => {
    const study = await created("Restored");
    await changed(study.id, { slug: "moved", title: "Restored, then moved" });
    const restored = await restoreCaseStudyVersion(study.id, 1, write);
    expect(restored.ok && restored.value).toMatchObject({ title: "Restored", slug: "moved" });
    expect(await stateOf(study.id)).toEqual({ slug: "moved", former_slugs: ["restored"] });
  });
});

describe("entries stored without a slug", () => {
  const legacy = (title: string) => ({
    ...fields,
    title,
    image_url: "/images/x-1600.webp",
    created_at: new Date(),
    updated_at: new Date(),
  });

  it("get one at start-up, once, even with several instances starting at once", async () => {
    await created("Shared title");
    const moved = await created("Moved away");
    await changed(moved.id, { slug: "elsewhere" });
    await CaseStudyModel.collection.insertMany([
      legacy("Shared title"),
      legacy("Shared title"),
      legacy("Moved away"),
      { ...legacy("With null"), slug: null },
    ]);
    const [a, b] = await Promise.all([giveMissingSlugs(), giveMissingSlugs()]);
    expect(a + b).toBe(4);
    const slugs = (await CaseStudyModel.find({}).lean()).map((doc) => doc.slug).sort();
    expect(slugs).toEqual(["elsewhere", "moved-away-2", "shared-title", "shared-title-2", "shared-title-3", "with-null"]);
    expect(await giveMissingSlugs()).toBe(0);
  });

  it("answer at their id until then, without a redirect", async () => {
    const { insertedId } = await CaseStudyModel.collection.insertOne(legacy("Not yet named"));
    const id = insertedId.toString();
    expect(await findCaseStudyByAddress(id)).toMatchObject({ study: { id, slug: id }, current: true });
    const page = await call(detail.loader, get(`/case-studies/${id}`), { id });
    expect(page.status).toBe(200);
  });

  it("are given free slugs that avoid every other entry's former ones", async () => {
    const study = await created("Report");
    await changed(study.id, { slug: "annual-report" });
    expect(await freeSlug("report")).toBe("report-2");
    expect(await freeSlug("report", { exceptId: study.id })).toBe("report");
  });
});

describe("the case study page", () => {
  const page = (address: string, cookie?: string) => call(detail.loader, get(`/case-studies/${address}`, cookie), { id: address });

  it("answers at its slug, and 301 from its id, a former slug or another case, keeping the query", async () => {
    const study = await created("Kilnworth coffee");
    await changed(study.id, { slug: "kilnworth-coffee-identity" });
    const current = await page("kilnworth-coffee-identity");
    expect(current.status).toBe(200);
    expect((current.data as { study: CaseStudy }).study.id).toBe(study.id);
    for (const address of [study.id, "kilnworth-coffee", "Kilnworth-Coffee-Identity", `${study.id}?utm_source=mail&x=1`]) {
      const [path, query = ""] = address.split("?");
      const moved = await call(detail.loader, get(`/case-studies/${address}`), { id: path! });
      expect(moved.status, address).toBe(301);
      expect(moved.headers.get("Location")).toBe(`/case-studies/kilnworth-coffee-identity${query ? `?${query}` : ""}`);
      expect(moved.headers.get("Cache-Control")).toBe("public, max-age=0, s-maxage=60");
    }
    for (const address of ["kilnworth", "0123456789abcdef01234567", "x".repeat(300)]) expect((await page(address)).status).toBe(404);
  });

  it("moves a draft only for an admin; anyone else gets the same 404 as for an unknown address", async () => {
    const draft = await created("Secret project", { status: "draft" });
    await changed(draft.id, { slug: "secret-project-v2" });
    for (const address of [draft.id, "secret-project", "secret-project-v2"]) expect((await page(address)).status, address).toBe(404);
    const moved = await page("secret-project", admin.cookie);
    expect(moved.status).toBe(301);
    expect(moved.headers.get("Location")).toBe("/case-studies/secret-project-v2");
    expect(moved.headers.get("Cache-Control")).toBe("private, no-store");
    expect((await page("secret-project-v2", admin.cookie)).status).toBe(200);
  });

  it("gives the slug's address as canonical, og:url and JSON-LD url", async () => {
    const study = await created("Lanternhill learning");
    const address = `/case-studies/${study.slug}`;
    const { data } = await page(study.slug);
    const { data: rootData } = await call(root.loader, get(address));
    const tags = detail.meta({
      data,
      matches: [{ id: "root", data: rootData }],
      params: { id: study.slug },
      location: { pathname: address, search: "" },
    } as unknown as Parameters<typeof detail.meta>[0]);
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: `${BASE_URL}${address}` });
    expect(tags).toContainEqual({ property: "og:url", content: `${BASE_URL}${address}` });
    const ld = tags.find((tag) => "script:ld+json" in tag) as { "script:ld+json": { url: string } };
    expect(ld["script:ld+json"].url).toBe(`${BASE_URL}${address}`);
  });
});

describe("links", () => {
  it("the sitemap, the public list's ItemList and the home page's latest work use the slug", async () => {
    const study = await created("Alderbrook portal");
    await changed(study.id, { slug: "alderbrook-patient-portal" });
    const xml = (await call(sitemap.loader, get("/sitemap.xml"))).data as string;
    expect(xml).toContain(`<loc>${BASE_URL}/case-studies/alderbrook-patient-portal</loc>`);
    expect(xml).not.toContain(study.id);
    expect(xml).not.toContain("/case-studies/alderbrook-portal<");

    const listed = await call(publicList.loader, get("/case-studies"));
    const { data: rootData } = await call(root.loader, get("/case-studies"));
    const tags = publicList.meta({
      data: listed.data,
      matches: [{ id: "root", data: rootData }],
      params: {},
      location: { pathname: "/case-studies", search: "" },
    } as unknown as Parameters<typeof publicList.meta>[0]);
    expect(JSON.stringify(tags)).toContain(`"url":"${BASE_URL}/case-studies/alderbrook-patient-portal"`);

    const front = await call(home.loader, get("/"));
    expect((front.data as { latest: { slug: string }[] }).latest.map((item) => item.slug)).toEqual(["alderbrook-patient-portal"]);
  });
});

describe("the API", () => {
  const publicCall = (address: string) => call(publicOne.loader, apiRequest(`/api/public/case-studies/${address}`), { slug: address });

  it("GET /api/public/case-studies/{slug} answers a published entry; its id or a former slug 301 to its current slug", async () => {
    const study = await created("Corridor freight");
    await changed(study.id, { slug: "corridor-dispatch" });
    const found = await publicCall("corridor-dispatch");
    expect(found.status).toBe(200);
    expect(found.data).toMatchObject({ id: study.id, slug: "corridor-dispatch", title: "Corridor freight" });
    expect(found.data).not.toHaveProperty("status");
    const moved = await call(publicOne.loader, apiRequest("/api/public/case-studies/corridor-freight?fields=all"), {
      slug: "corridor-freight",
    });
    expect(moved.status).toBe(301);
    expect(moved.headers.get("Location")).toBe("/api/public/case-studies/corridor-dispatch?fields=all");
    expect(moved.data).toBe("");
    expect((await publicCall(study.id)).headers.get("Location")).toBe("/api/public/case-studies/corridor-dispatch");
    const draft = await created("Hidden", { status: "draft" });
    for (const address of ["nobody-had-this", draft.slug, draft.id]) {
      const missing = await publicCall(address);
      expect(missing.status).toBe(404);
      expect(missing.data).toEqual({ message: messages.apiCaseStudyNotFound });
    }
  });

  it("takes and returns slug on create, PUT and PATCH; a taken one is 422 at the field; GET by id keeps working", async () => {
    const taken = await created("Taken here", { slug: "taken-here" });
    const createWith = async (slug: string) =>
      call(
        apiList.action,
        await multipartRequest(
          "/api/case-studies",
          { ...caseStudyFields("Made by the API", { slug }), image: await imageFile() },
          {
            headers: apiHeaders({ token }),
          },
        ),
      );
    const refused = await createWith("Taken Here");
    expect(refused.status).toBe(422);
    expect(refused.data).toEqual({ message: messages.caseStudySlugTaken, errors: { slug: [messages.caseStudySlugTaken] } });
    const made = await createWith("");
    expect(made.status).toBe(201);
    const id = (made.data as CaseStudy).id;
    expect(made.data).toMatchObject({ slug: "made-by-the-api" });

    const patch = (json: unknown) => call(apiOne.action, apiRequest(`/api/case-studies/${id}`, { method: "PATCH", json, token }), { id });
    expect((await patch({ slug: "Über API!" })).data).toMatchObject({ slug: "uber-api" });
    expect((await patch({ slug: "taken-here" })).status).toBe(422);
    const idShaped = await patch({ slug: taken.id });
    expect(idShaped.status).toBe(422);
    expect(idShaped.data).toMatchObject({ errors: { slug: [messages.caseStudySlugLooksLikeId] } });
    const put = await call(
      apiOne.action,
      apiRequest(`/api/case-studies/${id}`, { method: "PUT", token, form: caseStudyFields("Put title", { slug: "put-address" }) }),
      { id },
    );
    expect(put.data).toMatchObject({ slug: "put-address", title: "Put title" });
    const byId = await call(apiOne.loader, apiRequest(`/api/case-studies/${id}`, { token }), { id });
    expect(byId.data).toMatchObject({ id, slug: "put-address" });
    expect((await publicCall("uber-api")).headers.get("Location")).toBe("/api/public/case-studies/put-address");
  });
});

describe("the editor's Web address field", () => {
  const post = async (id: string, slug: string) =>
    call(
      edit.action,
      await multipartRequest(
        `/dashboard/case-studies/edit/${id}`,
        { ...caseStudyFormFields("Edited in the dashboard", { slug }), image: noFile() },
        { headers: { Cookie: admin.cookie } },
      ),
      { id },
    );

  it("refuses another entry's address under the field, keeping what was typed, and saves a free one", async () => {
    await created("Someone else", { slug: "someone-else" });
    const mine = await created("Mine");
    const taken = await post(mine.id, "someone-else");
    expect(taken.status).toBe(422);
    const shown = refusal(taken.data);
    expect(shown.errors).toEqual({ slug: [messages.caseStudySlugTaken] });
    expect(shown.values).toMatchObject({ slug: "someone-else" });
    const saved = await post(mine.id, "My own address");
    expect(saved.status).toBe(302);
    expect(await stateOf(mine.id)).toEqual({ slug: "my-own-address", former_slugs: ["mine"] });
    const loaded = await call(edit.loader, get(`/dashboard/case-studies/edit/${mine.id}`, admin.cookie), { id: mine.id });
    expect(JSON.stringify(loaded.data)).toContain('"slug":"my-own-address"');
  });

  it("asks once whether a wanted address is taken: the save refuses it, not the form's check as well", async () => {
    const mine = await created("Asked once");
    const asked: string[] = [];
    mongoose.set("debug", (collection: string, method: string, filter: unknown) => {
      if (JSON.stringify(filter ?? null).includes('"former_slugs":"asked-once-new"')) asked.push(`${collection}.${method}`);
    });
    try {
      expect((await post(mine.id, "asked-once-new")).status).toBe(302);
    } finally {
      mongoose.set("debug", false);
    }
    expect(asked).toHaveLength(1);
  });
});
