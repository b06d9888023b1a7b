import { beforeAll, describe, expect, it } from "vitest";
import { createCaseStudy, deleteCaseStudy, getCaseStudy, updateCaseStudy } from "~/domain/case-studies.server";
import { uploadedImages } from "~/server/uploads.server";
import { messages } from "~/domain/messages";
import { caseStudyCreateInput, caseStudyInput, fieldErrors } from "~/domain/schemas";
import { CaseStudyModel } from "~/models/case-study.server";
import { connectDb } from "~/server/db.server";
import { STORES, storedNames, useStore } from "../support/uploads";
import { file, imageFile, type Rgb } from "../support/factories";

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
      const result = await createCaseStudy(fields, await photo(), uploadedImages);
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      expect(result.value).toMatchObject({
        title: "Clinic booking app",
        technologies: ["React Native", "Node.js", "PostgreSQL"],
        website_url: "https://clinic.example.com",
      });
      const id = /\/uploads\/([0-9a-f]{32})-1600\.webp$/.exec(result.value.image_url)![1];
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
      expect(await createCaseStudy(fields, text, uploadedImages)).toEqual({ ok: false, reason: "not-an-image" });
      expect(await CaseStudyModel.countDocuments()).toBe(before.docs);
      expect(await storedNames()).toEqual(before.files);
    });
  });

  describe("updateCaseStudy", () => {
    it("keeps the image without a new one, and replaces it (deleting the old files) with one", async () => {
      const created = await createCaseStudy(fields, await photo(), uploadedImages);
      if (!created.ok) throw new Error("setup");
      const kept = await updateCaseStudy(created.value.id, { ...fields, title: "Renamed" }, null, uploadedImages);
      expect(kept).toMatchObject({ ok: true, value: { title: "Renamed", image_url: created.value.image_url } });

      const oldId = /([0-9a-f]{32})/.exec(created.value.image_url)![1]!;
      const replaced = await updateCaseStudy(created.value.id, fields, await photo({ r: 10, g: 200, b: 90 }), uploadedImages);
      if (!replaced?.ok) throw new Error("update failed");
      expect(replaced.value.image_url).not.toBe(created.value.image_url);
      expect((await storedNames()).filter((name) => name.startsWith(oldId))).toEqual([]);
      const newId = /([0-9a-f]{32})/.exec(replaced.value.image_url)![1]!;
      expect((await storedNames()).filter((name) => name.startsWith(newId))).toHaveLength(3);
    });

    it("answers not-found for an unknown or malformed id, storing no file", async () => {
      const before = await storedNames();
      expect(await updateCaseStudy("64b7f0000000000000000000", fields, await photo(), uploadedImages)).toEqual({
        ok: false,
        reason: "not-found",
      });
      expect(await updateCaseStudy("nope", fields, null, uploadedImages)).toEqual({ ok: false, reason: "not-found" });
      expect(await storedNames()).toEqual(before);
    });
  });

  describe("deleteCaseStudy", () => {
    it("deletes the document and its files", async () => {
      const created = await createCaseStudy(fields, await photo(), uploadedImages);
      if (!created.ok) throw new Error("setup");
      const id = /([0-9a-f]{32})/.exec(created.value.image_url)![1]!;
      expect(await deleteCaseStudy(created.value.id, uploadedImages)).toBe(true);
      expect(await getCaseStudy(created.value.id)).toBeNull();
      expect((await storedNames()).filter((name) => name.startsWith(id))).toEqual([]);
      expect(await deleteCaseStudy(created.value.id, uploadedImages)).toBe(false);
    });

    it("leaves a demo image (not an upload) alone", async () => {
      const doc = await CaseStudyModel.create({ ...fields, image_url: "/images/case-studies/x-1600.webp" });
      expect(await deleteCaseStudy(doc._id.toString(), uploadedImages)).toBe(true);
    });
  });
});
