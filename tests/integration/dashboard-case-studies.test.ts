import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { Outlet } from "@remix-run/react";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { messages } from "~/domain/messages";
import { caseStudySubject, getVersion, listVersions } from "~/domain/versions.server";
import { CaseStudyModel } from "~/models/case-study.server";
import * as root from "~/root";
import * as dashboard from "~/routes/dashboard";
import * as confirmDelete from "~/routes/dashboard.case-studies.$id.delete";
import { outcomeRows } from "~/routes/__case-study-editor";
import * as edit from "~/routes/dashboard.case-studies.edit.$id";
import * as list from "~/routes/dashboard.case-studies.list";
import * as upload from "~/routes/dashboard.case-studies.upload";
import { connectDb } from "~/server/db.server";
import { getEnv } from "~/server/env.server";
import { uploadMessages } from "~/server/uploads.server";
import { refusal, sentByScript } from "../support/form-replies";
import { call, cookiesFrom, get, postForm } from "../support/remix";
import { signedInAdmin } from "../support/session";
import { caseStudyFormFields } from "../support/case-study-fields";
import { file, imageBytes, imageFile, jpegOfSize, MB, multipartRequest, noFile } from "../support/factories";
import { storedNames } from "../support/uploads";

// Before any import reads the configuration: a 1 MB limit, so oversize files stay small.
vi.hoisted(() => {
  process.env.MAX_UPLOAD_MB = "1";
});

const LIST = "/dashboard/case-studies/list";
const UPLOAD = "/dashboard/case-studies/upload";
const UNKNOWN_ID = "64b7f0000000000000000000";

let me: Awaited<ReturnType<typeof signedInAdmin>>;

beforeAll(async () => {
  await connectDb();
  me = await signedInAdmin("case-editor@studio.test", "Case Editor");
});

// ---------------------------------------------------------------------------------------------
// helpers

const count = () => CaseStudyModel.countDocuments();

/**
 * A multipart POST as a browser sends it: the text fields, then the file part (an empty one when no file is
 * chosen), with the admin's session unless told otherwise.
 */
const multipart = (path: string, fields: Record<string, string>, image: File | null = noFile(), cookie: string | null = me.cookie) =>
  multipartRequest(path, image ? { ...fields, image } : fields, { headers: cookie ? { Cookie: cookie } : {} });

async function toastFor(headers: Headers) {
  const result = await call(root.loader, get(LIST, cookiesFrom(headers, me.cookie)));
  return (result.data as { toast: { message: string; type: string } | null }).toast;
}

const idOf = (url: string) => /\/uploads\/([0-9a-f]{32})-1600\.webp$/.exec(url)![1];
const variantsOf = (url: string) => [480, 960, 1600].map((width) => `${idOf(url)}-${width}.webp`).sort();

async function uploaded(title: string) {
  const result = await call(upload.action, await multipart(UPLOAD, caseStudyFormFields(title), await imageFile()));
  expect(result.status).toBe(302);
  const doc = await CaseStudyModel.findOne({ title }).lean();
  if (!doc) throw new Error("setup: not stored");
  return { id: doc._id.toString(), image_url: doc.image_url };
}

/** A refusal as the form reads it: conform's reply (message, errors, values) and whether the image must be chosen again. */
function failureOf(data: unknown) {
  return { ...refusal(data), imageChosen: (data as { imageChosen: boolean }).imageChosen };
}

/** The values a refused form shows again, blank where nothing came back. */
function shown(values: Record<string, unknown> | undefined) {
  const text = (name: string) => (typeof values?.[name] === "string" ? values[name] : "");
  const fields = ["title", "client", "industry", "project_insight", "technologies", "website_url"];
  return { ...Object.fromEntries(fields.map((name) => [name, text(name)])), outcomes: outcomeRows(values?.outcomes as never) };
}

/**
 * A dashboard screen rendered on the server from its real loader's answer (the router Remix is built on), under the
 * dashboard layout's, whose role permissions the screen reads.
 */
async function render(
  path: string,
  pattern: string,
  module: { loader: Parameters<typeof call>[0]; default: ComponentType },
  params: Record<string, string> = {},
  /** The screen as it answers a form: the action's answer, given. */
  actionData?: unknown,
) {
  const routes = [
    {
      id: "routes/dashboard",
      path: "/",
      loader: async () => (await call(dashboard.loader, get(path, me.cookie))).data,
      Component: Outlet,
      children: [
        {
          path: pattern,
          loader: async () => (await call(module.loader, get(path, me.cookie), params)).data,
          action: actionData === undefined ? undefined : () => actionData,
          Component: module.default,
        },
      ],
    },
  ];
  const handler = createStaticHandler(routes);
  const request = actionData === undefined ? get(path, me.cookie) : new Request(get(path, me.cookie), { method: "POST", body: "" });
  const context = await handler.query(request);
  if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(createElement(StaticRouterProvider, { router, context, hydrate: false }));
}

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");

