import { beforeAll, describe, expect, it, vi } from "vitest";
import { contentSchemas, storedContentSchemas } from "~/domain/content-schemas";
import { messages } from "~/domain/messages";
import { getContentPart, getPublishedContent } from "~/domain/site-content.server";
import { listVersions, contentSubject } from "~/domain/versions.server";
import { AuditEventModel } from "~/models/audit-event.server";
import * as editor from "~/routes/dashboard.content.$part._index";
import * as index from "~/routes/dashboard.content._index";
import { connectDb } from "~/server/db.server";
import { imageFile, multipartRequest, noFile } from "../support/factories";
import { refusal } from "../support/form-replies";
import { storedNames } from "../support/uploads";
import { call, get, postForm } from "../support/remix";
import { signedInAdmin } from "../support/session";

let me: Awaited<ReturnType<typeof signedInAdmin>>;

beforeAll(async () => {
  await connectDb();
  me = await signedInAdmin("editor@studio.test", "Ed Itor");
});

const processForm = (steps: { title: string; description: string }[], extra: Record<string, string> = {}) => ({
  ...Object.fromEntries(
    steps.flatMap((step, index) => [
      [`steps[${index}].title`, step.title],
      [`steps[${index}].description`, step.description],
    ]),
  ),
  ...extra,
});
const twoSteps = [
  { title: "Listen", description: "We hear you out." },
  { title: "Ship", description: "We deliver." },
];
const post = (part: string, fields: Record<string, string>, cookie = me.cookie) =>
  call(editor.action, postForm(`/dashboard/content/${part}`, fields, cookie), { part });

