import { beforeAll, describe, expect, it } from "vitest";
import { getContentPart, saveContentPart, seedSiteContent } from "~/domain/site-content.server";
import * as root from "~/root";
import * as home from "~/routes/_site._index";
import * as about from "~/routes/_site.about";
import * as services from "~/routes/_site.services";
import * as preview from "~/routes/dashboard_.preview";
import * as logout from "~/routes/logout";
import { connectDb } from "~/server/db.server";
import { uploadedImages } from "~/server/uploads.server";
import { call, cookiesFrom, get, postForm } from "../support/remix";
import { signedInAdmin } from "../support/session";
import { testOrigin } from "../support/origin";

/**
 * The public pages read the stored content (docs/behaviour.md#site-content), and a signed-in admin's preview shows
 * the drafts (docs/behaviour.md#preview): the preview cookie alone shows nothing.
 */
let cookie = "";
let published = "";
const DRAFT = "A draft headline only admins see";

type HomeData = { home: { heroHeadline: string } };
type RootData = { frame: { brand: { name: string }; preview: boolean } };

beforeAll(async () => {
  await connectDb();
  await seedSiteContent();
  ({ cookie } = await signedInAdmin());
  published = (await getContentPart("home")).published.heroHeadline;
  const draftHome = { ...(await getContentPart("home")).published, heroHeadline: DRAFT };
  await saveContentPart("home", draftHome, { publish: false, origin: testOrigin(), images: uploadedImages });
  const draftBrand = { ...(await getContentPart("brand")).published, name: "Draft Studio" };
  await saveContentPart("brand", draftBrand, { publish: false, origin: testOrigin(), images: uploadedImages });
});

const headline = async (cookies?: string) => ((await call(home.loader, get("/", cookies))).data as HomeData).home.heroHeadline;
const frame = async (cookies?: string) => ((await call(root.loader, get("/", cookies))).data as RootData).frame;

async function turn(intent: "on" | "off", cookies: string, redirectTo = "/about") {
  return call(preview.action, postForm("/dashboard/preview", { intent, redirectTo }, cookies));
}

describe("the public pages' content", () => {
  it("is the published content: the home page's parts, the services, About and the team, the frame's name and links", async () => {
    expect(await headline()).toBe(published);
    const servicesData = (await call(services.loader, get("/services?service=video-editing"))).data as {
      services: { slug: string }[];
      selected: string | null;
    };
    expect(servicesData.selected).toBe("video-editing");
    expect(servicesData.services).toHaveLength((await getContentPart("services")).published.items.length);
    expect((await call(services.loader, get("/services?service=nothing"))).data).toMatchObject({ selected: null });
    const aboutData = (await call(about.loader, get("/about"))).data as { about: { title: string }; team: unknown[] };
    expect(aboutData.about.title).toBe((await getContentPart("about")).published.title);
    expect(aboutData.team).toHaveLength(3);
    expect(await frame()).toMatchObject({ brand: { name: "Northbeam Studio" }, preview: false });
  });
});

describe("preview", () => {
  it("turns on for a signed-in admin: a session-long, HttpOnly, SameSite=Lax cookie, then back to the page", async () => {
    const on = await turn("on", cookie);
    expect(on.status).toBe(302);
    expect(on.headers.get("Location")).toBe("/about");
    const set = on.headers.getSetCookie().join("\n");
    expect(set).toMatch(/^__preview=[^;]+; Path=\/; HttpOnly; SameSite=Lax$/m);
    const withPreview = cookiesFrom(on.headers, cookie);

    expect(await headline(withPreview)).toBe(DRAFT);
    expect(await frame(withPreview)).toMatchObject({ brand: { name: "Draft Studio" }, preview: true });
    // Without the cookie the same admin sees what visitors see.
    expect(await headline(cookie)).toBe(published);
    expect(await frame(cookie)).toMatchObject({ brand: { name: "Northbeam Studio" }, preview: false });
  });

  it("shows nothing to a request with the cookie but no session, or an ended one", async () => {
    expect(await headline("__preview=1")).toBe(published);
    expect(await frame("__preview=1")).toMatchObject({ preview: false });
    const { cookie: other } = await signedInAdmin();
    const { SessionModel } = await import("~/models/session.server");
    await SessionModel.deleteMany({});
    expect(await headline(`${other}; __preview=1`)).toBe(published);
  });

  it("is refused to anyone not signed in, and from another site", async () => {
    const anonymous = await turn("on", "");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/login/);
    expect(anonymous.headers.getSetCookie().join("\n")).not.toContain("__preview=");

    const { cookie: admin } = await signedInAdmin();
    const crossSite = await call(
      preview.action,
      new Request("http://localhost:3000/dashboard/preview", {
        method: "POST",
        headers: { Cookie: admin, Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
        body: "intent=on&redirectTo=%2F",
      }),
    );
    expect(crossSite.status).toBe(403);
    expect(await call(preview.action, postForm("/dashboard/preview", { intent: "maybe" }, admin))).toMatchObject({ status: 400 });
  });

  it("goes back only to a path of this site, and turns off for anyone, clearing the cookie", async () => {
    const { cookie: admin } = await signedInAdmin();
    for (const target of ["//evil.example/", "https://evil.example/", "javascript:alert(1)"]) {
      expect((await turn("on", admin, target)).headers.get("Location"), target).toBe("/");
    }
    expect((await turn("on", admin, "/services?service=video-editing")).headers.get("Location")).toBe("/services?service=video-editing");

    const off = await turn("off", "__preview=1", "/about");
    expect(off.status).toBe(302);
    expect(off.headers.get("Location")).toBe("/about");
    expect(cookiesFrom(off.headers, "__preview=1")).toBe("");
  });

  it("ends at sign-out: the cookie is cleared with the session", async () => {
    const { cookie: admin } = await signedInAdmin();
    const withPreview = cookiesFrom((await turn("on", admin)).headers, admin);
    const out = await call(logout.action, postForm("/logout", {}, withPreview));
    expect(out.status).toBe(302);
    expect(cookiesFrom(out.headers, withPreview)).not.toContain("__preview=");
  });
});