// ---------------------------------------------------------------------------------------------

describe("the list, before any case study exists", () => {
  it("shows the empty state with a link to add the first one", async () => {
    expect(await count()).toBe(0);
    const html = await render(LIST, LIST, list);
    expect(text(html)).toContain("Case Studies");
    expect(text(html)).toContain("No case studies found.");
    expect(html).toMatch(/<a [^>]*href="\/dashboard\/case-studies\/upload"[^>]*>Add your first case study<\/a>/);
    expect(html).toMatch(/href="\/dashboard\/case-studies\/upload"[^>]*>.*Add New Case Study<\/a>/);
  });
});

describe("guarded: without a session nothing is shown or changed", () => {
  it("sends every loader to /login", async () => {
    for (const [loader, path, params] of [
      [list.loader, LIST, {}],
      [upload.loader, UPLOAD, {}],
      [edit.loader, `/dashboard/case-studies/edit/${UNKNOWN_ID}`, { id: UNKNOWN_ID }],
      [confirmDelete.loader, `/dashboard/case-studies/${UNKNOWN_ID}/delete`, { id: UNKNOWN_ID }],
    ] as const) {
      const result = await call(loader, get(path), params);
      expect(result.status).toBe(302);
      expect(result.headers.get("Location")).toMatch(/^\/login/);
    }
  });

  it("refuses every action before reading the body", async () => {
    const { id, image_url } = await uploaded("Guarded Study");
    const before = await storedNames();
    const attempts = [
      call(upload.action, await multipart(UPLOAD, caseStudyFormFields("Intruder"), await imageFile(), null)),
      call(edit.action, await multipart(`/dashboard/case-studies/edit/${id}`, caseStudyFormFields("Hijacked"), await imageFile(), null), {
        id,
      }),
      call(confirmDelete.action, sentByScript(postForm(`/dashboard/case-studies/${id}/delete`, {})), { id }),
      call(confirmDelete.action, postForm(`/dashboard/case-studies/${id}/delete`, {}), { id }),
    ];
    for (const result of await Promise.all(attempts)) {
      expect(result.status).toBe(302);
      expect(result.headers.get("Location")).toMatch(/^\/login/);
    }
    expect(await CaseStudyModel.findById(id).lean()).toMatchObject({ title: "Guarded Study", image_url });
    expect(await CaseStudyModel.countDocuments({ title: { $in: ["Intruder", "Hijacked"] } })).toBe(0);
    expect(await storedNames()).toEqual(before);
  });
});

