import { beforeAll, describe, expect, it, vi } from "vitest";
import { issueToken } from "~/domain/access.server";
import { messages } from "~/domain/messages";
import { CaseStudyModel } from "~/models/case-study.server";
import * as apiList from "~/routes/api.case-studies";
import * as apiOne from "~/routes/api.case-studies.$id";
import * as apiRestore from "~/routes/api.case-studies.$id.versions.$n.restore";
import * as contentImages from "~/routes/api.content.images";
import * as root from "~/root";
import * as page from "~/routes/_site.case-studies.$id";
import * as edit from "~/routes/dashboard.case-studies.edit.$id";
import * as upload from "~/routes/dashboard.case-studies.upload";
import * as confirmDelete from "~/routes/dashboard.case-studies.$id.delete";
import { connectDb } from "~/server/db.server";
import { imageStore, uploadMessages } from "~/server/uploads.server";
import { removeOrphanImages } from "~/server/orphan-images.server";
import { caseStudyFields, caseStudyFormFields } from "../support/case-study-fields";
import {
  apiHeaders,
  apiRequest,
  BASE_URL,
  file,
  imageFile,
  jpegOfSize,
  MB,
  multipartRequest,
  noFile,
  type Parts,
} from "../support/factories";
import { refusal } from "../support/form-replies";
import { call, get, postForm } from "../support/remix";
import { signedInAdmin } from "../support/session";
import { storedNames } from "../support/uploads";

// The story, gallery and search-engine fields of a case study (docs/behaviour.md#the-story-in-full,
// docs/api.md#case-study-images) through the dashboard's form, the API and the page.

// Before any import reads the configuration: a 1 MB limit, so an oversize file stays small.
vi.hoisted(() => {
  process.env.MAX_UPLOAD_MB = "1";
});

const UPLOAD = "/dashboard/case-studies/upload";
const editPath = (id: string) => `/dashboard/case-studies/edit/${id}`;

let me: Awaited<ReturnType<typeof signedInAdmin>>;
let token: string;

beforeAll(async () => {
  await connectDb();
  me = await signedInAdmin("story-editor@studio.test", "Story Editor");
  token = (await issueToken(me.admin.id)).token;
});

const idOf = (url: string) => /\/uploads\/([0-9a-f]{32})-1600\.webp$/.exec(url)![1];
const variantsOf = (...urls: string[]) => urls.flatMap((url) => [480, 960, 1600].map((width) => `${idOf(url)}-${width}.webp`)).sort();
const colour = (r: number) => ({ r, g: 80, b: 160 });
const photo = (r: number) => imageFile("png", { width: 320, height: 200, background: colour(r) });
const notAnImage = () => file("plain text, not an image", "notes.png", "image/png");

/** A dashboard form post as a browser without JavaScript sends it: the fields, the cover's part, then the rest. */
const dashboard = (path: string, parts: Parts) => multipartRequest(path, parts, { headers: { Cookie: me.cookie } });

/** The editor's gallery fields (conform's names): a File is a new image, a string the url it already has. */
function galleryParts(entries: { image: File | string; alt: string; caption?: string }[]): Parts {
  return Object.fromEntries(
    entries.flatMap(({ image, alt, caption = "" }, index) => [
      [`gallery[${index}].url`, typeof image === "string" ? image : ""],
      [`gallery[${index}].image`, typeof image === "string" ? noFile() : image],
      [`gallery[${index}].alt`, alt],
      [`gallery[${index}].caption`, caption],
    ]),
  );
}

const story = {
  summary: "A storefront that loads in 1.4 s on phones.",
  challenge: "The old store took **six seconds**. See [the audit](https://audit.example/report).",
  approach: "",
  result: "- Conversion +38%\n- Cart abandonment -22%",
  seo_title: "Storefront rebuild for Acme",
  seo_description: "How Acme's store got fast.",
};

