import { beforeAll, describe, expect, it, vi } from "vitest";
import { issueToken } from "~/domain/access.server";
import { messages } from "~/domain/messages";
import { CaseStudyModel } from "~/models/case-study.server";
import * as one from "~/routes/api.case-studies.$id";
import * as list from "~/routes/api.case-studies";
import * as publicList from "~/routes/api.public.case-studies";
import * as csrfCookie from "~/routes/sanctum.csrf-cookie";
import { connectDb } from "~/server/db.server";
import { uploadMessages } from "~/server/uploads.server";
import { call, cookiesFrom, type Outcome } from "../support/remix";
import { signedInAdmin } from "../support/session";
import { caseStudyFields } from "../support/case-study-fields";
import {
  apiHeaders,
  apiRequest,
  file,
  imageBytes,
  imageFile,
  jpegOfSize,
  MB,
  multipartRequest,
  noFile,
  type ApiAuth,
} from "../support/factories";
import { storedNames } from "../support/uploads";

// Before any import reads the configuration: a 1 MB limit, so oversize files stay small.
vi.hoisted(() => {
  process.env.MAX_UPLOAD_MB = "1";
});

const UNKNOWN_ID = "64b7f0000000000000000000";

let me: Awaited<ReturnType<typeof signedInAdmin>>;
let token: string;

beforeAll(async () => {
  await connectDb();
  me = await signedInAdmin("api-cases@studio.test", "Case Api");
  token = (await issueToken(me.admin.id)).token;
});

/** An API call with the bearer token unless told otherwise. */
const req = (path: string, { method, json, auth = { token } }: { method?: string; json?: unknown; auth?: ApiAuth } = {}) =>
  apiRequest(path, { method, json, ...auth });

/** A multipart call with the fields and the image (when given), with the bearer token unless told otherwise. */
const multipart = (path: string, fields: Record<string, string>, image: File | null, auth: ApiAuth = { token }, method = "POST") =>
  multipartRequest(path, image ? { ...fields, image } : fields, { method, headers: apiHeaders(auth) });

function checked(result: Outcome): Outcome {
  if (result.status !== 204) expect(result.headers.get("Content-Type")).toContain("application/json");
  expect(JSON.stringify(result.data ?? "")).not.toMatch(/hash|"password[^"]*":\s*"|\bstack\b/i);
  return result;
}

const create = async (title: string, image: File | null = null, overrides: Record<string, string | null> = {}, auth?: ApiAuth) =>
  checked(
    await call(list.action, await multipart("/api/case-studies", caseStudyFields(title, overrides), image ?? (await imageFile()), auth)),
  );

type Study = {
  id: string;
  title: string;
  status?: string;
  image_url: string;
  technologies: string[];
  outcomes: unknown[];
  created_at: string;
};

describe("the public list", () => {
  it("is an empty array at first, with X-Total-Count 0", async () => {
    const result = checked(await call(publicList.loader, req("/api/public/case-studies", { auth: {} })));
    expect(result.status).toBe(200);
    expect(result.data).toEqual([]);
    expect(result.headers.get("X-Total-Count")).toBe("0");
  });
});

