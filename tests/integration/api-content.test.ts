import { beforeAll, describe, expect, it, vi } from "vitest";
import { defaultSiteContent } from "~/domain/content-defaults";
import { issueToken } from "~/domain/access.server";
import { CONTENT_PARTS } from "~/domain/content-schemas";
import { messages } from "~/domain/messages";
import { seedSiteContent } from "~/domain/site-content.server";
import * as part from "~/routes/api.content.$part";
import * as draftRoute from "~/routes/api.content.$part.draft";
import * as publishRoute from "~/routes/api.content.$part.publish";
import * as versions from "~/routes/api.content.$part.versions";
import * as version from "~/routes/api.content.$part.versions.$n";
import * as restore from "~/routes/api.content.$part.versions.$n.restore";
import * as images from "~/routes/api.content.images";
import * as publicContent from "~/routes/api.public.content";
import * as csrfCookie from "~/routes/sanctum.csrf-cookie";
import { XSRF_COOKIE } from "~/server/api/xsrf.server";
import { connectDb } from "~/server/db.server";
import { call, cookiesFrom, type Outcome } from "../support/remix";
import { signedInAdmin } from "../support/session";
import { apiHeaders, apiRequest, BASE_URL, file, imageFile, multipartRequest, type ApiAuth } from "../support/factories";

vi.hoisted(() => {
  process.env.CORS_ORIGINS = "https://app.example";
});

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers read as plain JSON
type State = {
  part: string;
  published: Json;
  draft: Json | null;
  published_at: string | null;
  draft_at: string | null;
  updated_by: string | null;
};
type Saved = State & { version: { n: number; state: string; action: string; restored_from: number | null; author: Json | null } };

let me: Awaited<ReturnType<typeof signedInAdmin>>;
let token: string;
let session: ApiAuth;

beforeAll(async () => {
  await connectDb();
  await seedSiteContent();
  me = await signedInAdmin("api-content@studio.test", "Content Api");
  token = (await issueToken(me.admin.id)).token;
  const csrf = await call(csrfCookie.loader, new Request(`${BASE_URL}/sanctum/csrf-cookie`));
  const cookie = cookiesFrom(csrf.headers, me.cookie);
  const xsrf = decodeURIComponent(
    cookie
      .split(/;\s*/)
      .find((pair) => pair.startsWith(`${XSRF_COOKIE}=`))!
      .split("=")[1]!,
  );
  session = { cookie, headers: { "X-XSRF-TOKEN": xsrf } };
});

const as = (auth: ApiAuth = { token }) => auth;
const get = (handler: typeof part.loader, path: string, params: Record<string, string>, auth: ApiAuth = { token }) =>
  call(handler, apiRequest(path, as(auth)), params);
const send = (
  handler: typeof part.action,
  path: string,
  params: Record<string, string>,
  init: { method: string; json?: unknown },
  auth = as(),
) => call(handler, apiRequest(path, { ...init, ...auth }), params);

const putHome = (json: unknown, auth?: ApiAuth) => send(part.action, "/api/content/home", { part: "home" }, { method: "PUT", json }, auth);
const readPublic = (headers: Record<string, string> = {}) =>
  call(publicContent.loader, new Request(`${BASE_URL}/api/public/content`, { headers: { Accept: "application/json", ...headers } }));

async function home(): Promise<State> {
  const result = await get(part.loader, "/api/content/home", { part: "home" });
  expect(result.status).toBe(200);
  return result.data as State;
}

