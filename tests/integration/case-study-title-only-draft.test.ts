import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { Outlet } from "@remix-run/react";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { issueToken } from "~/domain/access.server";
import { messages } from "~/domain/messages";
import { CaseStudyModel } from "~/models/case-study.server";
import * as dashboard from "~/routes/dashboard";
import * as edit from "~/routes/dashboard.case-studies.edit.$id";
import * as upload from "~/routes/dashboard.case-studies.upload";
import * as apiList from "~/routes/api.case-studies";
import * as apiOne from "~/routes/api.case-studies.$id";
import * as detail from "~/routes/_site.case-studies.$id";
import { connectDb } from "~/server/db.server";
import { refusal } from "../support/form-replies";
import { call, get } from "../support/remix";
import { signedInAdmin } from "../support/session";
import { apiRequest, multipartRequest, noFile } from "../support/factories";

/**
 * docs/behaviour.md#drafts: a draft needs only its title, through the dashboard's form and the API; publishing it
 * is refused with the spec's message for the first field it lacks; its form and its page render with the gaps.
 */

let me: Awaited<ReturnType<typeof signedInAdmin>>;
let token: string;

beforeAll(async () => {
  await connectDb();
  me = await signedInAdmin("title-only@studio.test", "Title Only");
  token = (await issueToken(me.admin.id)).token;
});

const form = (path: string, fields: Record<string, string>) =>
  multipartRequest(path, { ...fields, image: noFile() }, { headers: { Cookie: me.cookie } });

async function render(path: string, routes: Parameters<typeof createStaticHandler>[0]) {
  const handler = createStaticHandler(routes);
  const context = await handler.query(get(path, me.cookie));
  if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
  return renderToString(
    createElement(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, context), context, hydrate: false }),
  );
}

const route = (pattern: string, module: { loader: Parameters<typeof call>[0]; default: ComponentType }, path: string, params = {}) => ({
  path: pattern,
  loader: async () => (await call(module.loader, get(path, me.cookie), params)).data,
  Component: module.default,
});

/** The `<input>` or `<textarea>` named `name`, as rendered. */
const control = (html: string, name: string) =>
  html.match(new RegExp(`<(input|textarea)[^>]*name="${name.replace(/[[\].]/g, "\\$&")}"[^>]*>([^<]*)`))?.[0] ?? "";

describe("a draft with only a title", () => {
  it("is saved from the dashboard's form; publishing it is refused with the spec's message; its form shows the rest empty", async () => {
    const saved = await call(upload.action, await form("/dashboard/case-studies/upload", { title: "Form Title Only", status: "draft" }));
    expect(saved.status).toBe(302);
    const doc = await CaseStudyModel.findOne({ title: "Form Title Only" }).lean();
    expect(doc).toMatchObject({ status: "draft", client: "", industry: "", project_insight: "", image_url: "" });
    const id = doc!._id.toString();

    const publishing = await call(
      edit.action,
      await form(`/dashboard/case-studies/edit/${id}`, { title: "Form Title Only", status: "published" }),
      { id },
    );
    expect(publishing.status).toBe(422);
    expect(refusal(publishing.data).message?.split(", ")[0]).toBe("Please fill in the client");
    expect(refusal(publishing.data).errors).toMatchObject({ client: ["Please fill in the client"], outcomes: [messages.fillInOutcomes] });
    expect(await CaseStudyModel.findById(id).lean()).toMatchObject({ status: "draft" });

    const path = `/dashboard/case-studies/edit/${id}`;
    const html = await render(path, [
      {
        id: "routes/dashboard",
        path: "/",
        loader: async () => (await call(dashboard.loader, get(path, me.cookie))).data,
        Component: Outlet,
        children: [route("/dashboard/case-studies/edit/:id", edit, path, { id })],
      },
    ]);
    expect(control(html, "title")).toContain('value="Form Title Only"');
    for (const name of ["client", "industry", "outcomes[0].label", "outcomes[2].value"])
      expect(control(html, name)).not.toMatch(/value="[^"]/);
    expect(control(html, "project_insight")).toMatch(/>$/);
    expect(html).toContain("The preview of the chosen image shows here.");

    // Its page, for a signed-in admin, renders with the banner and no image.
    const page = await render(`/case-studies/${doc!.slug}`, [
      route("/case-studies/:id", detail, `/case-studies/${doc!.slug}`, { id: doc!.slug }),
    ]);
    expect(page).toContain(messages.draftBanner);
    expect(page).toContain("Form Title Only");
  });

  it("is saved through the API (image_url null); publishing it is refused with the first missing field's message", async () => {
    const created = await call(
      apiList.action,
      apiRequest("/api/case-studies", { method: "POST", json: { title: "Api Title Only", status: "draft" }, token }),
    );
    expect(created.status).toBe(201);
    const study = created.data as { id: string; image_url: string | null; client: string; outcomes: unknown[] };
    expect(study).toMatchObject({ image_url: null, client: "", outcomes: [] });

    const published = await call(
      apiOne.action,
      apiRequest(`/api/case-studies/${study.id}`, { method: "PATCH", json: { status: "published" }, token }),
      { id: study.id },
    );
    expect(published.status).toBe(422);
    expect(published.data).toMatchObject({ message: "Please fill in the client", errors: { client: ["Please fill in the client"] } });

    // Without a status an entry is published: the spec's rules, each field's message.
    const plain = await call(apiList.action, apiRequest("/api/case-studies", { method: "POST", json: { title: "Api Published" }, token }));
    expect(plain.status).toBe(422);
    expect((plain.data as { message: string }).message).toBe("Please fill in the client");
  });
});