async function uploadedWithGallery(title: string) {
  const before = await storedNames();
  const result = await call(
    upload.action,
    await dashboard(UPLOAD, {
      ...caseStudyFormFields(title),
      ...story,
      image: await photo(10),
      ...galleryParts([
        { image: await photo(40), alt: "The home page on a laptop", caption: "Home page" },
        { image: await photo(70), alt: "The basket on a phone" },
      ]),
      seo_image: await photo(100),
    }),
  );
  expect(result.status).toBe(302);
  const doc = (await CaseStudyModel.findOne({ title }).lean())!;
  return { id: doc._id.toString(), doc, before };
}

describe("the dashboard's form", () => {
  it("saves the summary, the sections, a gallery of new files and a social image; the page gets the sections it has", async () => {
    const { doc, before } = await uploadedWithGallery("Story Upload");
    expect(doc).toMatchObject({ summary: story.summary, challenge: story.challenge, approach: null, result: story.result });
    expect(doc).toMatchObject({ seo_title: story.seo_title, seo_description: story.seo_description });
    expect(doc.gallery).toEqual([
      { url: expect.stringMatching(/^\/uploads\/[0-9a-f]{32}-1600\.webp$/), alt: "The home page on a laptop", caption: "Home page" },
      { url: expect.stringMatching(/^\/uploads\/[0-9a-f]{32}-1600\.webp$/), alt: "The basket on a phone", caption: null },
    ]);
    const added = (await storedNames()).filter((name) => !before.includes(name));
    expect(added).toEqual(variantsOf(doc.image_url, doc.gallery![0]!.url, doc.gallery![1]!.url, doc.seo_image_url!));

    const shown = await call(page.loader, get(`/case-studies/${doc.slug}`), { id: doc.slug! });
    const { sections } = shown.data as { sections: { id: string; title: string; blocks: unknown[] }[] };
    expect(sections.map(({ id, title }) => [id, title])).toEqual([
      ["challenge", "Challenge"],
      ["result", "Result"],
    ]);
    expect(JSON.stringify(sections[0]!.blocks)).toContain('"href":"https://audit.example/report"');
  });

  it("refuses a gallery entry without alt text or image, keeping what was typed and storing no file", async () => {
    const before = { names: await storedNames(), docs: await CaseStudyModel.countDocuments() };
    const result = await call(
      upload.action,
      await dashboard(UPLOAD, {
        ...caseStudyFormFields("Refused Gallery"),
        summary: "Kept as typed.",
        image: await photo(10),
        ...galleryParts([
          { image: await photo(40), alt: "", caption: "A caption" },
          { image: "", alt: "Nothing chosen" },
        ]),
      }),
    );
    expect(result.status).toBe(422);
    const refused = refusal(result.data);
    expect(refused.errors).toEqual({
      "gallery[0].alt": [messages.galleryAltRequired],
      "gallery[1].image": [messages.galleryImageRequired],
    });
    expect(refused.values).toMatchObject({
      title: "Refused Gallery",
      summary: "Kept as typed.",
      gallery: [{ caption: "A caption" }, { alt: "Nothing chosen" }],
    });
    expect(await storedNames()).toEqual(before.names);
    expect(await CaseStudyModel.countDocuments()).toBe(before.docs);
  });

  it("refuses a gallery file that is no image under its own entry, removing the files of the same save already stored", async () => {
    const before = { names: await storedNames(), docs: await CaseStudyModel.countDocuments() };
    const result = await call(
      upload.action,
      await dashboard(UPLOAD, {
        ...caseStudyFormFields("Bad Gallery File"),
        image: await photo(10),
        ...galleryParts([
          { image: await photo(40), alt: "A good one" },
          { image: notAnImage(), alt: "A bad one" },
        ]),
      }),
    );
    expect(result.status).toBe(415);
    expect(refusal(result.data).errors).toEqual({ "gallery[1].image": [uploadMessages.notAnImage] });
    expect(await storedNames()).toEqual(before.names);
    expect(await CaseStudyModel.countDocuments()).toBe(before.docs);
  });

  it("refuses an oversize gallery file under its own entry, keeping what was typed", async () => {
    const before = await storedNames();
    const result = await call(
      upload.action,
      await dashboard(UPLOAD, {
        ...caseStudyFormFields("Oversize Gallery"),
        image: await photo(10),
        ...galleryParts([{ image: jpegOfSize(1.5 * MB), alt: "Far too big" }]),
      }),
    );
    expect(result.status).toBe(413);
    const refused = refusal(result.data);
    expect(refused.errors).toEqual({ "gallery[0].image": [uploadMessages.tooLarge(1)] });
    expect(refused.values).toMatchObject({ title: "Oversize Gallery", gallery: [{ alt: "Far too big" }] });
    expect(await storedNames()).toEqual(before);
  });

  it("moves, adds and removes entries without JavaScript, storing nothing until saved; the save keeps the new order", async () => {
    const { id, doc } = await uploadedWithGallery("Reordered Gallery");
    const [first, second] = doc.gallery!;
    const typed = {
      ...caseStudyFormFields("Reordered Gallery"),
      image: noFile(),
      ...galleryParts([
        { image: first!.url, alt: first!.alt, caption: "Home page" },
        { image: second!.url, alt: second!.alt },
      ]),
    };
    const names = await storedNames();
    const intent = async (value: object) =>
      call(edit.action, await dashboard(editPath(id), { ...typed, __intent__: JSON.stringify(value) }), { id });

    const moved = await intent({ type: "reorder", payload: { name: "gallery", from: 1, to: 0 } });
    expect(moved.status).toBe(200);
    expect(refusal(moved.data).values).toMatchObject({ gallery: [{ url: second!.url }, { url: first!.url }] });
    const added = await call(
      edit.action,
      await dashboard(editPath(id), {
        ...typed,
        "gallery[1].image": await photo(200),
        __intent__: JSON.stringify({ type: "insert", payload: { name: "gallery", defaultValue: { url: "", alt: "", caption: "" } } }),
      }),
      { id },
    );
    expect((refusal(added.data).values as { gallery: unknown[] }).gallery).toHaveLength(3);
    const removed = await intent({ type: "remove", payload: { name: "gallery", index: 0 } });
    expect(refusal(removed.data).values).toMatchObject({ gallery: [{ url: second!.url }] });
    expect(await storedNames()).toEqual(names);
    expect((await CaseStudyModel.findById(id).lean())!.gallery).toEqual(doc.gallery);

    const saved = await call(
      edit.action,
      await dashboard(editPath(id), {
        ...typed,
        ...galleryParts([
          { image: second!.url, alt: second!.alt },
          { image: first!.url, alt: first!.alt, caption: "Home page" },
        ]),
      }),
      { id },
    );
    expect(saved.status).toBe(302);
    expect((await CaseStudyModel.findById(id).lean())!.gallery).toEqual([second, first]);
    expect(await storedNames()).toEqual(names);
  });

  it("keeps a removed image's files while a version shows it; deleting the entry removes every file it had", async () => {
    const { id, doc } = await uploadedWithGallery("Removed Gallery");
    const [first, second] = doc.gallery!;
    const all = variantsOf(doc.image_url, first!.url, second!.url, doc.seo_image_url!);
    const saved = await call(
      edit.action,
      await dashboard(editPath(id), {
        ...caseStudyFormFields("Removed Gallery"),
        image: noFile(),
        ...galleryParts([{ image: second!.url, alt: second!.alt }]),
        seo_image_url: "",
      }),
      { id },
    );
    expect(saved.status).toBe(302);
    const after = (await CaseStudyModel.findById(id).lean())!;
    expect(after.gallery).toEqual([second]);
    expect(after.seo_image_url).toBeNull();
    // The first version still shows the removed image and the social image: a restore could bring them back.
    expect(await storedNames()).toEqual(expect.arrayContaining(all));

    const deleted = await call(confirmDelete.action, postForm(`/dashboard/case-studies/${id}/delete`, {}, me.cookie), { id });
    expect(deleted.status).toBe(302);
    const left = await storedNames();
    expect(all.filter((name) => left.includes(name))).toEqual([]);
  });

  it("empties the gallery when the form sends no entry at all", async () => {
    const { id } = await uploadedWithGallery("Emptied Gallery");
    const saved = await call(edit.action, await dashboard(editPath(id), { ...caseStudyFormFields("Emptied Gallery"), image: noFile() }), {
      id,
    });
    expect(saved.status).toBe(302);
    expect((await CaseStudyModel.findById(id).lean())!.gallery).toEqual([]);
  });
});

