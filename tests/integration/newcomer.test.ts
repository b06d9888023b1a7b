import { beforeAll, describe, expect, it } from "vitest";
import { getContentPart, seedSiteContent } from "~/domain/site-content.server";
import { contentSubject, listVersions } from "~/domain/versions.server";
import * as root from "~/root";
import * as restore from "~/routes/dashboard.content.$part.history_.$n";
import * as editor from "~/routes/dashboard.content.$part._index";
import * as home from "~/routes/_site._index";
import * as about from "~/routes/_site.about";
import * as privacy from "~/routes/_site.privacy";
import * as services from "~/routes/_site.services";
import { connectDb } from "~/server/db.server";
import { imageFile, multipartRequest } from "../support/factories";
import { refusal } from "../support/form-replies";
import { call, get, postForm } from "../support/remix";
import { signedInAdmin } from "../support/session";

// The first hour of a studio that adopts the product (issue 21's "done when"): each change through the dashboard's
// own form posts (as without JavaScript), each seen by a visitor's page, no code touched.

let me: Awaited<ReturnType<typeof signedInAdmin>>;

beforeAll(async () => {
  await connectDb();
  // As on a first start: the demo content stored, each part's first version.
  await seedSiteContent();
  me = await signedInAdmin("owner@harbour.test", "Hana Owner");
});

/** A part's value as its editor's form fields (conform's names: `items[0].title`, `hero.text`). */
function formFields(value: unknown, prefix = ""): Record<string, string> {
  if (value === null || value === undefined) return {};
  if (Array.isArray(value)) return Object.assign({}, ...value.map((item, index) => formFields(item, `${prefix}[${index}]`)));
  if (typeof value === "object")
    return Object.assign({}, ...Object.entries(value).map(([key, item]) => formFields(item, prefix ? `${prefix}.${key}` : key)));
  return { [prefix]: String(value) };
}

const publish = (part: string, fields: Record<string, string>) =>
  call(editor.action, postForm(`/dashboard/content/${part}`, { ...fields, intent: "publish" }, me.cookie), { part });

describe("a newcomer, without touching code", () => {
  it("renames the studio and changes its colour and typeface, and a too light colour is refused with the reason", async () => {
    const brand = (await getContentPart("brand")).published;
    const light = await publish("brand", formFields({ ...brand, accent: "#ffd400" }));
    expect(light.status).toBe(422);
    // In plain words (no shade names), with the nearest shade that passes.
    expect(refusal(light.data).errors.accent).toEqual([
      "With #ffd400, the pale text of the closing call at the foot of the pages would be hard to read. Try #866e00, the nearest shade of the same colour that reads well everywhere.",
    ]);

    const saved = await publish("brand", formFields({ ...brand, name: "Harbour & Pine", accent: "#0F766E", font: "inter" }));
    expect(saved.status).toBe(302);
    const page = (await call(root.loader, get("/"))).data as {
      frame: { brand: { name: string } };
      brand: { css: string; fontUrl: string | null };
    };
    expect(page.frame.brand.name).toBe("Harbour & Pine");
    expect(page.brand.css).toContain("--color-brand-600:#0f766e");
    expect(page.brand.css).toContain('"Inter Variable"');
    expect(page.brand.fontUrl).toMatch(/\.woff2$/);
  });

  it("rewrites the home hero", async () => {
    const value = (await getContentPart("home")).published;
    expect((await publish("home", formFields({ ...value, heroHeadline: "Boats, brands and software." }))).status).toBe(302);
    const page = (await call(home.loader, get("/"))).data as { hero: { headline: string } } & Record<string, unknown>;
    expect(JSON.stringify(page)).toContain("Boats, brands and software.");
  });

  it("replaces a team portrait", async () => {
    const { members } = (await getContentPart("team")).published;
    const fields = { ...formFields({ members }), "members[0].portrait.alt": "Maya on the quay", intent: "publish" };
    const replaced = await call(
      editor.action,
      await multipartRequest(
        "/dashboard/content/team",
        { ...fields, "members[0].portrait.upload": await imageFile("jpeg") },
        { headers: { Cookie: me.cookie } },
      ),
      { part: "team" },
    );
    expect(replaced.status).toBe(302);
    const page = JSON.stringify((await call(about.loader, get("/about"))).data);
    expect(page).toMatch(/"url":"\/uploads\/[0-9a-f]{32}-1600\.webp","alt":"Maya on the quay"/);
  });

  it("reorders the services", async () => {
    const { items } = (await getContentPart("services")).published;
    const reordered = [items[2]!, ...items.filter((_, index) => index !== 2)];
    expect((await publish("services", formFields({ items: reordered }))).status).toBe(302);
    const page = (await call(services.loader, get("/services"))).data as { services: { slug: string }[] };
    expect(page.services.map((service) => service.slug)).toEqual(reordered.map((service) => service.slug));
  });

  it("restores yesterday's privacy policy after a bad edit", async () => {
    const before = (await getContentPart("privacy")).published;
    expect((await publish("privacy", formFields({ ...before, body: "We keep everything forever." }))).status).toBe(302);
    expect(JSON.stringify((await call(privacy.loader, get("/privacy"))).data)).toContain("We keep everything forever.");

    const versions = (await listVersions(contentSubject("privacy"))).items;
    const good = versions.find((version) => version.n < versions[0]!.n)!;
    const restored = await call(
      restore.action,
      postForm(`/dashboard/content/privacy/history/${good.n}`, { intent: "publish" }, me.cookie),
      {
        part: "privacy",
        n: String(good.n),
      },
    );
    expect(restored.status).toBe(302);
    expect((await getContentPart("privacy")).published.body).toBe(before.body);
    const page = JSON.stringify((await call(privacy.loader, get("/privacy"))).data);
    expect(page).not.toContain("We keep everything forever.");
    expect((await listVersions(contentSubject("privacy"))).items[0]).toMatchObject({ action: "restore", restoredFrom: good.n });
  });
});