describe("POST /api/case-studies", () => {
  it("creates an entry from the documented multipart body and answers 201 with it", async () => {
    const before = (await storedNames()).length;
    const result = await create("Storefront");
    expect(result.status).toBe(201);
    const study = result.data as Study & Record<string, unknown>;
    expect(study).toMatchObject({
      title: "Storefront",
      client: "Acme Retail",
      industry: "Retail",
      project_insight: "A storefront rebuilt for speed.",
      technologies: ["React", "Node.js"],
      outcomes: [
        { label: "Conversion rate", value: "+35%" },
        { label: "Page load", value: "1.2 s" },
        { label: "Monthly users", value: "50k" },
      ],
      website_url: "https://acme.example",
    });
    expect(study.id).toMatch(/^[0-9a-f]{24}$/);
    expect(study.image_url).toMatch(/^http:\/\/localhost:3000\/uploads\/[0-9a-f]{32}-1600\.webp$/);
    expect((await storedNames()).length).toBe(before + 3);
  });

  it("answers 422 with the catalogue's messages, keyed by field, and stores nothing", async () => {
    const count = await CaseStudyModel.countDocuments();
    const files = await storedNames();
    const cases: [Record<string, string | null>, string, string][] = [
      [{ title: "" }, "title", "Please fill in the title"],
      [{ client: null }, "client", "Please fill in the client"],
      [{ industry: "  " }, "industry", "Please fill in the industry"],
      [{ project_insight: "" }, "project_insight", "Please fill in the project insight"],
      [{ "outcomes[2][value]": "" }, "outcomes", messages.fillInOutcomes],
      [{ website_url: "not a url" }, "website_url", messages.invalidWebsiteUrl],
    ];
    for (const [overrides, field, message] of cases) {
      const result = await create("Invalid", null, overrides);
      expect(result.status).toBe(422);
      const data = result.data as { message: string; errors: Record<string, string[]> };
      expect(data.message).toBe(message);
      expect(data.errors[field]).toContain(message);
    }
    const noImage = checked(await call(list.action, await multipart("/api/case-studies", caseStudyFields("No image"), noFile())));
    expect(noImage.status).toBe(422);
    expect((noImage.data as { errors: Record<string, string[]> }).errors.image).toEqual([messages.imageRequired]);
    expect(await CaseStudyModel.countDocuments()).toBe(count);
    expect(await storedNames()).toEqual(files);
  });

  it("refuses a JSON body with wrong types (operator objects) with 422", async () => {
    const result = checked(
      await call(list.action, req("/api/case-studies", { method: "POST", json: { title: { $gt: "" }, client: ["x"] } })),
    );
    expect(result.status).toBe(422);
    const errors = (result.data as { errors: Record<string, string[]> }).errors;
    expect(errors.title).toEqual(["Please fill in the title"]);
    expect(errors.client).toEqual(["Please fill in the client"]);
  });

  it("keeps the image problems' statuses: 413 oversize, 415 not an image, 422 damaged; no file left", async () => {
    const files = await storedNames();
    const oversize = await create("Too big", jpegOfSize(1.5 * MB));
    expect(oversize.status).toBe(413);
    expect((oversize.data as { message: string }).message).toBe(uploadMessages.tooLarge(1));

    const huge = await create("Far too big", jpegOfSize(3 * MB, "huge.jpg"));
    expect(huge.status).toBe(413);

    const text = await create("Not an image", file("hello", "fake.jpg", "image/jpeg"));
    expect(text.status).toBe(415);
    expect((text.data as { errors: Record<string, string[]> }).errors.image).toEqual([uploadMessages.notAnImage]);

    const whole = await imageBytes();
    const damaged = await create("Damaged", file(whole.subarray(0, 400), "cut.jpg", "image/jpeg"));
    expect(damaged.status).toBe(422);
    expect((damaged.data as { message: string }).message).toBe(uploadMessages.damaged);

    expect(await storedNames()).toEqual(files);
    expect(await CaseStudyModel.countDocuments({ title: { $in: ["Too big", "Far too big", "Not an image", "Damaged"] } })).toBe(0);
  });

  it("answers 401 without authentication, and 419 for a cookie session without the XSRF header; no file written", async () => {
    const files = await storedNames();
    const anonymous = await create("Anonymous", null, {}, {});
    expect(anonymous.status).toBe(401);
    expect(anonymous.data).toEqual({ message: "Unauthenticated." });
    const session = await create("Session", null, {}, { cookie: me.cookie });
    expect(session.status).toBe(419);
    expect(session.data).toEqual({ message: "CSRF token mismatch." });
    expect(await storedNames()).toEqual(files);
  });

  it("accepts a cookie session with the XSRF header", async () => {
    const issued = await call(csrfCookie.loader, req("/sanctum/csrf-cookie", { auth: {} }));
    const cookie = cookiesFrom(issued.headers, me.cookie);
    const value = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(cookie)![1]!);
    const result = await create("Via session", null, {}, { cookie, headers: { "X-XSRF-TOKEN": value } });
    expect(result.status).toBe(201);
  });
});