describe("uploading a case study", () => {
  it("stores the document and its three image files, then goes to the list with the toast (no JavaScript)", async () => {
    const before = await storedNames();
    const result = await call(upload.action, await multipart(UPLOAD, caseStudyFormFields("Storefront Rebuild"), await imageFile()));
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe(LIST);
    expect(await toastFor(result.headers)).toMatchObject({ message: "Case Study Uploaded Successfully!", type: "success" });

    const doc = await CaseStudyModel.findOne({ title: "Storefront Rebuild" }).lean();
    expect(doc).toMatchObject({
      client: "Acme Retail",
      industry: "Retail",
      project_insight: "A storefront rebuilt for speed.",
      technologies: ["React", "Node.js", "MongoDB"],
      outcomes: [
        { label: "Conversion rate", value: "+35%" },
        { label: "Page load", value: "1.2 s" },
        { label: "Monthly users", value: "50k" },
      ],
      website_url: "https://acme.example",
    });
    expect(doc!.image_url).toMatch(/^\/uploads\/[0-9a-f]{32}-1600\.webp$/);
    const added = (await storedNames()).filter((name) => !before.includes(name));
    expect(added).toEqual(variantsOf(doc!.image_url));
  });

  it("answers JavaScript with the toast and where to go after the 2 s wait", async () => {
    const result = await call(
      upload.action,
      sentByScript(await multipart(UPLOAD, caseStudyFormFields("Scripted Upload"), await imageFile())),
    );
    expect(result.status).toBe(200);
    // And conform's reply that empties the form.
    expect(result.data).toEqual({ ok: true, redirectTo: LIST, result: { initialValue: null } });
    expect(await toastFor(result.headers)).toMatchObject({ message: "Case Study Uploaded Successfully!" });
    expect(await CaseStudyModel.countDocuments({ title: "Scripted Upload" })).toBe(1);
  });

  it("with JavaScript, a refusal also comes as a 5 s error toast; without it, only in the page", async () => {
    const scripted = await call(upload.action, sentByScript(await multipart(UPLOAD, caseStudyFormFields(""), await imageFile())));
    expect(scripted.status).toBe(422);
    expect(scripted.data).toMatchObject({ ok: false });
    expect(refusal(scripted.data).message).toBe("Please fill in the title");
    expect(await toastFor(scripted.headers)).toMatchObject({ message: "Please fill in the title", type: "error", duration: 5000 });

    const plain = await call(upload.action, await multipart(UPLOAD, caseStudyFormFields(""), await imageFile()));
    expect(plain.status).toBe(422);
    expect(plain.headers.get("Set-Cookie")).toBeNull();
  });

  it.each([
    ["a missing title", { title: "" }, "Please fill in the title", "title"],
    ["a missing project insight", { project_insight: "  " }, "Please fill in the project insight", "project_insight"],
    ["a blank outcome value", { "outcomes[1].value": "" }, "Please fill in all outcome labels and values", "outcomes"],
    ["a malformed website", { website_url: "not a url" }, messages.invalidWebsiteUrl, "website_url"],
  ])("refuses %s with the catalogue's message, storing nothing and returning what was typed", async (_label, change, message, field) => {
    const [docs, files] = [await count(), await storedNames()];
    const fields: Record<string, string> = { ...caseStudyFormFields("Almost Stored"), ...(change as Record<string, string>) };
    const result = await call(upload.action, await multipart(UPLOAD, fields, await imageFile()));
    expect(result.status).toBe(422);
    expect(result.data).toMatchObject({ ok: false });
    const failure = failureOf(result.data);
    expect(failure).toMatchObject({ message, errors: { [field]: [message] }, imageChosen: true });
    expect(shown(failure.values)).toEqual({
      title: fields.title,
      client: fields.client,
      industry: fields.industry,
      project_insight: fields.project_insight,
      technologies: fields.technologies,
      outcomes: [0, 1, 2].map((n) => ({ label: fields[`outcomes[${n}].label`], value: fields[`outcomes[${n}].value`] })),
      website_url: fields.website_url,
    });
    expect(await count()).toBe(docs);
    expect(await storedNames()).toEqual(files);
  });

  it("joins several messages with commas", async () => {
    const result = await call(upload.action, await multipart(UPLOAD, { ...caseStudyFormFields(""), client: "" }, null));
    expect(result.status).toBe(422);
    const failure = failureOf(result.data);
    expect(failure.message).toBe(["Please fill in the title", "Please fill in the client", messages.imageRequired].join(", "));
    expect(failure.errors).toMatchObject({
      title: ["Please fill in the title"],
      client: ["Please fill in the client"],
      image: [messages.imageRequired],
    });
  });

  it("asks for the image when none was chosen, keeping the typed values", async () => {
    const [docs, files] = [await count(), await storedNames()];
    const result = await call(upload.action, await multipart(UPLOAD, caseStudyFormFields("No Picture")));
    expect(result.status).toBe(422);
    expect(failureOf(result.data)).toMatchObject({
      message: messages.imageRequired,
      errors: { image: [messages.imageRequired] },
      values: { title: "No Picture" },
      imageChosen: false,
    });
    expect(await count()).toBe(docs);
    expect(await storedNames()).toEqual(files);
  });

  it("asks for the image too when the form comes without multipart encoding", async () => {
    const result = await call(upload.action, postForm(UPLOAD, caseStudyFormFields("Plain Post"), me.cookie));
    expect(result.status).toBe(422);
    expect(failureOf(result.data)).toMatchObject({ errors: { image: [messages.imageRequired] }, values: { title: "Plain Post" } });
  });

  describe("refuses an unacceptable file with a clear message, leaving no file and no document", () => {
    async function refused(image: File, message: string, status: number) {
      const [docs, files] = [await count(), await storedNames()];
      const result = await call(upload.action, await multipart(UPLOAD, caseStudyFormFields("Refused Upload"), image));
      expect(result.status).toBe(status);
      expect(result.data).toMatchObject({ ok: false });
      expect(failureOf(result.data)).toMatchObject({
        message,
        errors: { image: [message] },
        imageChosen: false,
        values: { title: "Refused Upload", client: "Acme Retail" },
      });
      expect(await count()).toBe(docs);
      expect(await storedNames()).toEqual(files);
    }

    it("a text file renamed .jpg", async () => {
      await refused(file("just some text, not a picture", "photo.jpg", "image/jpeg"), uploadMessages.notAnImage, 415);
    });

    it("an SVG", async () => {
      const svg = '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
      await refused(file(svg, "logo.svg", "image/svg+xml"), uploadMessages.svg, 415);
    });

    it("a truncated image", async () => {
      const whole = await imageBytes("jpeg", 1200, 800);
      await refused(file(whole.subarray(0, Math.floor(whole.length / 2)), "cut.jpg", "image/jpeg"), uploadMessages.damaged, 422);
    });

    it("a file over MAX_UPLOAD_MB (413), still returning the typed values", async () => {
      expect(getEnv().MAX_UPLOAD_MB).toBe(1);
      await refused(jpegOfSize(1.5 * MB), "The image must be at most 1 MB", 413);
    });

    it("a file several times over the limit (drained, never kept), still returning the typed values", async () => {
      await refused(jpegOfSize(3 * MB, "huge.jpg"), uploadMessages.tooLarge(1), 413);
    });
  });

  it("answers an unexpected failure with 'Failed to upload case study', keeps what was typed and leaves no file", async () => {
    const before = await storedNames();
    const spy = vi.spyOn(CaseStudyModel, "create").mockRejectedValueOnce(new Error("disk full"));
    const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const result = await call(upload.action, await multipart(UPLOAD, caseStudyFormFields("Never Stored"), await imageFile()));
      expect(result.status).toBe(500);
      expect(failureOf(result.data)).toMatchObject({
        message: "Failed to upload case study",
        errors: {},
        values: { title: "Never Stored" },
      });
    } finally {
      spy.mockRestore();
      quiet.mockRestore();
    }
    expect(await storedNames()).toEqual(before);
    expect(await CaseStudyModel.countDocuments({ title: "Never Stored" })).toBe(0);
  });
});