describe("the site content editors", () => {
  it("are for signed-in admins only, and an unknown part is a 404", async () => {
    const anonymous = await call(editor.loader, get("/dashboard/content/home"), { part: "home" });
    expect(anonymous.status).toBe(302);
    expect((await post("process", processForm(twoSteps, { intent: "publish" }), "")).status).toBe(302);
    expect((await getContentPart("process")).published.steps).toHaveLength(6);
    expect((await call(editor.loader, get("/dashboard/content/nope", me.cookie), { part: "nope" })).status).toBe(404);
  });

  it("list every part with its state", async () => {
    const { data } = await call(index.loader, get("/dashboard/content", me.cookie));
    const parts = (data as { parts: { part: string; draftAt: string | null }[] }).parts;
    expect(parts.map((part) => part.part)).toEqual([
      "brand",
      "home",
      "services",
      "process",
      "testimonials",
      "about",
      "team",
      "social",
      "footer",
      "privacy",
      "terms",
      "disclaimer",
    ]);
  });

  it("add, move and remove list entries without JavaScript, storing nothing until saved", async () => {
    const insert = JSON.stringify({ type: "insert", payload: { name: "steps", defaultValue: { title: "", description: "" } } });
    const added = await post("process", processForm(twoSteps, { __intent__: insert }));
    expect(added.status).toBe(200);
    const steps = (refusal(added.data).values as { steps: unknown[] }).steps;
    expect(steps.slice(0, 2)).toEqual(twoSteps);
    expect(steps).toHaveLength(3);

    const reorder = JSON.stringify({ type: "reorder", payload: { name: "steps", from: 1, to: 0 } });
    const moved = await post("process", processForm(twoSteps, { __intent__: reorder }));
    expect(refusal(moved.data).values).toMatchObject({ steps: [twoSteps[1], twoSteps[0]] });

    const remove = JSON.stringify({ type: "remove", payload: { name: "steps", index: 0 } });
    const removed = await post("process", processForm(twoSteps, { __intent__: remove }));
    expect(refusal(removed.data).values).toMatchObject({ steps: [twoSteps[1]] });
    expect((await getContentPart("process")).published.steps).toHaveLength(6);
  });

  it("save a draft visitors do not see, then publish it, each a version by the signed-in admin", async () => {
    const drafted = await post("process", processForm(twoSteps, { intent: "draft" }));
    expect(drafted.status).toBe(302);
    expect(drafted.headers.get("Location")).toBe("/dashboard/content/process");
    expect((await getContentPart("process")).draft?.steps).toEqual(twoSteps);
    expect((await getPublishedContent()).process.steps).toHaveLength(6);

    const published = await post("process", processForm(twoSteps, { intent: "publish" }));
    expect(published.status).toBe(302);
    expect((await getPublishedContent()).process.steps).toEqual(twoSteps);
    expect((await getContentPart("process")).draft).toBeNull();
    const versions = await listVersions(contentSubject("process"));
    expect(versions.items.slice(0, 2)).toMatchObject([
      { action: "publish", author: { name: "Ed Itor", email: "editor@studio.test" } },
      { action: "draft", author: { name: "Ed Itor" } },
    ]);
  });

  it("refuse a form with each message at its field, keep what was typed and change nothing", async () => {
    const typed = [{ title: "", description: "Kept as typed" }];
    const refused = await post("process", processForm(typed, { intent: "publish" }));
    expect(refused.status).toBe(422);
    const { errors, values } = refusal(refused.data);
    expect(errors).toEqual({ "steps[0].title": [messages.fillInField("step's title")] });
    expect(values).toMatchObject({ steps: [{ description: "Kept as typed" }] });
    expect((await getPublishedContent()).process.steps).toEqual(twoSteps);
  });

  it("check a saved and published part once: the route parses, the domain builds its state from that", async () => {
    // The stored content's schema is the form's for this part: every parse of it is counted here.
    expect(storedContentSchemas.process).toBe(contentSchemas.process);
    const parses = vi.spyOn(contentSchemas.process, "safeParse");
    try {
      expect((await post("process", processForm(twoSteps, { intent: "publish" }))).status).toBe(302);
      expect(parses).toHaveBeenCalledTimes(1);
    } finally {
      parses.mockRestore();
    }
  });

  it("discard a draft", async () => {
    await post("process", processForm([{ title: "Maybe", description: "Not sure." }], { intent: "draft" }));
    const discarded = await post("process", { intent: "discard" });
    expect(discarded.status).toBe(302);
    expect((await getContentPart("process")).draft).toBeNull();
  });

  it("take an image through the upload checks, and a refused one leaves no file and keeps the typed text", async () => {
    const before = (await storedNames()).length;
    const fields = {
      "members[0].name": "Rae Lin",
      "members[0].role": "Designer",
      "members[0].bio": "",
      "members[0].expertise": "Brand\nType",
      "members[0].profileUrl": "",
      "members[0].portrait.url": "",
      "members[0].portrait.alt": "Rae at her desk",
      intent: "publish",
    };
    const bad = await call(
      editor.action,
      await multipartRequest(
        "/dashboard/content/team",
        { ...fields, "members[0].portrait.upload": new File(["<svg/>"], "a.svg", { type: "image/svg+xml" }) },
        { headers: { Cookie: me.cookie } },
      ),
      { part: "team" },
    );
    expect(bad.status).toBe(422);
    expect(refusal(bad.data).errors).toEqual({ "members[0].portrait.url": [messages.imageSvg] });
    expect(refusal(bad.data).values).toMatchObject({ members: [{ name: "Rae Lin", role: "Designer" }] });
    expect(JSON.stringify(refusal(bad.data).values)).not.toContain("/uploads/pending-");
    expect((await storedNames()).length).toBe(before);

    const good = await call(
      editor.action,
      await multipartRequest(
        "/dashboard/content/team",
        { ...fields, "members[0].portrait.upload": await imageFile("png") },
        { headers: { Cookie: me.cookie } },
      ),
      { part: "team" },
    );
    expect(good.status).toBe(302);
    const [member] = (await getPublishedContent()).team.members;
    expect(member).toMatchObject({ name: "Rae Lin", expertise: ["Brand", "Type"], portrait: { alt: "Rae at her desk" } });
    expect(member?.portrait?.url).toMatch(/^\/uploads\/[0-9a-f]{32}-1600\.webp$/);
    expect((await storedNames()).length).toBe(before + 3);

    const none = await call(
      editor.action,
      await multipartRequest(
        "/dashboard/content/team",
        {
          ...fields,
          "members[0].portrait.url": member!.portrait!.url,
          "members[0].portrait.remove": "on",
          "members[0].portrait.upload": noFile(),
        },
        { headers: { Cookie: me.cookie } },
      ),
      { part: "team" },
    );
    expect(none.status).toBe(302);
    expect((await getPublishedContent()).team.members[0]?.portrait).toBeNull();
  });
});

describe("the Markdown preview of a legal page", () => {
  it("answers 200 with what was typed and the rendered text, storing nothing", async () => {
    const before = {
      part: await getContentPart("terms"),
      versions: (await listVersions(contentSubject("terms"))).items.length,
      audit: await AuditEventModel.countDocuments(),
    };
    // A required field left blank does not stop a preview.
    const typed = { title: "", description: "Kept", lastUpdated: "2026-01-02", body: "# Use\n\nBe *kind*." };
    const previewed = await post("terms", { ...typed, intent: "preview:body" });

    expect(previewed.status).toBe(200);
    const { title: _blank, ...kept } = typed;
    expect(refusal(previewed.data)).toMatchObject({ errors: {}, values: kept });
    expect((previewed.data as { preview: unknown }).preview).toMatchObject({
      field: "body",
      blocks: [{ type: "heading", children: [{ type: "text", value: "Use" }] }, { type: "paragraph" }],
    });
    expect(await getContentPart("terms")).toEqual(before.part);
    expect((await listVersions(contentSubject("terms"))).items).toHaveLength(before.versions);
    expect(await AuditEventModel.countDocuments()).toBe(before.audit);
  });

  it("previews only a Markdown field", async () => {
    const previewed = await post("terms", {
      title: "Terms",
      description: "d",
      lastUpdated: "2026-01-02",
      body: "x",
      intent: "preview:title",
    });
    expect(previewed.status).toBe(200);
    expect((previewed.data as { preview: unknown }).preview).toBeNull();
  });
});
