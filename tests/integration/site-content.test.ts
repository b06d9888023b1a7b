import { beforeAll, describe, expect, it } from "vitest";
import { defaultSiteContent } from "~/domain/content-defaults";
import { contentSchemas } from "~/domain/content-schemas";
import {
  CONTENT_FRESH_MS,
  discardContentDraft,
  getContentPart,
  getContentWithDrafts,
  getPublishedContent,
  publishContentDraft,
  restoreContentVersion,
  saveContentPart,
  seedSiteContent,
} from "~/domain/site-content.server";
import { contentSubject, diffFields, getVersion, listVersions, VERSIONS_KEPT } from "~/domain/versions.server";
import { ContentStampModel } from "~/models/site-content.server";
import { connectDb } from "~/server/db.server";
import { uploadedImages } from "~/server/uploads.server";
import { imageFile } from "../support/factories";
import { storedNames } from "../support/uploads";
import { testOrigin } from "../support/origin";

const author = { id: "0123456789abcdef01234567", name: "Ada Editor", email: "ada@studio.test" };
const write = { origin: testOrigin(author), images: uploadedImages };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  await connectDb();
});

describe("site content", () => {
  it("reads as the demo studio's content before anything is stored, and every default passes its own schema", async () => {
    const defaults = defaultSiteContent();
    expect(await getPublishedContent()).toEqual(defaults);
    for (const [part, schema] of Object.entries(contentSchemas)) {
      expect(schema.safeParse(defaults[part as keyof typeof defaults]).success, part).toBe(true);
    }
  });

  it("is seeded once, each part as its first version", async () => {
    expect(await seedSiteContent()).toBe(12);
    expect(await seedSiteContent()).toBe(0);
    const versions = await listVersions(contentSubject("home"));
    expect(versions.items).toMatchObject([{ n: 1, action: "seed", state: "published", author: null }]);
  });

  it("keeps a draft apart from what visitors see until it is published", async () => {
    const home = (await getContentPart("home")).published;
    const draft = { ...home, heroHeadline: "Studio work that ships." };
    const saved = await saveContentPart("home", draft, { ...write, publish: false });
    expect(saved.version).toMatchObject({ n: 2, state: "draft", action: "draft", author });
    expect((await getContentPart("home")).draft?.heroHeadline).toBe("Studio work that ships.");
    await sleep(CONTENT_FRESH_MS + 50);
    expect((await getPublishedContent()).home.heroHeadline).toBe(home.heroHeadline);
    expect((await getContentWithDrafts()).home.heroHeadline).toBe("Studio work that ships.");

    const published = await publishContentDraft("home", write);
    expect(published.ok && published.value.version).toMatchObject({ n: 3, state: "published", action: "publish" });
    // This instance sees its own publish at once.
    expect((await getPublishedContent()).home.heroHeadline).toBe("Studio work that ships.");
    expect((await getContentPart("home")).draft).toBeNull();
    expect(await publishContentDraft("home", write)).toEqual({ ok: false, reason: "no-draft" });
  });

  it("is seen by another instance within CONTENT_FRESH_MS of a publish elsewhere", async () => {
    await getPublishedContent();
    // Another instance's publish: only the shared stamp and the stored part change.
    const { SiteContentModel } = await import("~/models/site-content.server");
    const footer = { blurb: "Written on another instance." };
    await SiteContentModel.updateOne({ _id: "footer" }, { $set: { published: footer } });
    await ContentStampModel.updateOne({ _id: "site" }, { $inc: { n: 1 } });
    await sleep(CONTENT_FRESH_MS + 20);
    expect((await getPublishedContent()).footer.blurb).toBe("Written on another instance.");
  });

  it("lists versions newest first, shows what changed field by field and restores an old one as a new version", async () => {
    const list = await listVersions(contentSubject("home"));
    expect(list.items.map((version) => version.n)).toEqual([3, 2, 1]);
    const first = await getVersion(contentSubject("home"), 1);
    const third = await getVersion(contentSubject("home"), 3);
    expect(diffFields(first?.data, third?.data)).toEqual([
      { path: "heroHeadline", before: "We design, build and grow digital products.", after: "Studio work that ships." },
    ]);

    const restored = await restoreContentVersion("home", 1, { ...write, publish: true });
    expect(restored.ok && restored.value.version).toMatchObject({ n: 4, action: "restore", restoredFrom: 1, state: "published" });
    expect((await getPublishedContent()).home.heroHeadline).toBe("We design, build and grow digital products.");
    expect(await restoreContentVersion("home", 99, { ...write, publish: true })).toEqual({ ok: false, reason: "version-not-found" });
  });

  it("keeps the last VERSIONS_KEPT versions of a part", async () => {
    const process = (await getContentPart("process")).published;
    for (let index = 0; index < VERSIONS_KEPT + 3; index++) {
      await saveContentPart("process", { steps: [{ title: `Step ${index}`, description: "One." }] }, { ...write, publish: false });
    }
    const list = await listVersions(contentSubject("process"), { perPage: 100 });
    expect(list.total).toBe(VERSIONS_KEPT);
    expect(list.items[0]?.n).toBe(VERSIONS_KEPT + 4);
    expect(list.items.at(-1)?.n).toBe(5);
    expect((await getContentPart("process")).published).toEqual(process);
  });

  it("keeps an image while a version uses it and deletes its files once nothing does", async () => {
    const stored = await uploadedImages.store(await imageFile("png", { name: "portrait.png" }));
    if (!stored.ok) throw new Error(stored.reason);
    const team = (await getContentPart("team")).published;
    const withPortrait = {
      members: [{ ...team.members[0]!, portrait: { url: stored.url, alt: "Maya at the studio" } }, ...team.members.slice(1)],
    };
    await saveContentPart("team", withPortrait, { ...write, publish: true });
    const files = (await storedNames()).length;
    expect(files).toBeGreaterThanOrEqual(3);

    // Replaced: the old portrait stays, since version 2 can bring it back.
    await saveContentPart("team", team, { ...write, publish: true });
    expect((await storedNames()).length).toBe(files);

    // A discarded draft's image stays too: its version can still be restored.
    const other = await uploadedImages.store(await imageFile("png", { name: "draft.png" }));
    if (!other.ok) throw new Error(other.reason);
    await saveContentPart(
      "team",
      { members: [{ ...team.members[0]!, portrait: { url: other.url, alt: "" } }] },
      { ...write, publish: false },
    );
    await discardContentDraft("team", write);
    expect((await getContentPart("team")).draft).toBeNull();
    expect((await storedNames()).length).toBe(files + 3);
  });
});