describe("editing a case study", () => {
  it("answers an unexpected failure with 'Failed to save case study', keeps what was typed, the old entry and its files", async () => {
    const { id, image_url } = await uploaded("Saved Before");
    const before = await storedNames();
    const spy = vi.spyOn(CaseStudyModel, "findByIdAndUpdate").mockImplementationOnce(() => {
      throw new Error("connection reset");
    });
    const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const result = await call(
        edit.action,
        await multipart(`/dashboard/case-studies/edit/${id}`, caseStudyFormFields("Saved After"), await imageFile()),
        { id },
      );
      expect(result.status).toBe(500);
      expect(failureOf(result.data)).toMatchObject({ message: "Failed to save case study", errors: {}, values: { title: "Saved After" } });
    } finally {
      spy.mockRestore();
      quiet.mockRestore();
    }
    expect(await storedNames()).toEqual(before);
    expect(await CaseStudyModel.findById(id).lean()).toMatchObject({ title: "Saved Before", image_url });
  });

  it("loads the entry by id", async () => {
    const { id } = await uploaded("Loaded For Editing");
    const result = await call(edit.loader, get(`/dashboard/case-studies/edit/${id}`, me.cookie), { id });
    expect(result.data).toMatchObject({ caseStudy: { id, title: "Loaded For Editing" }, maxUploadMb: 1 });
  });

  it.each([UNKNOWN_ID, "not-an-id"])(
    "sends an unknown or malformed id (%s) back to the list with 'Failed to load case study'",
    async (id) => {
      const result = await call(edit.loader, get(`/dashboard/case-studies/edit/${id}`, me.cookie), { id });
      expect(result.status).toBe(302);
      expect(result.headers.get("Location")).toBe(LIST);
      expect(await toastFor(result.headers)).toMatchObject({ message: "Failed to load case study", type: "error" });
    },
  );

  it("without a new image keeps the old one", async () => {
    const { id, image_url } = await uploaded("Keep My Image");
    const files = await storedNames();
    const result = await call(
      edit.action,
      await multipart(`/dashboard/case-studies/edit/${id}`, caseStudyFormFields("Kept Image, New Title")),
      { id },
    );
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe(LIST);
    expect(await toastFor(result.headers)).toMatchObject({ message: "Case Study Updated Successfully!", type: "success" });
    expect(await CaseStudyModel.findById(id).lean()).toMatchObject({ title: "Kept Image, New Title", image_url });
    expect(await storedNames()).toEqual(files);
  });

  it("with a new image replaces it, keeping the old files for the versions that show them, each version by its author", async () => {
    const { id, image_url: old } = await uploaded("Swap My Image");
    const result = await call(
      edit.action,
      sentByScript(
        await multipart(
          `/dashboard/case-studies/edit/${id}`,
          caseStudyFormFields("Swapped Image"),
          await imageFile("jpeg", { name: "new.jpg" }),
        ),
      ),
      { id },
    );
    expect(result.status).toBe(200);
    expect(result.data).toMatchObject({ ok: true, redirectTo: LIST, result: { status: "success" } });
    const doc = await CaseStudyModel.findById(id).lean();
    expect(doc!.image_url).not.toBe(old);
    const files = await storedNames();
    for (const name of variantsOf(doc!.image_url)) expect(files).toContain(name);
    for (const name of variantsOf(old)) expect(files).toContain(name);
    const versions = await listVersions(caseStudySubject(id));
    expect(versions.items.map(({ n, action, author }) => ({ n, action, author: author?.email }))).toEqual([
      { n: 2, action: "update", author: "case-editor@studio.test" },
      { n: 1, action: "create", author: "case-editor@studio.test" },
    ]);
    expect((await getVersion(caseStudySubject(id), 1))?.data).toMatchObject({ title: "Swap My Image", image_url: old });
  });

  it("keeps the entry and its image on a validation error or a refused image, returning what was typed", async () => {
    const { id, image_url } = await uploaded("Stays As It Was");
    const files = await storedNames();
    const invalid = await call(
      edit.action,
      await multipart(`/dashboard/case-studies/edit/${id}`, { ...caseStudyFormFields("Changed"), industry: "" }),
      { id },
    );
    expect(invalid.status).toBe(422);
    expect(failureOf(invalid.data)).toMatchObject({ message: "Please fill in the industry", values: { title: "Changed" } });
    expect(shown(failureOf(invalid.data).values)).toMatchObject({ title: "Changed", industry: "" });

    const svg = file("<svg xmlns='http://www.w3.org/2000/svg'/>", "x.svg", "image/svg+xml");
    const refused = await call(edit.action, await multipart(`/dashboard/case-studies/edit/${id}`, caseStudyFormFields("Changed"), svg), {
      id,
    });
    expect(refused.status).toBe(415);
    expect(failureOf(refused.data)).toMatchObject({
      message: uploadMessages.svg,
      errors: { image: [uploadMessages.svg] },
      values: { title: "Changed" },
    });

    expect(await CaseStudyModel.findById(id).lean()).toMatchObject({ title: "Stays As It Was", industry: "Retail", image_url });
    expect(await storedNames()).toEqual(files);
  });

  it("sends a refused save for an unknown id back to the list too", async () => {
    const result = await call(
      edit.action,
      await multipart(`/dashboard/case-studies/edit/${UNKNOWN_ID}`, { ...caseStudyFormFields("Ghost"), industry: "" }),
      { id: UNKNOWN_ID },
    );
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe(LIST);
    expect(await toastFor(result.headers)).toMatchObject({ type: "error", message: messages.caseStudyLoadFailed });
  });

  it("sends a save for an unknown id back to the list, storing no file", async () => {
    const files = await storedNames();
    const result = await call(
      edit.action,
      await multipart(`/dashboard/case-studies/edit/${UNKNOWN_ID}`, caseStudyFormFields("Ghost"), await imageFile()),
      { id: UNKNOWN_ID },
    );
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe(LIST);
    expect(await toastFor(result.headers)).toMatchObject({ type: "error" });
    expect(await storedNames()).toEqual(files);
  });
});