describe("one case study", () => {
  it("GET answers the entry, 404 for an unknown or malformed id, 401 without auth", async () => {
    const created = (await create("Readable")).data as Study;
    const found = checked(await call(one.loader, req(`/api/case-studies/${created.id}`), { id: created.id }));
    expect(found.status).toBe(200);
    expect(found.data).toEqual(created);
    for (const id of [UNKNOWN_ID, "not-an-id", "{$gt:''}"]) {
      const missing = checked(await call(one.loader, req(`/api/case-studies/${encodeURIComponent(id)}`), { id }));
      expect(missing.status).toBe(404);
      expect(missing.data).toEqual({ message: messages.apiCaseStudyNotFound });
    }
    expect(checked(await call(one.loader, req(`/api/case-studies/${created.id}`, { auth: {} }), { id: created.id })).status).toBe(401);
  });

  it("POST updates; without an image the old one stays", async () => {
    const created = (await create("Before")).data as Study;
    const files = await storedNames();
    const result = checked(
      await call(
        one.action,
        await multipart(`/api/case-studies/${created.id}`, caseStudyFields("After", { "technologies[2]": "Go" }), noFile()),
        { id: created.id },
      ),
    );
    expect(result.status).toBe(200);
    const updated = result.data as Study;
    expect(updated).toMatchObject({
      id: created.id,
      title: "After",
      image_url: created.image_url,
      technologies: ["React", "Node.js", "Go"],
    });
    expect(await storedNames()).toEqual(files);
  });

  it("PUT with a new image replaces it; the old files stay while a kept version shows them", async () => {
    const created = (await create("Replace me")).data as Study;
    const oldId = /([0-9a-f]{32})-1600/.exec(created.image_url)![1]!;
    const result = checked(
      await call(
        one.action,
        await multipart(`/api/case-studies/${created.id}`, caseStudyFields("Replaced"), await imageFile(), { token }, "PUT"),
        { id: created.id },
      ),
    );
    expect(result.status).toBe(200);
    const updated = result.data as Study;
    expect(updated.image_url).not.toBe(created.image_url);
    expect((await storedNames()).filter((name) => name.startsWith(oldId))).toHaveLength(3);
  });

  it("update: 422 for invalid fields, 404 for an unknown or malformed id, with no file left", async () => {
    const created = (await create("Stable")).data as Study;
    const files = await storedNames();
    const invalid = checked(
      await call(one.action, await multipart(`/api/case-studies/${created.id}`, caseStudyFields(""), await imageFile()), {
        id: created.id,
      }),
    );
    expect(invalid.status).toBe(422);
    expect((invalid.data as { message: string }).message).toBe("Please fill in the title");
    for (const id of [UNKNOWN_ID, "nope"]) {
      const missing = checked(
        await call(one.action, await multipart(`/api/case-studies/${id}`, caseStudyFields("Ghost"), await imageFile()), { id }),
      );
      expect(missing.status).toBe(404);
    }
    expect(await storedNames()).toEqual(files);
    expect((await CaseStudyModel.findById(created.id).lean())!.title).toBe("Stable");
  });

  it("DELETE removes the entry and its files; then 404", async () => {
    const created = (await create("Doomed")).data as Study;
    const imageId = /([0-9a-f]{32})-1600/.exec(created.image_url)![1]!;
    const result = checked(await call(one.action, req(`/api/case-studies/${created.id}`, { method: "DELETE" }), { id: created.id }));
    expect(result.status).toBe(200);
    expect(result.data).toEqual({ message: messages.caseStudyDeleted });
    expect((await storedNames()).some((name) => name.startsWith(imageId))).toBe(false);
    const again = checked(await call(one.action, req(`/api/case-studies/${created.id}`, { method: "DELETE" }), { id: created.id }));
    expect(again.status).toBe(404);
  });

  it("answers 405 with Allow for a method the route does not take", async () => {
    const result = checked(await call(list.action, req("/api/case-studies", { method: "DELETE" })));
    expect(result.status).toBe(405);
    expect(result.headers.get("Allow")).toBe("GET, POST, HEAD, OPTIONS");
  });
});

