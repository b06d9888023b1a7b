import { beforeAll, describe, expect, it } from "vitest";
import { createCaseStudy, getCaseStudy, restoreCaseStudyVersion, updateCaseStudy } from "~/domain/case-studies.server";
import { getContentPart, saveContentPart } from "~/domain/site-content.server";
import { messages } from "~/domain/messages";
import { caseStudyInput } from "~/domain/schemas";
import {
  AUTO_REPLY_DEFAULTS,
  getNotificationEmails,
  getSiteSettings,
  restoreSettingsVersion,
  saveSettings,
} from "~/domain/settings.server";
import { settingsFormInput } from "~/domain/settings-schema";
import { caseStudySubject, getVersion, listVersions, SETTINGS_SUBJECT } from "~/domain/versions.server";
import { CaseStudyModel } from "~/models/case-study.server";
import * as root from "~/root";
import * as caseStudyHistory from "~/routes/dashboard.case-studies.$id.history";
import * as caseStudyVersion from "~/routes/dashboard.case-studies.$id.history_.$n";
import * as contentHistory from "~/routes/dashboard.content.$part.history";
import * as contentVersion from "~/routes/dashboard.content.$part.history_.$n";
import * as settingsHistory from "~/routes/dashboard.settings_.history";
import * as settingsVersion from "~/routes/dashboard.settings_.history_.$n";
import { connectDb } from "~/server/db.server";
import { uploadedImages } from "~/server/uploads.server";
import { imageFile } from "../support/factories";
import { call, cookiesFrom, get, postForm } from "../support/remix";
import { signedInAdmin } from "../support/session";
import { storedNames } from "../support/uploads";
import { testOrigin } from "../support/origin";

const UNKNOWN_ID = "64b7f0000000000000000000";
let me: Awaited<ReturnType<typeof signedInAdmin>>;
let author: { id: string; name: string; email: string };

beforeAll(async () => {
  await connectDb();
  me = await signedInAdmin("ada@studio.test", "Ada Editor");
  author = { id: me.admin.id, name: me.admin.name, email: me.admin.email };
});

const fields = (title: string) =>
  caseStudyInput.parse({
    title,
    client: "Alderbrook",
    industry: "Healthcare",
    project_insight: "Patients book in two taps.",
    technologies: "React Native, Node.js",
    outcomes: [
      { label: "Bookings", value: "+45%" },
      { label: "No-shows", value: "-30%" },
      { label: "Rating", value: "4.8" },
    ],
    website_url: "",
  });

const filesOf = async (url: string) => {
  const id = /([0-9a-f]{32})/.exec(url)![1]!;
  return (await storedNames()).filter((name) => name.startsWith(id));
};

async function toastAfter(headers: Headers) {
  const result = await call(root.loader, get("/dashboard", cookiesFrom(headers, me.cookie)));
  return (result.data as { toast: { message: string; type: string } | null }).toast;
}

async function statusOf(promise: Promise<{ status: number }>) {
  return (await promise).status;
}