describe("deleting a case study", () => {
  it("from the list (JavaScript): removes the document and its files, with the toast", async () => {
    const { id, image_url } = await uploaded("Delete Me From The List");
    const result = await call(confirmDelete.action, sentByScript(postForm(`/dashboard/case-studies/${id}/delete`, {}, me.cookie)), { id });
    expect(result.status).toBe(200);
    expect(result.data).toEqual({ ok: true });
    expect(await toastFor(result.headers)).toMatchObject({ message: "Case study deleted successfully", type: "success" });
    expect(await CaseStudyModel.findById(id).lean()).toBeNull();
    const files = await storedNames();
    for (const name of variantsOf(image_url)) expect(files).not.toContain(name);
  });

  it.each([UNKNOWN_ID, "nonsense"])("answers 'Failed to delete case study' for an unknown id (%s)", async (id) => {
    const result = await call(confirmDelete.action, sentByScript(postForm(`/dashboard/case-studies/${id}/delete`, {}, me.cookie)), { id });
    expect(result.status).toBe(404);
    expect(await toastFor(result.headers)).toMatchObject({ message: "Failed to delete case study", type: "error" });
  });

  it("through the no-JavaScript confirmation page", async () => {
    const { id, image_url } = await uploaded("Delete Me After Asking");
    const page = await call(confirmDelete.loader, get(`/dashboard/case-studies/${id}/delete`, me.cookie), { id });
    expect(page.data).toMatchObject({ caseStudy: { id, title: "Delete Me After Asking" } });
    const html = await render(`/dashboard/case-studies/${id}/delete`, "/dashboard/case-studies/:id/delete", confirmDelete, { id });
    expect(text(html)).toContain("Are you sure you want to delete this case study?");

    const done = await call(confirmDelete.action, postForm(`/dashboard/case-studies/${id}/delete`, {}, me.cookie), { id });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe(LIST);
    expect(await toastFor(done.headers)).toMatchObject({ message: "Case study deleted successfully" });
    expect(await CaseStudyModel.findById(id).lean()).toBeNull();
    for (const name of variantsOf(image_url)) expect(await storedNames()).not.toContain(name);

    const again = await call(confirmDelete.action, postForm(`/dashboard/case-studies/${id}/delete`, {}, me.cookie), { id });
    expect(again.headers.get("Location")).toBe(LIST);
    expect(await toastFor(again.headers)).toMatchObject({ message: "Failed to delete case study", type: "error" });
    const gone = await call(confirmDelete.loader, get(`/dashboard/case-studies/${id}/delete`, me.cookie), { id });
    expect(gone.headers.get("Location")).toBe(LIST);
    expect(await toastFor(gone.headers)).toMatchObject({ message: "Failed to load case study" });
  });
});