describe("the API", () => {
  const auth = () => ({ headers: apiHeaders({ token }) });

  async function storedUpload(r: number): Promise<string> {
    const result = await call(contentImages.action, await multipartRequest("/api/content/images", { image: await photo(r) }, auth()));
    expect(result.status).toBe(201);
    return (result.data as { url: string }).url;
  }

  it("takes gallery[n][image] files and gallery[n][url] of stored images in the order of n, and answers every address absolute", async () => {
    const kept = await storedUpload(120);
    const result = await call(
      apiList.action,
      await multipartRequest(
        "/api/case-studies",
        {
          ...caseStudyFields("Api Gallery"),
          image: await photo(10),
          "gallery[3][url]": kept,
          "gallery[3][alt]": "Kept from an earlier upload",
          "gallery[1][image]": await photo(130),
          "gallery[1][alt]": "A new one",
          "gallery[1][caption]": "New",
          seo_image: await photo(140),
          summary: "Through the API.",
        },
        auth(),
      ),
    );
    expect(result.status).toBe(201);
    const answer = result.data as { id: string; gallery: { url: string; alt: string; caption: string | null }[]; seo_image_url: string };
    expect(answer.gallery).toEqual([
      { url: expect.stringMatching(new RegExp(`^${BASE_URL}/uploads/[0-9a-f]{32}-1600\\.webp$`)), alt: "A new one", caption: "New" },
      { url: kept, alt: "Kept from an earlier upload", caption: null },
    ]);
    expect(answer.seo_image_url).toMatch(new RegExp(`^${BASE_URL}/uploads/`));
    const doc = (await CaseStudyModel.findById(answer.id).lean())!;
    expect(doc.gallery![1]!.url).toBe(kept.slice(BASE_URL.length));
  });

  it("takes a JSON gallery of stored images, absolute or root-relative; refuses an upload that does not exist; [] and null clear", async () => {
    const [a, b] = [await storedUpload(150), await storedUpload(160)];
    const created = await call(
      apiList.action,
      await multipartRequest("/api/case-studies", { ...caseStudyFields("Json Gallery"), image: await photo(10) }, auth()),
    );
    const { id } = created.data as { id: string };
    const patch = (json: unknown) => call(apiOne.action, apiRequest(`/api/case-studies/${id}`, { method: "PATCH", json, token }), { id });

    const set = await patch({
      gallery: [
        { url: b, alt: "B", caption: "Second upload" },
        { url: a.slice(BASE_URL.length), alt: "A" },
      ],
      seo_image_url: a,
    });
    expect(set.status).toBe(200);
    expect(set.data).toMatchObject({
      gallery: [
        { url: b, alt: "B", caption: "Second upload" },
        { url: a, alt: "A", caption: null },
      ],
      seo_image_url: a,
    });
    expect((await CaseStudyModel.findById(id).lean())!.gallery!.map(({ url }) => url)).toEqual(
      [b, a].map((url) => url.slice(BASE_URL.length)),
    );

    const missing = "/uploads/0123456789abcdef0123456789abcdef-1600.webp";
    const refused = await patch({ gallery: [{ url: missing, alt: "Gone" }] });
    expect(refused.status).toBe(422);
    expect((refused.data as { errors: unknown }).errors).toEqual({ "gallery.0.url": [messages.storedImageInvalid] });
    const elsewhere = await patch({ gallery: [{ url: "https://elsewhere.example/a-1600.webp", alt: "Elsewhere" }] });
    expect((elsewhere.data as { errors: unknown }).errors).toEqual({ "gallery.0.url": [messages.storedImageInvalid] });

    const cleared = await patch({ gallery: [], seo_image_url: null });
    expect(cleared.data).toMatchObject({ gallery: [], seo_image_url: null });
  });

  it("answers a refused gallery file under its own field, keeping nothing of the request", async () => {
    const before = await storedNames();
    const result = await call(
      apiList.action,
      await multipartRequest(
        "/api/case-studies",
        {
          ...caseStudyFields("Api Refused"),
          image: await photo(10),
          "gallery[0][image]": notAnImage(),
          "gallery[0][alt]": "Not an image",
        },
        auth(),
      ),
    );
    expect(result.status).toBe(415);
    expect((result.data as { errors: unknown }).errors).toEqual({ "gallery.0.image": [uploadMessages.notAnImage] });
    expect(await storedNames()).toEqual(before);
  });

  it("brings a removed gallery back, files and all, with a restore from the history", async () => {
    const { id, doc } = await uploadedWithGallery("Restored Gallery");
    const cleared = await call(apiOne.action, apiRequest(`/api/case-studies/${id}`, { method: "PATCH", json: { gallery: [] }, token }), {
      id,
    });
    expect(cleared.data).toMatchObject({ gallery: [] });
    const restored = await call(apiRestore.action, apiRequest(`/api/case-studies/${id}/versions/1/restore`, { method: "POST", token }), {
      id,
      n: "1",
    });
    expect(restored.status).toBe(200);
    expect((await CaseStudyModel.findById(id).lean())!.gallery).toEqual(doc.gallery);
    expect(await storedNames()).toEqual(expect.arrayContaining(variantsOf(...doc.gallery!.map(({ url }) => url))));
  });
});