describe("a case study's versions", () => {
  it("records each save with who, when, its fields and its state; a restore brings back the fields and the image as a new version", async () => {
    const before = Date.now();
    const created = await createCaseStudy(fields("First title"), await imageFile("png"), {
      origin: testOrigin(author),
      images: uploadedImages,
    });
    if (!created.ok) throw new Error(created.reason);
    const { id, image_url: firstImage } = created.value;
    await updateCaseStudy(id, { title: "Second title", status: "draft" }, null, { origin: testOrigin(author), images: uploadedImages });
    const replaced = await updateCaseStudy(id, {}, await imageFile("jpeg"), { origin: testOrigin(), images: uploadedImages });
    if (!replaced.ok) throw new Error(replaced.reason);

    const list = await listVersions(caseStudySubject(id));
    expect(list.items.map(({ n, action, state, author: who }) => ({ n, action, state, who: who?.name ?? null }))).toEqual([
      { n: 3, action: "update", state: "draft", who: null },
      { n: 2, action: "update", state: "draft", who: "Ada Editor" },
      { n: 1, action: "create", state: "published", who: "Ada Editor" },
    ]);
    for (const version of list.items) {
      expect(Date.parse(version.createdAt)).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(version.createdAt)).toBeLessThanOrEqual(Date.now());
    }
    expect((await getVersion(caseStudySubject(id), 2))?.data).toEqual({
      title: "Second title",
      client: "Alderbrook",
      industry: "Healthcare",
      project_insight: "Patients book in two taps.",
      technologies: ["React Native", "Node.js"],
      outcomes: fields("x").outcomes,
      image_url: firstImage,
      image_alt: null,
      website_url: null,
      status: "draft",
      slug: "first-title",
      summary: null,
      challenge: null,
      approach: null,
      result: null,
      gallery: [],
      services: [],
      featured: false,
      seo_title: null,
      seo_description: null,
      seo_image_url: null,
      publish_at: null,
      unpublish_at: null,
    });

    const restored = await restoreCaseStudyVersion(id, 1, { origin: testOrigin(author), images: uploadedImages });
    expect(restored).toMatchObject({ ok: true, value: { title: "First title", status: "published", image_url: firstImage } });
    expect(await filesOf(firstImage!)).toHaveLength(3);
    // Version 3's image stays too: it can be restored in turn.
    expect(await filesOf(replaced.value.image_url!)).toHaveLength(3);
    expect((await listVersions(caseStudySubject(id))).items[0]).toMatchObject({ n: 4, action: "restore", restoredFrom: 1, author });
    expect(await restoreCaseStudyVersion(id, 99, { origin: testOrigin(author), images: uploadedImages })).toEqual({
      ok: false,
      reason: "version-not-found",
    });
    expect(await restoreCaseStudyVersion(UNKNOWN_ID, 1, { origin: testOrigin(author), images: uploadedImages })).toEqual({
      ok: false,
      reason: "not-found",
    });
  });

  it("keeps a study stored before its history began (the demo's) as version 1 at its first change", async () => {
    const doc = await CaseStudyModel.create({ ...fields("Seeded study"), image_url: "/images/case-studies/x-1600.webp" });
    const id = doc._id.toString();
    expect((await listVersions(caseStudySubject(id))).total).toBe(0);
    await updateCaseStudy(id, { title: "Edited seeded study" }, null, { origin: testOrigin(author), images: uploadedImages });
    const list = await listVersions(caseStudySubject(id));
    expect(list.items.map(({ n, action, author: who }) => ({ n, action, who }))).toEqual([
      { n: 2, action: "update", who: author },
      { n: 1, action: "seed", who: null },
    ]);
    expect((await getVersion<{ title: string }>(caseStudySubject(id), 1))?.data.title).toBe("Seeded study");
  });
});

describe("the settings' versions", () => {
  it("record each save (the settings as they were first), and a restore is a new version", async () => {
    const original = await getSiteSettings();
    const save = (whatsappNumber: string, notificationEmails: string) =>
      saveSettings(settingsFormInput.parse({ whatsappNumber, contactEmail: "team@studio.test", notificationEmails }), {
        origin: testOrigin(author),
      });
    await save("12125550147", "ops@studio.test");
    await save("12125550199", "");
    const list = await listVersions(SETTINGS_SUBJECT);
    expect(list.items.map(({ n, action, author: who }) => ({ n, action, who: who?.email ?? null }))).toEqual([
      { n: 3, action: "update", who: "ada@studio.test" },
      { n: 2, action: "update", who: "ada@studio.test" },
      { n: 1, action: "seed", who: null },
    ]);
    expect((await getVersion(SETTINGS_SUBJECT, 1))?.data).toEqual({
      ...original,
      notificationEmails: [],
      requireTwoFactor: false,
      recordPagesViewed: true,
      contactFields: { company: false, budget: false, budgetRanges: [], timeline: false, phone: false },
      leadWaitHours: 24,
      autoReply: { on: false, ...AUTO_REPLY_DEFAULTS },
      timeZone: "UTC",
    });
    expect((await getVersion(SETTINGS_SUBJECT, 2))?.data).toEqual({
      whatsappNumber: "+1 (212) 555-0147",
      contactEmail: "team@studio.test",
      notificationEmails: ["ops@studio.test"],
      requireTwoFactor: false,
      recordPagesViewed: true,
      contactFields: { company: false, budget: false, budgetRanges: [], timeline: false, phone: false },
      leadWaitHours: 24,
      autoReply: { on: false, ...AUTO_REPLY_DEFAULTS },
      timeZone: "UTC",
    });

    expect(await restoreSettingsVersion(2, { origin: testOrigin(author) })).toMatchObject({ ok: true });
    expect(await getSiteSettings()).toEqual({ whatsappNumber: "+1 (212) 555-0147", contactEmail: "team@studio.test" });
    expect(await getNotificationEmails()).toEqual(["ops@studio.test"]);
    expect((await getVersion(SETTINGS_SUBJECT, 4))?.restoredFrom).toBe(2);
    expect(await restoreSettingsVersion(40, { origin: testOrigin(author) })).toEqual({ ok: false, reason: "version-not-found" });
  });
});