describe("the list", () => {
  it("pages by 12, newest first, clamping a page out of range", async () => {
    const base = Date.now() - 60_000;
    const outcomes = [1, 2, 3].map((n) => ({ label: `L${n}`, value: `V${n}` }));
    for (let i = 0; i < 14; i++) {
      await CaseStudyModel.create(
        [
          {
            title: `Paged ${i}`,
            client: "C",
            industry: "I",
            project_insight: "P",
            technologies: [],
            outcomes,
            image_url: "/images/case-studies/x-1600.webp",
            created_at: new Date(base + i * 1000),
          },
        ],
        { timestamps: false },
      );
    }
    const total = await count();
    const lastPage = Math.ceil(total / 12);
    const first = (await call(list.loader, get(LIST, me.cookie))).data as {
      list: { items: { title: string }[]; page: number; pageCount: number };
    };
    expect(first.list.items).toHaveLength(12);
    expect(first.list).toMatchObject({ page: 1, pageCount: lastPage });
    expect(first.list.items[0]!.title).not.toMatch(/^Paged/); // the uploads made after these come first
    const far = (await call(list.loader, get(`${LIST}?page=99`, me.cookie))).data as { list: { page: number; items: unknown[] } };
    expect(far.list.page).toBe(lastPage);
    expect(far.list.items).toHaveLength(total - (lastPage - 1) * 12);
    const nonsense = (await call(list.loader, get(`${LIST}?page=abc`, me.cookie))).data as { list: { page: number } };
    expect(nonsense.list.page).toBe(1);

    const html = await render(`${LIST}?page=2`, LIST, list);
    expect(html).toMatch(/<nav aria-label="Case study pages"/);
    // Page 1 is the bare list address, so each page has one URL.
    expect(html).toMatch(/href="\/dashboard\/case-studies\/list">(?:<span class="sr-only">Page <\/span>)?1</);
    expect(html).toMatch(/aria-current="page"[^>]*><span class="sr-only">Page <\/span>2</);
  });

  it("renders cards with a srcset, the insight on two lines, and Edit, Delete and View", async () => {
    const { id } = await uploaded("Card Under Test");
    const html = await render(LIST, LIST, list);
    const card = html.slice(
      html.lastIndexOf("<li", html.indexOf("Card Under Test")),
      html.indexOf("</li>", html.indexOf("Card Under Test")),
    );
    expect(card).toMatch(/srcSet="\/uploads\/[0-9a-f]{32}-480\.webp 480w, [^"]*960w, [^"]*1600w"/);
    expect(card).toMatch(/class="[^"]*line-clamp-2[^"]*">A storefront rebuilt for speed\.</);
    expect(card).toContain(`href="/dashboard/case-studies/edit/${id}"`);
    expect(card).toContain(`href="/dashboard/case-studies/${id}/delete"`);
    expect(card).toMatch(/href="\/case-studies\/card-under-test" target="_blank" rel="noopener noreferrer"/);
    expect(html).toMatch(/class="grid [^"]*md:grid-cols-2 xl:grid-cols-3/);
  });
});