describe("PATCH /api/case-studies/{id}: only the fields sent", () => {
  type Refusal = { message: string; errors: Record<string, string[]> };
  const patch = (id: string, json: unknown) => call(one.action, req(`/api/case-studies/${id}`, { method: "PATCH", json }), { id });
  const stored = async (id: string) => checked(await call(one.loader, req(`/api/case-studies/${id}`), { id })).data as Study;

  it("publishes a draft with {status: published} as JSON or multipart, and changes nothing else", async () => {
    for (const send of ["json", "multipart"] as const) {
      const draft = (await create(`Draft by ${send}`, null, { status: "draft", image_alt: "A cover" })).data as Study;
      const files = await storedNames();
      const result = checked(
        send === "json"
          ? await patch(draft.id, { status: "published" })
          : await call(one.action, await multipart(`/api/case-studies/${draft.id}`, { status: "published" }, null, { token }, "PATCH"), {
              id: draft.id,
            }),
      );
      expect(result.status, JSON.stringify(result.data)).toBe(200);
      expect(result.data).toEqual({ ...draft, status: "published" });
      expect(await stored(draft.id)).toEqual({ ...draft, status: "published" });
      expect(await storedNames()).toEqual(files);
    }
  });

  it("changes only the title; the others, the image included, stay", async () => {
    const before = (await create("Old title", null, { website_url: "https://kept.example" })).data as Study;
    const result = checked(await patch(before.id, { title: "  New title  " }));
    expect(result.status).toBe(200);
    expect(result.data).toEqual({ ...before, title: "New title" });
    const form = checked(
      await call(one.action, await multipart(`/api/case-studies/${before.id}`, { client: "Other client" }, null, { token }, "PATCH"), {
        id: before.id,
      }),
    );
    expect(form.data).toEqual({ ...before, title: "New title", client: "Other client" });
  });

  it("takes an image alone: it replaces the old one, whose files stay while a kept version shows them", async () => {
    const before = (await create("Image only")).data as Study;
    const oldId = /([0-9a-f]{32})-1600/.exec(before.image_url)![1]!;
    const result = checked(
      await call(one.action, await multipart(`/api/case-studies/${before.id}`, {}, await imageFile(), { token }, "PATCH"), {
        id: before.id,
      }),
    );
    expect(result.status).toBe(200);
    const { image_url, ...rest } = result.data as Study;
    expect(image_url).not.toBe(before.image_url);
    expect({ ...rest, image_url: before.image_url }).toEqual(before);
    expect((await storedNames()).filter((name) => name.startsWith(oldId))).toHaveLength(3);
  });

  it("refuses a bad value in one field with that field's message alone, and changes nothing", async () => {
    const before = (await create("Unchanged")).data as Study;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ website_url: "not a url", title: "Would change" }, "website_url", messages.invalidWebsiteUrl],
      [{ title: "   " }, "title", "Please fill in the title"],
      [{ status: "archived" }, "status", messages.caseStudyStatusInvalid],
      [{ outcomes: [{ label: "Only one", value: "1" }] }, "outcomes", messages.fillInOutcomes],
      [{ technologies: 5 }, "technologies", "Technologies must be text"],
    ];
    for (const [json, field, message] of cases) {
      const result = checked(await patch(before.id, json));
      expect(result.status, JSON.stringify(json)).toBe(422);
      expect(result.data).toEqual({ message, errors: { [field]: [message] } });
    }
    expect(await stored(before.id)).toEqual(before);
  });

  it("refuses an empty change (no field it knows, no image) with 422 and a clear message", async () => {
    const before = (await create("Nothing to change")).data as Study;
    for (const json of [{}, { titel: "Typo" }, { status: "" }]) {
      const result = checked(await patch(before.id, json));
      expect(result.status, JSON.stringify(json)).toBe(422);
      expect(result.data).toEqual({ message: messages.caseStudyPatchEmpty, errors: { form: [messages.caseStudyPatchEmpty] } });
    }
    const blank = checked(
      await call(one.action, await multipart(`/api/case-studies/${before.id}`, {}, noFile(), { token }, "PATCH"), { id: before.id }),
    );
    expect(blank.status).toBe(422);
    expect(await stored(before.id)).toEqual(before);
    expect(checked(await patch(UNKNOWN_ID, { title: "Ghost" })).status).toBe(404);
  });

  it("PUT and POST still take the whole entry: {status: published} alone is refused, field by field", async () => {
    const draft = (await create("Still a draft", null, { status: "draft" })).data as Study;
    for (const method of ["PUT", "POST"]) {
      const result = checked(
        await call(one.action, req(`/api/case-studies/${draft.id}`, { method, json: { status: "published" } }), { id: draft.id }),
      );
      expect(result.status).toBe(422);
      expect(Object.keys((result.data as Refusal).errors).sort()).toEqual(["client", "industry", "outcomes", "project_insight", "title"]);
    }
    expect((await stored(draft.id)).status).toBe("draft");
  });
});

