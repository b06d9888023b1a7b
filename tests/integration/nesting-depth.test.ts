import mongoose from "mongoose";
import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { issueToken } from "~/domain/access.server";
import { getContentPart } from "~/domain/site-content.server";
import { messages } from "~/domain/messages";
import { MARKDOWN_MAX_DEPTH } from "~/lib/markdown-depth";
import { CaseStudyModel } from "~/models/case-study.server";
import { ContentStampModel, SiteContentModel } from "~/models/site-content.server";
import * as page from "~/routes/_site.case-studies.$id";
import * as privacy from "~/routes/_site.privacy";
import * as apiList from "~/routes/api.case-studies";
import * as apiOne from "~/routes/api.case-studies.$id";
import * as apiContent from "~/routes/api.content.$part";
import * as apiLogin from "~/routes/api.login";
import * as apiReset from "~/routes/api.password-reset";
import * as contentEditor from "~/routes/dashboard.content.$part._index";
import * as edit from "~/routes/dashboard.case-studies.edit.$id";
import { MAX_JSON_DEPTH } from "~/server/api/body.server";
import { connectDb } from "~/server/db.server";
import { caseStudyFields, caseStudyFormFields } from "../support/case-study-fields";
import { apiRequest, multipartRequest, noFile, url } from "../support/factories";
import { refusal, sentByScript } from "../support/form-replies";
import { call, get, postForm } from "../support/remix";
import { signedInAdmin } from "../support/session";

// Nesting depth (docs/security.md#nesting-depth): Markdown nested past MARKDOWN_MAX_DEPTH is refused at every door
// that saves it, and a page renders whatever is stored; a JSON body nested past MAX_JSON_DEPTH is refused alike on
// every API route.

let me: Awaited<ReturnType<typeof signedInAdmin>>;
let token: string;
let study: { id: string; slug: string };

const deepQuotes = "> ".repeat(1000) + "x";
const deepMessage = (field: string) => messages.markdownTooDeep(field, MARKDOWN_MAX_DEPTH);

beforeAll(async () => {
  await connectDb();
  me = await signedInAdmin("nesting@studio.test", "Nesting Admin");
  token = (await issueToken(me.admin.id)).token;
  const [doc] = await CaseStudyModel.create([
    {
      title: "Nested Story",
      slug: "nested-story",
      client: "Nested client",
      industry: "Retail",
      project_insight: "Insight.",
      technologies: ["React"],
      outcomes: [
        { label: "A", value: "1" },
        { label: "B", value: "2" },
        { label: "C", value: "3" },
      ],
      image_url: "/images/case-studies/nested-story-1600.webp",
      image_alt: "The cover",
      status: "published",
      challenge: "A **plain** challenge.",
    },
  ]);
  study = { id: doc!._id.toString(), slug: "nested-story" };
});