describe("the form", () => {
  it("has every field labelled, the 4-row insight, the example placeholder, image files only and three outcome rows", async () => {
    const html = await render(UPLOAD, UPLOAD, upload);
    expect(html).toMatch(/<form[^>]*method="post"[^>]*enctype="multipart\/form-data"/i);
    for (const [id, label] of [
      ["title", "Case Study Title"],
      ["client", "Client"],
      ["industry", "Industry"],
      ["project_insight", "Project Insight"],
      ["technologies", "Technologies"],
      ["website_url", "Website URL"],
      ["slug", "Web address"],
      ["image", "Case Study Image"],
    ]) {
      expect(html).toContain(`<label for="${id}" class="block text-sm font-medium text-ink">${label}</label>`);
    }
    expect(html).toMatch(/<textarea[^>]*rows="4"/);
    expect(html).toContain('placeholder="React, Node.js, MongoDB"');
    expect(html).toMatch(/<input[^>]*id="website_url"[^>]*type="url"/);
    expect(html).toMatch(/<input[^>]*type="file"[^>]*accept="image\/\*"/);
    for (const n of [0, 1, 2]) {
      expect(html).toContain(`<legend class="px-1 text-sm font-semibold text-ink">Outcome ${n + 1}</legend>`);
      expect(html).toContain(`name="outcomes[${n}].label"`);
      expect(html).toContain(`name="outcomes[${n}].value"`);
    }
    expect(text(html)).toContain("Create Case Study");
  });

  it("in edit mode is filled from the entry, shows its image and reads Update Case Study", async () => {
    const { id } = await uploaded("Edit Form Under Test");
    const html = await render(`/dashboard/case-studies/edit/${id}`, "/dashboard/case-studies/edit/:id", edit, { id });
    expect(html).toContain('value="Edit Form Under Test"');
    expect(html).toContain('value="React, Node.js, MongoDB"');
    expect(html).toContain('value="Conversion rate"');
    expect(html).toMatch(/alt="Current cover of the case study"/);
    expect(text(html)).toContain("Edit Case Study");
    expect(text(html)).toContain("Update Case Study");
    // Its saved page, to look at before publishing, in a new tab.
    expect(html).toMatch(
      /<a href="\/case-studies\/edit-form-under-test" target="_blank" rel="noopener noreferrer" aria-label="View page \(opens in a new tab\)"/,
    );
  });
});