describe("the history screens", () => {
  it("list a case study's versions newest first, 20 a page, and show one's changes field by field", async () => {
    const created = await createCaseStudy(fields("Paged study"), await imageFile("png"), {
      origin: testOrigin(author),
      images: uploadedImages,
    });
    if (!created.ok) throw new Error(created.reason);
    const { id } = created.value;
    for (let save = 2; save <= 22; save++)
      await updateCaseStudy(id, { title: `Paged study ${save}` }, null, { origin: testOrigin(author), images: uploadedImages });

    const path = `/dashboard/case-studies/${id}/history`;
    const first = await call(caseStudyHistory.loader, get(path, me.cookie), { id });
    expect(first.data).toMatchObject({ study: { id, title: "Paged study 22" }, list: { total: 22, page: 1, pageCount: 2 } });
    const items = (first.data as { list: { items: { n: number }[] } }).list.items;
    expect(items.map((item) => item.n)).toEqual(Array.from({ length: 20 }, (_, index) => 22 - index));
    const second = await call(caseStudyHistory.loader, get(`${path}?page=2`, me.cookie), { id });
    expect((second.data as { list: { items: { n: number }[] } }).list.items.map((item) => item.n)).toEqual([2, 1]);

    const version = await call(caseStudyVersion.loader, get(`${path}/5`, me.cookie), { id, n: "5" });
    expect(version.data).toMatchObject({
      previous: 4,
      version: { n: 5, action: "update", author },
      changes: [{ path: "title", before: "Paged study 4", after: "Paged study 5" }],
    });
    // The oldest kept version has nothing before it: every field shows, list items one by one.
    const oldest = (await call(caseStudyVersion.loader, get(`${path}/1`, me.cookie), { id, n: "1" })).data as {
      previous: null;
      changes: { path: string; before?: unknown; after: unknown }[];
    };
    expect(oldest.previous).toBeNull();
    expect(oldest.changes).toContainEqual({ path: "outcomes.2.value", after: "4.8" });
    expect(oldest.changes).toContainEqual({ path: "title", after: "Paged study" });
  });

  it("answer the dashboard's 404 for an unknown part, case study or version, and send a visitor to sign in", async () => {
    const id = (await CaseStudyModel.findOne({ title: "Paged study 22" }).lean())!._id.toString();
    const cases: [Promise<{ status: number }>, number][] = [
      [call(caseStudyHistory.loader, get(`/dashboard/case-studies/${UNKNOWN_ID}/history`, me.cookie), { id: UNKNOWN_ID }), 404],
      [call(caseStudyHistory.loader, get("/dashboard/case-studies/nope/history", me.cookie), { id: "nope" }), 404],
      [call(caseStudyVersion.loader, get(`/dashboard/case-studies/${id}/history/99`, me.cookie), { id, n: "99" }), 404],
      [call(caseStudyVersion.loader, get(`/dashboard/case-studies/${id}/history/0`, me.cookie), { id, n: "0" }), 404],
      [call(caseStudyVersion.loader, get(`/dashboard/case-studies/${id}/history/x`, me.cookie), { id, n: "x" }), 404],
      [call(contentHistory.loader, get("/dashboard/content/nowhere/history", me.cookie), { part: "nowhere" }), 404],
      [call(contentVersion.loader, get("/dashboard/content/home/history/999", me.cookie), { part: "home", n: "999" }), 404],
      [call(settingsVersion.loader, get("/dashboard/settings/history/999", me.cookie), { n: "999" }), 404],
      [call(settingsHistory.loader, get("/dashboard/settings/history")), 302],
      [call(caseStudyVersion.action, postForm(`/dashboard/case-studies/${id}/history/1`, {}), { id, n: "1" }), 302],
    ];
    for (const [answer, status] of cases) expect(await statusOf(answer)).toBe(status);
    expect((await call(settingsHistory.loader, get("/dashboard/settings/history"))).headers.get("Location")).toMatch(/^\/login/);
  });

  it("restore a case study version from a form post (JavaScript off): back to the history with the toast, as a new version", async () => {
    const id = (await CaseStudyModel.findOne({ title: "Paged study 22" }).lean())!._id.toString();
    const path = `/dashboard/case-studies/${id}/history`;
    const result = await call(caseStudyVersion.action, postForm(`${path}/3`, {}, me.cookie), { id, n: "3" });
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe(path);
    expect(await toastAfter(result.headers)).toMatchObject({ message: "Version 3 restored as a new version.", type: "success" });
    expect(await getCaseStudy(id)).toMatchObject({ title: "Paged study 3" });
    expect((await listVersions(caseStudySubject(id))).items[0]).toMatchObject({ n: 23, restoredFrom: 3, author });

    const gone = await call(caseStudyVersion.action, postForm(`${path}/99`, {}, me.cookie), { id, n: "99" });
    expect(gone.headers.get("Location")).toBe(path);
    expect(await toastAfter(gone.headers)).toMatchObject({ message: messages.versionNotFound, type: "error" });
  });

  it("restore a content part as a draft or published, and the settings, from form posts", async () => {
    const published = { blurb: "An older footer." };
    const older = await saveContentPart("footer", published, { publish: true, origin: testOrigin(author), images: uploadedImages });
    await saveContentPart("footer", { blurb: "A newer footer." }, { publish: true, origin: testOrigin(author), images: uploadedImages });
    const n = older.version.n;
    const list = await call(contentHistory.loader, get("/dashboard/content/footer/history", me.cookie), { part: "footer" });
    expect(list.data).toMatchObject({ part: "footer", label: "Footer" });

    const path = `/dashboard/content/footer/history/${n}`;
    const asDraft = await call(contentVersion.action, postForm(path, { intent: "draft" }, me.cookie), { part: "footer", n: String(n) });
    expect(asDraft.headers.get("Location")).toBe("/dashboard/content/footer/history");
    expect(await toastAfter(asDraft.headers)).toMatchObject({ message: messages.versionRestored(n) });
    expect(await getContentPart("footer")).toMatchObject({ published: { blurb: "A newer footer." }, draft: published });
    await call(contentVersion.action, postForm(path, { intent: "publish" }, me.cookie), { part: "footer", n: String(n) });
    expect(await getContentPart("footer")).toMatchObject({ published, draft: null });

    const settingsList = await call(settingsHistory.loader, get("/dashboard/settings/history", me.cookie));
    expect((settingsList.data as { list: { total: number } }).list.total).toBeGreaterThanOrEqual(4);
    const shown = await call(settingsVersion.loader, get("/dashboard/settings/history/3", me.cookie), { n: "3" });
    expect(shown.data).toMatchObject({
      previous: 2,
      changes: [
        { path: "whatsappNumber", before: "+1 (212) 555-0147", after: "+1 (212) 555-0199" },
        { path: "notificationEmails.0", before: "ops@studio.test" },
      ],
    });
    const restored = await call(settingsVersion.action, postForm("/dashboard/settings/history/3", {}, me.cookie), { n: "3" });
    expect(restored.headers.get("Location")).toBe("/dashboard/settings/history");
    expect(await getSiteSettings()).toMatchObject({ whatsappNumber: "+1 (212) 555-0199" });
  });
});
