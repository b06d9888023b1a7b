import { beforeAll, describe, expect, it } from "vitest";
import { createCaseStudy, deleteCaseStudy, getCaseStudy, updateCaseStudy } from "~/domain/case-studies.server";
import { caseStudySubject, listVersions, VERSIONS_KEPT } from "~/domain/versions.server";
import { uploadedImages } from "~/server/uploads.server";
import { messages } from "~/domain/messages";
import { caseStudyCreateInput, caseStudyInput, fieldErrors } from "~/domain/schemas";
import { CaseStudyModel } from "~/models/case-study.server";
import { connectDb } from "~/server/db.server";
import { STORES, storedNames, useStore } from "../support/uploads";
import { file, imageFile, type Rgb } from "../support/factories";
import { testOrigin } from "../support/origin";

const typed = {
  title: "Clinic booking app",
  client: "Alderbrook",
  industry: "Healthcare",
  project_insight: "Patients book in two taps.",
  technologies: "React Native, Node.js, PostgreSQL",
  outcomes: [
    { label: "Bookings", value: "+45%" },
    { label: "No-shows", value: "-30%" },
    { label: "Rating", value: "4.8" },
  ],
  website_url: "https://clinic.example.com",
};

const fields = caseStudyInput.parse(typed);
const author = { id: "0123456789abcdef01234567", name: "Ada Editor", email: "ada@studio.test" };
const write = { origin: testOrigin(author), images: uploadedImages };

/** A photo larger than the widest variant (1600 px). */
const photo = (background?: Rgb) => imageFile("jpeg", { width: 1800, height: 1125, background });

beforeAll(async () => {
  await connectDb();
});

// The same rules with either image store.
describe.each(STORES)("with UPLOAD_STORE=%s", (store) => {
  beforeAll(() => useStore(store));

  describe("createCaseStudy", () => {
    it("stores the document and its image variants", async () => {
      const result = await createCaseStudy(fields, await photo(), write);
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      expect(result.value).toMatchObject({
        title: "Clinic booking app",
        technologies: ["React Native", "Node.js", "PostgreSQL"],
        website_url: "https://clinic.example.com",
      });
      const id = /\/uploads\/([0-9a-f]{32})-1600\.webp$/.exec(result.value.image_url!)![1];
      expect((await storedNames()).filter((name) => name.startsWith(id!))).toHaveLength(3);
      expect(await getCaseStudy(result.value.id)).toEqual(result.value);
    });

    it("is given only what the schema let through: every problem at once, image included", async () => {
      const parsed = caseStudyCreateInput.safeParse({ ...typed, title: "", outcomes: typed.outcomes.slice(0, 2) });
      expect(parsed.success).toBe(false);
      expect(fieldErrors(parsed.error!).errors).toEqual({
        title: ["Please fill in the title"],
        outcomes: [messages.fillInOutcomes],
        image: [messages.imageRequired],
      });
    });

    it("turns a bad image into the image's refusal reason, writing nothing", async () => {
      const before = { docs: await CaseStudyModel.countDocuments(), files: await storedNames() };
      const text = file("not an image", "photo.png", "image/png");
      expect(await createCaseStudy(fields, text, write)).toEqual({ ok: false, reason: "not-an-image" });
      expect(await CaseStudyModel.countDocuments()).toBe(before.docs);
      expect(await storedNames()).toEqual(before.files);
    });
  });

  describe("updateCaseStudy", () => {
    it("keeps the image without a new one, and replaces it with one, keeping the old files while a version shows them", async () => {
      const created = await createCaseStudy(fields, await photo(), write);
      if (!created.ok) throw new Error("setup");
      const kept = await updateCaseStudy(created.value.id, { ...fields, title: "Renamed" }, null, write);
      expect(kept).toMatchObject({ ok: true, value: { title: "Renamed", image_url: created.value.image_url } });

      const oldId = /([0-9a-f]{32})/.exec(created.value.image_url!)![1]!;
      const replaced = await updateCaseStudy(created.value.id, fields, await photo({ r: 10, g: 200, b: 90 }), write);
      if (!replaced?.ok) throw new Error("update failed");
      expect(replaced.value.image_url).not.toBe(created.value.image_url);
      // Versions 1 and 2 show the old image: its files stay until no kept version does.
      expect((await storedNames()).filter((name) => name.startsWith(oldId))).toHaveLength(3);
      const newId = /([0-9a-f]{32})/.exec(replaced.value.image_url!)![1]!;
      expect((await storedNames()).filter((name) => name.startsWith(newId))).toHaveLength(3);

      // Versions 3 to 52 are the last 50 once 49 more saves are kept: versions 1 and 2 go, and the old image with them.
      for (let save = 0; save < VERSIONS_KEPT - 2; save++) {
        await updateCaseStudy(created.value.id, { title: `Save ${save}` }, null, write);
      }
      expect((await storedNames()).filter((name) => name.startsWith(oldId))).toHaveLength(3);
      await updateCaseStudy(created.value.id, { title: "The last straw" }, null, write);
      const versions = await listVersions(caseStudySubject(created.value.id), { perPage: 100 });
      expect([versions.total, versions.items[0]?.n, versions.items.at(-1)?.n]).toEqual([VERSIONS_KEPT, 52, 3]);
      expect((await storedNames()).filter((name) => name.startsWith(oldId))).toEqual([]);
      expect((await storedNames()).filter((name) => name.startsWith(newId))).toHaveLength(3);
      await deleteCaseStudy(created.value.id, write);
    });

    it("answers not-found for an unknown or malformed id, storing no file", async () => {
      const before = await storedNames();
      expect(await updateCaseStudy("64b7f0000000000000000000", fields, await photo(), write)).toEqual({
        ok: false,
        reason: "not-found",
      });
      expect(await updateCaseStudy("nope", fields, null, write)).toEqual({ ok: false, reason: "not-found" });
      expect(await storedNames()).toEqual(before);
    });
  });

  describe("deleteCaseStudy", () => {
    it("deletes the document, its versions and the files of every image they showed", async () => {
      const created = await createCaseStudy(fields, await photo(), write);
      if (!created.ok) throw new Error("setup");
      const replaced = await updateCaseStudy(created.value.id, {}, await photo({ r: 200, g: 20, b: 20 }), write);
      if (!replaced.ok) throw new Error("setup");
      const ids = [created.value.image_url, replaced.value.image_url].map((url) => /([0-9a-f]{32})/.exec(url!)![1]!);
      const filesOf = async (id: string) => (await storedNames()).filter((name) => name.startsWith(id));
      expect(await filesOf(ids[0]!)).toHaveLength(3);
      expect(await deleteCaseStudy(created.value.id, write)).toMatchObject({ id: created.value.id, title: fields.title });
      expect(await getCaseStudy(created.value.id)).toBeNull();
      expect(await listVersions(caseStudySubject(created.value.id))).toMatchObject({ total: 0 });
      for (const id of ids) expect(await filesOf(id)).toEqual([]);
      expect(await deleteCaseStudy(created.value.id, write)).toBeNull();
    });

    it("leaves a demo image (not an upload) alone", async () => {
      const doc = await CaseStudyModel.create({ ...fields, image_url: "/images/case-studies/x-1600.webp" });
      expect(await deleteCaseStudy(doc._id.toString(), write)).toMatchObject({ id: doc._id.toString() });
    });
  });
});