describe("GET /api/public/content", () => {
  it("answers every published part, keys as in the schemas, images absolute, cacheable with an ETag and 304", async () => {
    const result = await readPublic({ Origin: "https://app.example" });
    expect(result.status).toBe(200);
    const content = result.data as Json;
    expect(Object.keys(content).sort()).toEqual([...CONTENT_PARTS].sort());
    expect(content.home.heroHeadline).toBe(defaultSiteContent().home.heroHeadline);
    const portrait = content.team.members[0].portrait.url as string;
    expect(portrait).toMatch(new RegExp(`^${BASE_URL}/images/`));
    expect(result.headers.get("Cache-Control")).toBe("public, max-age=0, s-maxage=60");
    expect(result.headers.get("Access-Control-Allow-Origin")).toBe("https://app.example");
    const etag = result.headers.get("ETag")!;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await readPublic({ "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(again.data).toBe("");
    expect((await readPublic({ Origin: "https://elsewhere.example" })).headers.get("Access-Control-Allow-Origin")).toBeNull();
  });
});

describe("GET /api/content/{part}", () => {
  it("answers the part's states to a token or a session; 401 to anyone else; 404 for an unknown part", async () => {
    const state = await home();
    expect(state).toMatchObject({ part: "home", draft: null, draft_at: null, updated_by: null });
    expect(state.published.heroHeadline).toBe(defaultSiteContent().home.heroHeadline);
    expect((await get(part.loader, "/api/content/home", { part: "home" }, session)).status).toBe(200);
    const refused = await get(part.loader, "/api/content/home", { part: "home" }, {});
    expect(refused).toMatchObject({ status: 401, data: { message: messages.apiUnauthenticated } });
    const unknown = await get(part.loader, "/api/content/pricing", { part: "pricing" });
    expect(unknown).toMatchObject({ status: 404, data: { message: messages.contentPartNotFound } });
  });
});

describe("PUT /api/content/{part}", () => {
  it("saves a draft that visitors do not see, then publishes, which changes the public answer and its ETag", async () => {
    const before = await readPublic();
    const etag = before.headers.get("ETag")!;
    const { published } = await home();

    const drafted = await putHome({ content: { ...published, heroHeadline: "  Drafted headline  " } });
    expect(drafted.status).toBe(200);
    const saved = drafted.data as Saved;
    expect(saved.draft?.heroHeadline).toBe("Drafted headline");
    expect(saved.published.heroHeadline).toBe(published.heroHeadline);
    expect(saved.version).toMatchObject({ state: "draft", action: "draft", restored_from: null, author: { email: me.admin.email } });
    expect(saved.updated_by).toBe("Content Api");
    const stillOld = await readPublic({ "If-None-Match": etag });
    expect(stillOld.status).toBe(304);

    const live = await putHome({ content: { ...published, heroHeadline: "Published headline" }, publish: true }, session);
    expect(live.status).toBe(200);
    expect(live.data).toMatchObject({
      draft: null,
      published: { heroHeadline: "Published headline" },
      version: { state: "published", action: "publish" },
    });
    const after = await readPublic({ "If-None-Match": etag });
    expect(after.status).toBe(200);
    expect(after.headers.get("ETag")).not.toBe(etag);
    expect((after.data as Json).home.heroHeadline).toBe("Published headline");
  });

  it("refuses without a token (401), and a session without the XSRF header (419)", async () => {
    const { published } = await home();
    expect((await putHome({ content: published }, {})).status).toBe(401);
    const noXsrf = await putHome({ content: published }, { cookie: session.cookie });
    expect(noXsrf).toMatchObject({ status: 419, data: { message: messages.apiCsrfMismatch } });
    const unknown = await send(part.action, "/api/content/pricing", { part: "pricing" }, { method: "PUT", json: { content: {} } });
    expect(unknown).toMatchObject({ status: 404, data: { message: messages.contentPartNotFound } });
  });

  it("answers 422 with each field's messages, keyed by the field's path, and stores nothing", async () => {
    const { published } = await home();
    const refused = await putHome({
      content: { ...published, heroHeadline: "", figures: [{ value: "x".repeat(21), label: "Fine" }], taglines: [] },
      publish: "yes",
    });
    expect(refused.status).toBe(422);
    const { message, errors } = refused.data as { message: string; errors: Record<string, string[]> };
    expect(errors).toEqual({
      "content.heroHeadline": [messages.fillInField("hero headline")],
      "content.figures.0.value": [messages.contentTooLong("figure's value", 20)],
      "content.taglines": [messages.contentListTooShort("tagline", 1)],
      publish: [messages.contentPublishInvalid],
    });
    expect(Object.values(errors).flat()).toContain(message);
    for (const body of [{}, { content: "text" }, { content: [published] }]) {
      expect(await putHome(body)).toMatchObject({ status: 422, data: { errors: { content: [messages.contentBodyInvalid] } } });
    }
    expect((await home()).published.heroHeadline).toBe(published.heroHeadline);
  });

  it("takes back an image address it gave (absolute), keeps it root-relative, and refuses an upload that does not exist", async () => {
    const team = (await get(part.loader, "/api/content/team", { part: "team" })).data as State;
    const portrait = team.published.members[0].portrait.url as string;
    expect(portrait.startsWith(`${BASE_URL}/images/`)).toBe(true);
    const put = (content: unknown) => send(part.action, "/api/content/team", { part: "team" }, { method: "PUT", json: { content } });
    const same = await put(team.published);
    expect(same.status).toBe(200);
    expect((same.data as State).draft!.members[0].portrait.url).toBe(portrait);

    const withImage = (url: string) => ({ members: [{ ...team.published.members[0], portrait: { url, alt: "Ada" } }] });
    const missing = await put(withImage(`${BASE_URL}/uploads/${"a".repeat(32)}-1600.webp`));
    expect(missing).toMatchObject({ status: 422, data: { errors: { "content.members.0.portrait.url": [messages.contentImageInvalid] } } });
    const elsewhere = await put(withImage("https://elsewhere.example/images/team/ada.webp"));
    expect(elsewhere).toMatchObject({
      status: 422,
      data: { errors: { "content.members.0.portrait.url": [messages.contentImageInvalid] } },
    });
    const upward = await put(withImage("/images/../.env"));
    expect(upward.status).toBe(422);

    const upload = await call(
      images.action,
      await multipartRequest("/api/content/images", { image: await imageFile() }, { headers: apiHeaders({ token }) }),
    );
    expect(upload.status).toBe(201);
    const url = (upload.data as { url: string }).url;
    expect(url).toMatch(new RegExp(`^${BASE_URL}/uploads/[0-9a-f]{32}-1600\\.webp$`));
    const used = await put(withImage(url));
    expect(used.status).toBe(200);
    expect((used.data as State).draft!.members[0].portrait).toEqual({ url, alt: "Ada" });
    const stored = (await send(draftRoute.action, "/api/content/team/draft", { part: "team" }, { method: "DELETE" })).data as State;
    expect(stored.draft).toBeNull();
  });

  it("takes a legal text of 60,000 characters (the largest part)", async () => {
    const privacy = ((await get(part.loader, "/api/content/privacy", { part: "privacy" })).data as State).published;
    const put = (body: string) =>
      send(part.action, "/api/content/privacy", { part: "privacy" }, { method: "PUT", json: { content: { ...privacy, body } } });
    expect((await put("é".repeat(60_000))).status).toBe(200);
    expect(await put("x".repeat(60_001))).toMatchObject({
      status: 422,
      data: { errors: { "content.body": [messages.contentTooLong("text", 60_000)] } },
    });
  });
});

describe("POST /api/content/images", () => {
  it("refuses what is not an image, a missing file, and anyone without a token", async () => {
    const upload = (parts: Record<string, string | File>, auth: ApiAuth = { token }) =>
      multipartRequest("/api/content/images", parts, { headers: apiHeaders(auth) }).then((request) => call(images.action, request));
    expect((await upload({ image: file("<svg xmlns='http://www.w3.org/2000/svg'/>", "logo.svg", "image/svg+xml") })).status).toBe(415);
    expect(await upload({ alt: "nothing" })).toMatchObject({ status: 422, data: { errors: { image: [messages.contentImageRequired] } } });
    expect((await upload({ image: await imageFile() }, {})).status).toBe(401);
    expect((await upload({ image: await imageFile() }, { cookie: session.cookie })).status).toBe(419);
  });
});

describe("publishing and discarding a draft", () => {
  it("publishes the current draft; 409 when there is none; DELETE …/draft discards one", async () => {
    const publish = () => send(publishRoute.action, "/api/content/footer/publish", { part: "footer" }, { method: "POST" });
    expect(await publish()).toMatchObject({ status: 409, data: { message: messages.contentNoDraft } });
    const footer = { blurb: "A footer for the API test." };
    await send(part.action, "/api/content/footer", { part: "footer" }, { method: "PUT", json: { content: footer } });
    const discarded = await send(draftRoute.action, "/api/content/footer/draft", { part: "footer" }, { method: "DELETE" });
    expect(discarded).toMatchObject({ status: 200, data: { draft: null } });
    expect(await publish()).toMatchObject({ status: 409 });
    await send(part.action, "/api/content/footer", { part: "footer" }, { method: "PUT", json: { content: footer } });
    const published = await publish();
    expect(published).toMatchObject({ status: 200, data: { draft: null, published: footer, version: { action: "publish" } } });
    expect(((await readPublic()).data as Json).footer).toEqual(footer);
    expect((await send(publishRoute.action, "/api/content/footer/publish", { part: "footer" }, { method: "POST" }, {})).status).toBe(401);
  });
});

describe("versions", () => {
  it("lists a part's versions newest first, paged, and answers one with its data; 404 for an unknown one", async () => {
    const listed = await get(versions.loader, "/api/content/home/versions", { part: "home" });
    expect(listed.status).toBe(200);
    const data = (listed.data as { data: { n: number; action: string; author: Json | null; created_at: string }[] }).data;
    expect(data.map((entry) => entry.n)).toEqual([3, 2, 1]);
    expect(data.map((entry) => entry.action)).toEqual(["publish", "draft", "seed"]);
    expect(data[0]).toEqual({
      n: 3,
      state: "published",
      action: "publish",
      restored_from: null,
      author: { id: me.admin.id, name: "Content Api", email: me.admin.email },
      created_at: expect.any(String),
    });
    expect(listed.headers.get("X-Total-Count")).toBe("3");
    const paged = await call(versions.loader, apiRequest("/api/content/home/versions?page=2&per_page=2", { token }), { part: "home" });
    expect((paged.data as { data: { n: number }[] }).data.map((entry) => entry.n)).toEqual([1]);
    const past = await call(versions.loader, apiRequest("/api/content/home/versions?page=9", { token }), { part: "home" });
    expect(past.data).toEqual({ data: [] });
    const bad = await call(versions.loader, apiRequest("/api/content/home/versions?per_page=0", { token }), { part: "home" });
    expect(bad.status).toBe(422);

    const one = await get(version.loader, "/api/content/home/versions/2", { part: "home", n: "2" });
    expect(one).toMatchObject({ status: 200, data: { n: 2, state: "draft", data: { heroHeadline: "Drafted headline" } } });
    for (const n of ["99", "0", "x"]) {
      const missing = await get(version.loader, `/api/content/home/versions/${n}`, { part: "home", n });
      expect(missing).toMatchObject({ status: 404, data: { message: messages.versionNotFound } });
    }
    expect((await get(versions.loader, "/api/content/home/versions", { part: "home" }, {})).status).toBe(401);
  });

  it("restores a version as a new one: a draft, or published with publish: true", async () => {
    const path = (n: number) => `/api/content/home/versions/${n}/restore`;
    const asDraft = await send(restore.action, path(1), { part: "home", n: "1" }, { method: "POST" });
    expect(asDraft.status).toBe(200);
    const draft = asDraft.data as Saved;
    expect(draft.version).toMatchObject({ n: 4, state: "draft", action: "restore", restored_from: 1 });
    expect(draft.draft!.heroHeadline).toBe(defaultSiteContent().home.heroHeadline);
    expect(draft.published.heroHeadline).toBe("Published headline");

    const live = await send(restore.action, path(2), { part: "home", n: "2" }, { method: "POST", json: { publish: true } }, session);
    expect(live).toMatchObject({ status: 200, data: { draft: null, version: { n: 5, state: "published", restored_from: 2 } } });
    expect(((await readPublic()).data as Json).home.heroHeadline).toBe("Drafted headline");

    const missing = await send(restore.action, path(99), { part: "home", n: "99" }, { method: "POST" });
    expect(missing).toMatchObject({ status: 404, data: { message: messages.versionNotFound } });
    const badFlag = await send(restore.action, path(1), { part: "home", n: "1" }, { method: "POST", json: { publish: "yes" } });
    expect(badFlag).toMatchObject({ status: 422, data: { errors: { publish: [messages.contentPublishInvalid] } } });
    expect((await send(restore.action, path(1), { part: "home", n: "1" }, { method: "POST" }, { cookie: session.cookie })).status).toBe(
      419,
    );
    expect((await send(restore.action, path(1), { part: "home", n: "1" }, { method: "POST" }, {})).status).toBe(401);
  });
});

describe("every route answers CORS for an allowed origin", () => {
  it("on a preflight and on an answer", async () => {
    const preflight = await call(
      part.action,
      new Request(`${BASE_URL}/api/content/home`, {
        method: "OPTIONS",
        headers: { Origin: "https://app.example", "Access-Control-Request-Method": "PUT" },
      }),
      { part: "home" },
    );
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("Access-Control-Allow-Origin")).toBe("https://app.example");
    expect(preflight.headers.get("Access-Control-Allow-Methods")).toContain("PUT");
    const answer: Outcome = await get(
      versions.loader,
      "/api/content/home/versions",
      { part: "home" },
      { token, headers: { Origin: "https://app.example" } },
    );
    expect(answer.headers.get("Access-Control-Allow-Origin")).toBe("https://app.example");
  });
});