describe("status and alt text in the form", () => {
  /** The status radio of `value`, as rendered (its attributes in any order). */
  const radio = (html: string, value: string) =>
    (html.match(/<input[^>]*>/g) ?? []).find((tag) => tag.includes('name="status"') && tag.includes(`value="${value}"`)) ?? "";
  const checked = (html: string, value: string) => radio(html, value).includes('checked=""');

  it("offers Published (chosen for a new entry) and Draft, and an optional alt text of at most 200 characters", async () => {
    const html = await render(UPLOAD, UPLOAD, upload);
    expect(html).toMatch(/<legend[^>]*>Status<\/legend>/);
    for (const value of ["published", "draft"]) expect(radio(html, value)).toContain('type="radio"');
    expect(checked(html, "published")).toBe(true);
    expect(checked(html, "draft")).toBe(false);
    expect(html).toContain('<label for="image_alt" class="block text-sm font-medium text-ink">Image alt text</label>');
    expect(html).toMatch(/<input[^>]*id="image_alt"[^>]*maxLength="200"|<input[^>]*maxLength="200"[^>]*id="image_alt"/i);
  });

  it("stores a draft with its alt text, and the edit form shows them", async () => {
    const result = await call(
      upload.action,
      await multipart(
        UPLOAD,
        caseStudyFormFields("Drafted In The Form", { status: "draft", image_alt: " A phone showing the checkout " }),
        await imageFile(),
      ),
    );
    expect(result.status).toBe(302);
    const doc = await CaseStudyModel.findOne({ title: "Drafted In The Form" }).lean();
    expect(doc).toMatchObject({ status: "draft", image_alt: "A phone showing the checkout" });

    const id = doc!._id.toString();
    const html = await render(`/dashboard/case-studies/edit/${id}`, "/dashboard/case-studies/edit/:id", edit, { id });
    expect(checked(html, "draft")).toBe(true);
    expect(checked(html, "published")).toBe(false);
    expect(html).toContain('value="A phone showing the checkout"');
  });

  it("publishes a draft on edit, and an emptied alt text falls back to the title", async () => {
    const created = await call(
      upload.action,
      await multipart(UPLOAD, caseStudyFormFields("Publish Me Later", { status: "draft", image_alt: "Old words" }), await imageFile()),
    );
    expect(created.status).toBe(302);
    const id = (await CaseStudyModel.findOne({ title: "Publish Me Later" }).lean())!._id.toString();
    const result = await call(
      edit.action,
      await multipart(
        `/dashboard/case-studies/edit/${id}`,
        caseStudyFormFields("Publish Me Later", { status: "published", image_alt: "" }),
      ),
      { id },
    );
    expect(result.status).toBe(302);
    const doc = await CaseStudyModel.findById(id).lean();
    expect(doc!.status).toBe("published");
    expect(doc!.image_alt ?? null).toBeNull();
  });

  it("keeps the chosen status and alt text when another field is refused", async () => {
    const typed = caseStudyFormFields("", { status: "draft", image_alt: "Kept words" });
    const result = await call(upload.action, await multipart(UPLOAD, typed, await imageFile()));
    expect(result.status).toBe(422);
    expect(failureOf(result.data)).toMatchObject({ values: { status: "draft", image_alt: "Kept words" } });
    expect(await CaseStudyModel.countDocuments({ image_alt: "Kept words" })).toBe(0);
  });

  it("refuses a status that is neither, and an alt text over 200 characters, storing nothing", async () => {
    const forged = await call(
      upload.action,
      await multipart(UPLOAD, caseStudyFormFields("Forged Status", { status: "secret" }), await imageFile()),
    );
    expect(forged.status).toBe(422);
    expect(failureOf(forged.data)).toMatchObject({
      message: messages.caseStudyStatusInvalid,
      errors: { status: [messages.caseStudyStatusInvalid] },
    });

    const long = await call(
      upload.action,
      await multipart(UPLOAD, caseStudyFormFields("Long Alt", { image_alt: "x".repeat(201) }), await imageFile()),
    );
    expect(long.status).toBe(422);
    expect(failureOf(long.data)).toMatchObject({
      errors: { image_alt: [messages.imageAltTooLong(200)] },
      values: { image_alt: "x".repeat(201) },
    });
    expect(await CaseStudyModel.countDocuments({ title: { $in: ["Forged Status", "Long Alt"] } })).toBe(0);
  });
});

describe("the Markdown preview", () => {
  it("answers 200 with what was typed and the rendered field, storing nothing, and the page shows it under the field", async () => {
    const { id } = await uploaded("Previewed Story");
    const path = `/dashboard/case-studies/edit/${id}`;
    const before = { count: await count(), versions: (await listVersions(caseStudySubject(id))).items.length };
    const stored = await CaseStudyModel.findById(id).lean();
    // A required field left blank does not stop a preview.
    const fields = caseStudyFormFields("", { challenge: "## The brief\r\n\r\nA *slow* checkout.", intent: "preview:challenge" });
    const previewed = await call(edit.action, await multipart(path, fields), { id });

    expect(previewed.status).toBe(200);
    expect(refusal(previewed.data)).toMatchObject({ errors: {}, values: { client: "Acme Retail", challenge: fields.challenge } });
    expect((previewed.data as { preview: unknown }).preview).toMatchObject({
      field: "challenge",
      blocks: [{ type: "heading", children: [{ type: "text", value: "The brief" }] }, { type: "paragraph" }],
    });
    expect(await count()).toBe(before.count);
    expect((await listVersions(caseStudySubject(id))).items).toHaveLength(before.versions);
    expect(await CaseStudyModel.findById(id).lean()).toEqual(stored);

    const html = await render(path, "/dashboard/case-studies/edit/:id", edit, { id }, previewed.data);
    expect(html).toMatch(/<button[^>]*name="intent"[^>]*value="preview:challenge"[^>]*>Preview<\/button>/);
    const region = /<div aria-live="polite"><section aria-label="Preview"[^>]*>(.*?)<\/section>/.exec(html);
    expect(region?.[1]).toMatch(/<h3[^>]*>The brief<\/h3>.*<em>slow<\/em> checkout/);
  });

  it("on a new case study stores nothing either", async () => {
    const before = await count();
    const fields = caseStudyFormFields("Never Previewed Into Being", { result: "- faster", intent: "preview:result" });
    const previewed = await call(upload.action, await multipart(UPLOAD, fields, await imageFile()));
    expect(previewed.status).toBe(200);
    expect((previewed.data as { preview: { field: string } }).preview.field).toBe("result");
    expect(await count()).toBe(before);
  });
});