describe("lists and paging", () => {
  beforeAll(async () => {
    await CaseStudyModel.deleteMany({});
    const base = Date.UTC(2024, 0, 1);
    await CaseStudyModel.collection.insertMany(
      Array.from({ length: 7 }, (_, index) => ({
        title: `Study ${index + 1}`,
        client: "Client",
        industry: "Industry",
        project_insight: "Insight",
        technologies: ["TS"],
        outcomes: [
          { label: "a", value: "1" },
          { label: "b", value: "2" },
          { label: "c", value: "3" },
        ],
        image_url: "/images/demo.webp",
        website_url: null,
        created_at: new Date(base + index * 86_400_000),
        updated_at: new Date(base + index * 86_400_000),
      })),
    );
  });

  const titles = (items: unknown) => (items as Study[]).map((study) => study.title);

  it("the public list gives all, newest first, by default", async () => {
    const result = checked(await call(publicList.loader, req("/api/public/case-studies", { auth: {} })));
    expect(titles(result.data)).toEqual(["Study 7", "Study 6", "Study 5", "Study 4", "Study 3", "Study 2", "Study 1"]);
    expect(result.headers.get("X-Total-Count")).toBe("7");
  });

  it("pages with ?page=&per_page= and sets X-Total-Count; a page past the end is empty", async () => {
    const second = checked(await call(publicList.loader, req("/api/public/case-studies?page=2&per_page=3", { auth: {} })));
    expect(titles(second.data)).toEqual(["Study 4", "Study 3", "Study 2"]);
    expect(second.headers.get("X-Total-Count")).toBe("7");
    const last = checked(await call(publicList.loader, req("/api/public/case-studies?page=3&per_page=3", { auth: {} })));
    expect(titles(last.data)).toEqual(["Study 1"]);
    const past = checked(await call(publicList.loader, req("/api/public/case-studies?page=9&per_page=3", { auth: {} })));
    expect(past.data).toEqual([]);
  });

  it("refuses bad paging values with 422", async () => {
    for (const query of ["per_page=101", "per_page=0", "page=abc", "page=-1", "per_page=2.5"]) {
      const result = checked(await call(publicList.loader, req(`/api/public/case-studies?${query}`, { auth: {} })));
      expect(result.status).toBe(422);
      expect((result.data as { errors: object }).errors).toBeTruthy();
    }
  });

  it("the authenticated list wraps it in data, with the same paging; 401 without auth", async () => {
    const all = checked(await call(list.loader, req("/api/case-studies")));
    expect(titles((all.data as { data: unknown }).data)).toHaveLength(7);
    const paged = checked(await call(list.loader, req("/api/case-studies?page=1&per_page=2")));
    expect(titles((paged.data as { data: unknown }).data)).toEqual(["Study 7", "Study 6"]);
    expect(paged.headers.get("X-Total-Count")).toBe("7");
    expect(checked(await call(list.loader, req("/api/case-studies", { auth: {} }))).status).toBe(401);
    expect(checked(await call(list.loader, req("/api/case-studies", { auth: { cookie: me.cookie } }))).status).toBe(200);
  });
});