describe("the page's search-engine tags", () => {
  async function tagsOf(slug: string) {
    const path = `/case-studies/${slug}`;
    const { data } = await call(page.loader, get(path), { id: slug });
    const { data: rootData } = await call(root.loader, get(path));
    const tags = page.meta({
      data,
      matches: [{ id: "root", data: rootData }],
      params: { id: slug },
      location: { pathname: path, search: "" },
    } as unknown as Parameters<typeof page.meta>[0]) as Record<string, unknown>[];
    const ld = tags.find((tag) => "script:ld+json" in tag)?.["script:ld+json"];
    return { tags, ld, content: (key: string, name: string) => tags.find((tag) => tag[key] === name)?.content };
  }

  it("use the search-engine title, description and social image when set, else the title, the summary and the cover", async () => {
    const { id, doc } = await uploadedWithGallery("Seo Study");
    const set = await tagsOf(doc.slug!);
    expect(set.tags.find((tag) => "title" in tag)?.title).toBe("Storefront rebuild for Acme | Northbeam Studio");
    expect(set.content("name", "description")).toBe(story.seo_description);
    expect(set.content("property", "og:image")).toBe(BASE_URL + doc.seo_image_url);
    expect(set.ld).toMatchObject({ image: BASE_URL + doc.seo_image_url });

    await CaseStudyModel.updateOne({ _id: id }, { $set: { seo_title: null, seo_description: null, seo_image_url: null } });
    const unset = await tagsOf(doc.slug!);
    expect(unset.tags.find((tag) => "title" in tag)?.title).toBe("Seo Study | Acme Retail case study | Northbeam Studio");
    expect(unset.content("name", "description")).toBe(story.summary);
    expect(unset.content("property", "og:image")).toBe(BASE_URL + doc.image_url);
    expect(unset.ld).toMatchObject({ image: BASE_URL + doc.image_url });
  });
});

describe("the start-up sweep of orphan files", () => {
  it("keeps the gallery's and the social image's files", async () => {
    const { doc } = await uploadedWithGallery("Swept Gallery");
    await removeOrphanImages(imageStore());
    expect(await storedNames()).toEqual(expect.arrayContaining(variantsOf(...doc.gallery!.map(({ url }) => url), doc.seo_image_url!)));
  });
});