/** A route's page rendered on the server from its real loader's answer, as a visitor gets it. */
async function render(path: string, pattern: string, module: { loader: Parameters<typeof call>[0]; default: ComponentType }, params = {}) {
  const routes = [{ path: pattern, loader: async () => (await call(module.loader, get(path), params)).data, Component: module.default }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(get(path));
  if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
  if (context.errors) throw Object.values(context.errors)[0];
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(createElement(StaticRouterProvider, { router, context, hydrate: false }));
}

const patch = (json: unknown) =>
  call(apiOne.action, apiRequest(`/api/case-studies/${study.id}`, { method: "PATCH", json, token }), { id: study.id });

describe("Markdown nested too deeply", () => {
  it("is refused by the API's PATCH and POST, under its field, and nothing is stored", async () => {
    const patched = await patch({ challenge: deepQuotes });
    expect(patched.status).toBe(422);
    expect(patched.data).toEqual({ message: deepMessage("challenge"), errors: { challenge: [deepMessage("challenge")] } });
    expect((await CaseStudyModel.findById(study.id).lean())!.challenge).toBe("A **plain** challenge.");

    // Lists, ordered lists and emphasis too, not only quotes.
    for (const [field, text] of [
      ["approach", "- ".repeat(200) + "x"],
      ["result", "1. ".repeat(200) + "x"],
      ["approach", "*a ".repeat(200) + "x" + " a*".repeat(200)],
      ["result", "> - 1. ".repeat(10) + "x"],
    ]) {
      const answer = await patch({ [field!]: text });
      expect(answer.status, `${field}: ${text!.slice(0, 20)}`).toBe(422);
      expect((answer.data as { errors: Record<string, string[]> }).errors).toEqual({ [field!]: [deepMessage(field!)] });
    }

    const before = await CaseStudyModel.countDocuments();
    const created = await call(
      apiList.action,
      apiRequest("/api/case-studies", { method: "POST", form: caseStudyFields("Deep Create", { result: deepQuotes }), token }),
    );
    expect(created.status).toBe(422);
    expect((created.data as { errors: Record<string, string[]> }).errors.result).toEqual([deepMessage("result")]);
    expect(await CaseStudyModel.countDocuments()).toBe(before);
  });

  it(`is taken up to ${MARKDOWN_MAX_DEPTH} levels, as a real document nests`, async () => {
    const nested = "> ".repeat(MARKDOWN_MAX_DEPTH) + "*a **b [c](/d)** e*";
    const answer = await patch({ approach: nested });
    expect(answer.status).toBe(200);
    expect((await CaseStudyModel.findById(study.id).lean())!.approach).toBe(nested);
  });

  it("is refused by the dashboard's case study editor, with JavaScript on and off, under the field", async () => {
    for (const script of [false, true]) {
      const request = await multipartRequest(
        `/dashboard/case-studies/edit/${study.id}`,
        { ...caseStudyFormFields("Nested Story"), challenge: deepQuotes, image: noFile() },
        { headers: { Cookie: me.cookie } },
      );
      const result = await call(edit.action, script ? sentByScript(request) : request, { id: study.id });
      expect(result.status).toBe(422);
      const refused = refusal(result.data);
      expect(refused.errors).toEqual({ challenge: [deepMessage("challenge")] });
      expect(refused.values).toMatchObject({ challenge: deepQuotes });
    }
    expect((await CaseStudyModel.findById(study.id).lean())!.challenge).toBe("A **plain** challenge.");
  });

  it("is refused in a legal text by the API's PUT and the content editor", async () => {
    const stored = (await getContentPart("privacy")).published;
    const put = await call(
      apiContent.action,
      apiRequest("/api/content/privacy", { method: "PUT", json: { content: { ...stored, body: "- ".repeat(500) + "x" } }, token }),
      { part: "privacy" },
    );
    expect(put.status).toBe(422);
    expect((put.data as { errors: Record<string, string[]> }).errors).toEqual({ "content.body": [deepMessage("text")] });

    const form = { title: stored.title, description: stored.description, lastUpdated: stored.lastUpdated, body: deepQuotes };
    for (const script of [false, true]) {
      const request = postForm("/dashboard/content/privacy", form, me.cookie);
      const result = await call(contentEditor.action, script ? sentByScript(request) : request, { part: "privacy" });
      expect(result.status).toBe(422);
      expect(refusal(result.data).errors).toEqual({ body: [deepMessage("text")] });
    }
    expect((await getContentPart("privacy")).published.body).toBe(stored.body);
  });
});

describe("a page whose stored Markdown nests too deeply", () => {
  // As an import or a script could have stored it, past every check.
  const stored: [text: string, shows: string][] = [
    ["> ".repeat(1000) + "quoted", "quoted"],
    ["- ".repeat(5000) + "listed", "listed"],
    [Array.from({ length: 300 }, (_, level) => "  ".repeat(level) + "1. item " + level).join("\n"), "item 299"],
    ["*a ".repeat(2000) + "emphasised" + " a*".repeat(2000), "emphasised"],
    ["> ".repeat(20_000) + "beyond the parser's stack", "beyond the parser"],
  ];

  it("renders the case study's page, flattened past the limit, quickly", async () => {
    for (const [text, shows] of stored) {
      await CaseStudyModel.collection.updateOne(
        { _id: new mongoose.Types.ObjectId(study.id) },
        { $set: { challenge: text, approach: null } },
      );
      const started = performance.now();
      const html = await render(`/case-studies/${study.slug}`, "/case-studies/:id", page, { id: study.slug });
      expect(performance.now() - started, text.slice(0, 12)).toBeLessThan(3000);
      expect(html).toContain("Challenge");
      expect(html).toContain(shows);
      expect(html.split("<blockquote").length - 1).toBeLessThanOrEqual(MARKDOWN_MAX_DEPTH);
    }
  }, 60_000);

  it("renders a legal page", async () => {
    const published = (await getContentPart("privacy")).published;
    await SiteContentModel.updateOne(
      { _id: "privacy" },
      { $set: { published: { ...published, body: "> ".repeat(3000) + "quoted" } } },
      { upsert: true },
    );
    await ContentStampModel.updateOne({ _id: "site" }, { $inc: { n: 1 } }, { upsert: true });
    await new Promise((resolve) => setTimeout(resolve, 600));
    const html = await render("/privacy", "/privacy", privacy);
    expect(html).toContain("quoted");
    await SiteContentModel.updateOne({ _id: "privacy" }, { $set: { published } });
    await ContentStampModel.updateOne({ _id: "site" }, { $inc: { n: 1 } }, { upsert: true });
  });
});

describe("a JSON body nested too deeply", () => {
  const nested = (levels: number) => "[".repeat(levels) + "]".repeat(levels);
  const jsonRequest = (path: string, method: string, body: string, auth = true) =>
    new Request(url(path), {
      method,
      headers: { Accept: "application/json", "Content-Type": "application/json", ...(auth ? { Authorization: `Bearer ${token}` } : {}) },
      body,
    });
  const tooDeep = { message: messages.apiJsonTooDeep(MAX_JSON_DEPTH) };

  it("gets the same 400 from every route that reads one, content included", async () => {
    const body = `{"content": {"blurb": ${nested(40_000)}}}`;
    const answers = [
      await call(apiContent.action, jsonRequest("/api/content/footer", "PUT", body), { part: "footer" }),
      await call(apiOne.action, jsonRequest(`/api/case-studies/${study.id}`, "PATCH", body), { id: study.id }),
      await call(apiLogin.action, jsonRequest("/api/login", "POST", body, false)),
      await call(apiReset.action, jsonRequest("/api/password-reset", "POST", `{"email": ${nested(5_000)}}`, false)),
    ];
    for (const answer of answers) expect({ status: answer.status, data: answer.data }).toEqual({ status: 400, data: tooDeep });
  });

  it(`reads one of ${MAX_JSON_DEPTH} levels, strings with brackets included, as before`, async () => {
    const inner = nested(MAX_JSON_DEPTH - 3);
    const body = `{"content": {"blurb": ${inner}, "note": "${"[".repeat(100)}"}}`;
    const answer = await call(apiContent.action, jsonRequest("/api/content/footer", "PUT", body), { part: "footer" });
    expect(answer.status).toBe(422);
    expect(answer.data).not.toEqual(tooDeep);
  });
});
