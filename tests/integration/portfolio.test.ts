import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { issueToken } from "~/domain/access.server";
import { demoCaseStudies } from "~/content/demo-case-studies";
import { listIndustries, seedIndustries } from "~/domain/industries.server";
import { messages } from "~/domain/messages";
import { AuditEventModel } from "~/models/audit-event.server";
import { CaseStudyModel } from "~/models/case-study.server";
import { IndustryModel, OnceMarkModel } from "~/models/industry.server";
import * as apiOne from "~/routes/api.case-studies.$id";
import * as apiList from "~/routes/api.case-studies";
import * as apiIndustries from "~/routes/api.industries";
import * as apiIndustry from "~/routes/api.industries.$id";
import * as publicList from "~/routes/api.public.case-studies";
import * as featuredScreen from "~/routes/dashboard.case-studies.featured";
import * as industriesScreen from "~/routes/dashboard.case-studies.industries";
import * as upload from "~/routes/dashboard.case-studies.upload";
import * as home from "~/routes/_site._index";
import * as cases from "~/routes/_site.case-studies._index";
import * as services from "~/routes/_site.services";
import { connectDb } from "~/server/db.server";
import { refusal } from "../support/form-replies";
import { call, get, postForm } from "../support/remix";
import { signedInAdmin } from "../support/session";
import { caseStudyFields, caseStudyFormFields } from "../support/case-study-fields";
import { apiHeaders, apiRequest, imageFile, multipartRequest } from "../support/factories";

// docs/behaviour.md#services-and-industries, #featured-work; docs/api.md

let me: Awaited<ReturnType<typeof signedInAdmin>>;
let token: string;

beforeAll(async () => {
  await connectDb();
  me = await signedInAdmin("portfolio@studio.test", "Portfolio Admin");
  token = (await issueToken(me.admin.id)).token;
});

const DAY = 24 * 60 * 60 * 1000;
const outcomes = [1, 2, 3].map((n) => ({ label: `L${n}`, value: `V${n}` }));

/** A stored entry, `daysAgo` old (distinct, so newest-first is known). */
async function stored(
  title: string,
  fields: {
    industry: string;
    services?: string[];
    daysAgo: number;
    status?: "draft" | "published";
    featured?: boolean;
    featured_order?: number | null;
  },
) {
  const created_at = new Date(Date.now() - fields.daysAgo * DAY);
  const [doc] = await CaseStudyModel.create(
    [
      {
        title,
        client: "Client",
        project_insight: "Insight",
        technologies: [],
        outcomes,
        image_url: "/images/case-studies/x-1600.webp",
        status: "published",
        ...fields,
        created_at,
        updated_at: created_at,
      },
    ],
    { timestamps: false },
  );
  return doc!._id.toString();
}

async function resetIndustries() {
  await IndustryModel.deleteMany({});
  await OnceMarkModel.deleteMany({});
}

describe("the industries list", () => {
  beforeEach(async () => {
    await CaseStudyModel.deleteMany({});
    await resetIndustries();
  });

  it("is seeded once from the demo's and the stored industries; names differing in case become one, entries included", async () => {
    await stored("Old one", { industry: "Aerospace", daysAgo: 3 });
    await stored("Lowercase", { industry: "fintech", daysAgo: 2 });
    // Two instances reading the list at once.
    const [first, second] = await Promise.all([listIndustries(), listIndustries()]);
    const names = first.map((industry) => industry.name);
    const expected = [...new Set([...demoCaseStudies.map((study) => study.industry), "Aerospace"])].sort((a, b) =>
      a.localeCompare(b, "en", { sensitivity: "base" }),
    );
    expect(names).toEqual(expected);
    expect(second.map((industry) => industry.name)).toEqual(expected);
    expect(await IndustryModel.countDocuments()).toBe(expected.length);
    expect(first.map((industry) => industry.position)).toEqual(expected.map((_, index) => index + 1));
    expect(first.find((industry) => industry.name === "Food & Beverage")?.slug).toBe("food-and-beverage");
    expect((await CaseStudyModel.findOne({ title: "Lowercase" }).lean())?.industry).toBe("Fintech");

    // Emptied by admins, it stays empty.
    await IndustryModel.deleteMany({});
    expect(await seedIndustries()).toBe(0);
    expect(await listIndustries()).toEqual([]);
  });

  it("is managed on the dashboard screen: add, rename (renaming its case studies), move, and remove refused while in use", async () => {
    await listIndustries();
    const id = (name: string) =>
      IndustryModel.findOne({ name })
        .lean()
        .then((doc) => doc!._id.toString());
    const fintech = await id("Fintech");
    await stored("Bank app", { industry: "Fintech", daysAgo: 2 });
    await stored("Draft bank", { industry: "Fintech", daysAgo: 1, status: "draft" });

    const post = (fields: Record<string, string>) =>
      call(industriesScreen.action, postForm("/dashboard/case-studies/industries", fields, me.cookie));

    const added = await post({ intent: "add", name: "  Aerospace " });
    expect(added.status).toBe(302);
    expect(added.headers.get("Location")).toBe("/dashboard/case-studies/industries");
    const list = (await call(industriesScreen.loader, get("/dashboard/case-studies/industries", me.cookie))).data as {
      industries: { name: string; caseStudies: number; position: number }[];
    };
    expect(list.industries.at(-1)).toMatchObject({ name: "Aerospace", caseStudies: 0, position: list.industries.length });
    expect(list.industries.find((industry) => industry.name === "Fintech")?.caseStudies).toBe(2);

    const taken = await post({ intent: "add", name: "FINTECH" });
    expect(taken.status).toBe(409);
    expect(taken.data).toMatchObject({ ok: false, intent: "add", name: "FINTECH", message: messages.industryNameTaken });
    expect((await post({ intent: "add", name: "  " })).data).toMatchObject({ message: messages.industryNameRequired });

    const refusedRemoval = await post({ intent: "remove", id: fintech });
    expect(refusedRemoval.status).toBe(409);
    expect(refusedRemoval.data).toMatchObject({
      id: fintech,
      message: "2 case studies use this industry: give them another industry first.",
    });
    expect(await IndustryModel.exists({ _id: fintech })).toBeTruthy();

    expect((await post({ intent: "rename", id: fintech, name: "Financial Services" })).status).toBe(302);
    expect(await CaseStudyModel.countDocuments({ industry: "Financial Services" })).toBe(2);
    expect(await CaseStudyModel.countDocuments({ industry: "Fintech" })).toBe(0);
    expect((await IndustryModel.findById(fintech).lean())?.slug).toBe("financial-services");

    const aerospace = await id("Aerospace");
    expect((await post({ intent: "move", id: aerospace, direction: "up" })).status).toBe(302);
    const order = (await listIndustries()).map((industry) => industry.name);
    expect(order.at(-2)).toBe("Aerospace");
    expect(order.at(-1)).not.toBe("Aerospace");

    expect((await post({ intent: "remove", id: aerospace })).status).toBe(302);
    expect(await IndustryModel.exists({ _id: aerospace })).toBeNull();
  });

  it("is managed through the API too", async () => {
    const auth = { token };
    const created = await call(
      apiIndustries.action,
      apiRequest("/api/industries", { method: "POST", json: { name: "Aerospace" }, ...auth }),
    );
    expect(created.status).toBe(201);
    const industry = created.data as { id: string; slug: string; case_studies: number };
    expect(industry).toMatchObject({ name: "Aerospace", slug: "aerospace", case_studies: 0 });

    const moved = await call(
      apiIndustry.action,
      apiRequest(`/api/industries/${industry.id}`, { method: "PATCH", json: { name: "Aero & Space", position: 1 }, ...auth }),
      { id: industry.id },
    );
    expect(moved.status).toBe(200);
    expect(moved.data).toMatchObject({ name: "Aero & Space", slug: "aero-and-space", position: 1 });
    const listed = (await call(apiIndustries.loader, apiRequest("/api/industries", auth))).data as { name: string }[];
    expect(listed[0]?.name).toBe("Aero & Space");

    await stored("Rocket", { industry: "Aero & Space", daysAgo: 1 });
    const refusedRemoval = await call(apiIndustry.action, apiRequest(`/api/industries/${industry.id}`, { method: "DELETE", ...auth }), {
      id: industry.id,
    });
    expect(refusedRemoval.status).toBe(409);
    expect(refusedRemoval.data).toMatchObject({ message: messages.industryInUse(1) });
  });
});

describe("a case study's services and industry", () => {
  beforeAll(async () => {
    await CaseStudyModel.deleteMany({});
    await resetIndustries();
  });

  const create = async (fields: Record<string, string>) =>
    call(
      apiList.action,
      await multipartRequest("/api/case-studies", { ...fields, image: await imageFile() }, { headers: apiHeaders({ token }) }),
    );

  it("take the site's service slugs and a listed industry in any case, stored in the list's spelling", async () => {
    const result = await create(
      caseStudyFields("Tagged", { industry: "fintech", "services[0]": "website-development", "services[1]": "ui-ux-design" }),
    );
    expect(result.status).toBe(201);
    expect(result.data).toMatchObject({ industry: "Fintech", services: ["website-development", "ui-ux-design"], featured: false });
  });

  it("refuse an unknown service under its field; a new industry is not refused, and a refused save adds none", async () => {
    const result = await create(caseStudyFields("Unknown", { industry: "Underwater Basket Weaving", "services[0]": "time-travel" }));
    expect(result.status).toBe(422);
    const { errors } = result.data as { errors: Record<string, string[]> };
    expect(errors).toEqual({ services: [messages.caseStudyServiceUnknown(["time-travel"])] });
    expect(await CaseStudyModel.countDocuments({ title: "Unknown" })).toBe(0);
    expect(await IndustryModel.countDocuments({ slug: "underwater-basket-weaving" })).toBe(0);
  });

  it("take a new industry, which joins the list last, recorded in the audit log as if added on the Industries screen", async () => {
    const made = await create(caseStudyFields("Woven", { industry: "  Underwater Basket Weaving " }));
    expect(made.status).toBe(201);
    expect(made.data).toMatchObject({ industry: "Underwater Basket Weaving" });
    expect((await listIndustries()).at(-1)).toMatchObject({ name: "Underwater Basket Weaving", slug: "underwater-basket-weaving" });
    const added = await AuditEventModel.find({ action: "industry.changed", target_label: "Underwater Basket Weaving" }).lean();
    expect(added).toHaveLength(1);
    expect(added[0]?.actor_id?.toString()).toBe(me.admin.id);
    expect(added[0]).toMatchObject({ target_type: "industry", details: { change: "added" } });

    // The same name in another case, or with the same address ("&" is "and"), is the listed one.
    const again = await create(caseStudyFields("Woven again", { industry: "UNDERWATER basket weaving" }));
    expect(again.data).toMatchObject({ industry: "Underwater Basket Weaving" });
    await create(caseStudyFields("Aero", { industry: "Aero & Space" }));
    expect((await create(caseStudyFields("Aero again", { industry: "aero and space" }))).data).toMatchObject({ industry: "Aero & Space" });
    expect(await IndustryModel.countDocuments({ slug: { $in: ["underwater-basket-weaving", "aero-and-space"] } })).toBe(2);
    expect(await AuditEventModel.countDocuments({ action: "industry.changed", target_label: "Underwater Basket Weaving" })).toBe(1);
  });

  it("refuse an industry the list could not hold: empty, too long, or without a letter or digit", async () => {
    const errorsOf = async (industry: string) => {
      const result = await create(caseStudyFields("Badly named", { industry }));
      expect(result.status).toBe(422);
      return (result.data as { errors: Record<string, string[]> }).errors.industry;
    };
    expect(await errorsOf("  ")).toEqual([messages.fillInField("industry")]);
    expect(await errorsOf("x".repeat(101))).toEqual([messages.industryNameTooLong(100)]);
    expect(await errorsOf("!!")).toEqual([messages.industryNameInvalid]);
    expect(await IndustryModel.countDocuments({ name: { $in: ["x".repeat(101), "!!"] } })).toBe(0);
  });

  it("made by several saves at once with one new name, in any case, is one industry, added and recorded once", async () => {
    // Only the race for the industry differs between these saves: the same work before it, so their joins overlap.
    const spellings = [
      "Kelp Farming",
      "kelp farming",
      "KELP FARMING",
      "Kelp farming",
      "kelp Farming",
      "Kelp Farming ",
      "kelp FARMING",
      "KELP farming",
    ];
    const ids = await Promise.all(spellings.map((_, n) => stored(`Kelp ${n}`, { industry: "Retail", daysAgo: n + 1 })));
    const answers = await Promise.all(
      ids.map((id, n) =>
        call(apiOne.action, apiRequest(`/api/case-studies/${id}`, { method: "PATCH", json: { industry: spellings[n] }, token }), { id }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(spellings.map(() => 200));
    const industries = await IndustryModel.find({ slug: "kelp-farming" }).lean();
    expect(industries).toHaveLength(1);
    const name = industries[0]!.name;
    expect(spellings.map((spelling) => spelling.trim())).toContain(name);
    expect(await CaseStudyModel.distinct("industry", { title: /^Kelp/ })).toEqual([name]);
    expect(await AuditEventModel.countDocuments({ action: "industry.changed", target_id: industries[0]!._id.toString() })).toBe(1);

    // The dashboard's form, two at once with another new name, likewise.
    const posted = await Promise.all(
      [1, 2].map(async (n) =>
        call(
          upload.action,
          await multipartRequest(
            "/dashboard/case-studies/upload",
            {
              ...caseStudyFormFields(`Kelp form ${n}`, { industry: n === 1 ? "Sea Salt" : "sea salt" }),
              services: "",
              featured: "false",
              image: await imageFile(),
            },
            { headers: { Cookie: me.cookie } },
          ),
        ),
      ),
    );
    expect(posted.map((answer) => answer.status)).toEqual([302, 302]);
    expect(await IndustryModel.countDocuments({ slug: "sea-salt" })).toBe(1);
    expect(await CaseStudyModel.distinct("industry", { title: /^Kelp form/ })).toHaveLength(1);
  });

  it("change with PATCH only when sent: an empty list clears the services", async () => {
    const { id } = (await create(caseStudyFields("Patched", { "services[0]": "graphic-design" }))).data as { id: string };
    const patch = (json: unknown) => call(apiOne.action, apiRequest(`/api/case-studies/${id}`, { method: "PATCH", json, token }), { id });
    expect((await patch({ title: "Patched again" })).data).toMatchObject({ services: ["graphic-design"], industry: "Retail" });
    expect((await patch({ services: [] })).data).toMatchObject({ services: [] });
    expect((await patch({ industry: "Nowhere" })).data).toMatchObject({ industry: "Nowhere", services: [] });
    expect(await IndustryModel.countDocuments({ slug: "nowhere" })).toBe(1);
  });

  it("are refused in the dashboard form with the message under the field, what was typed kept", async () => {
    const fields = caseStudyFormFields("Form refused", { industry: "!!" });
    const request = await multipartRequest(
      "/dashboard/case-studies/upload",
      { ...fields, services: "", featured: "false", image: await imageFile() },
      { headers: { Cookie: me.cookie } },
    );
    const result = await call(upload.action, request);
    expect(result.status).toBe(422);
    const { errors, values } = refusal(result.data);
    expect(errors.industry).toEqual([messages.industryNameInvalid]);
    expect(values).toMatchObject({ industry: "!!" });

    // Services as the checkboxes send them: the empty field first, then each one checked; Featured likewise.
    const saved = await call(
      upload.action,
      await multipartRequest(
        "/dashboard/case-studies/upload",
        {
          ...caseStudyFormFields("Form saved", { industry: "Typed Freely" }),
          services: "",
          featured: "false",
          image: await imageFile(),
        },
        { headers: { Cookie: me.cookie } },
      ),
    );
    expect(saved.status).toBe(302);
    expect(await CaseStudyModel.findOne({ title: "Form saved" }).lean()).toMatchObject({
      services: [],
      featured: false,
      industry: "Typed Freely",
    });
    expect((await listIndustries()).map((industry) => industry.name)).toContain("Typed Freely");
  });

  it("offers the services and industries in the form", async () => {
    const { choices } = (await call(upload.loader, get("/dashboard/case-studies/upload", me.cookie))).data as {
      choices: { services: { slug: string }[]; industries: { name: string }[] };
    };
    expect(choices.services.map((service) => service.slug)).toContain("website-development");
    expect(choices.industries.map((industry) => industry.name)).toContain("Retail");
  });
});

describe("the filtered portfolio", () => {
  beforeAll(async () => {
    await CaseStudyModel.deleteMany({});
    await resetIndustries();
    await stored("Web retail 1", { industry: "Retail", services: ["website-development"], daysAgo: 1 });
    await stored("Web retail 2", { industry: "Retail", services: ["website-development", "ui-ux-design"], daysAgo: 2 });
    await stored("Web fintech", { industry: "Fintech", services: ["website-development"], daysAgo: 3 });
    await stored("App fintech", { industry: "Fintech", services: ["application-development"], daysAgo: 4 });
    await stored("Web retail 3", { industry: "Retail", services: ["website-development"], daysAgo: 5 });
    await stored("Web retail 4", { industry: "Retail", services: ["website-development"], daysAgo: 6 });
    await stored("Web retail 5", { industry: "Retail", services: ["website-development"], daysAgo: 7 });
    await stored("Draft web retail", { industry: "Retail", services: ["website-development"], daysAgo: 0, status: "draft" });
    await stored("Removed service", { industry: "Retail", services: ["carrier-pigeons"], daysAgo: 8 });
  });

  type Page = {
    items: { title: string }[];
    total: number;
    page: number;
    pageCount: number;
    selected: { service: { slug: string } | null; industry: { slug: string } | null };
    facets: { services: { slug: string; count: number }[]; industries: { slug: string; count: number }[] };
  };
  const open = async (path: string) => call(cases.loader, get(path));
  const page = async (path: string) => {
    const result = await open(path);
    expect(result.status).toBe(200);
    return result.data as Page;
  };
  const counts = (options: { slug: string; count: number }[]) => Object.fromEntries(options.map((option) => [option.slug, option.count]));

  it("counts published entries per service and per industry, each within the other's choice", async () => {
    const all = await page("/case-studies");
    expect(all.total).toBe(8);
    expect(counts(all.facets.services)).toEqual({ "website-development": 6, "application-development": 1, "ui-ux-design": 1 });
    expect(counts(all.facets.industries)).toEqual({ fintech: 2, retail: 6 });

    const web = await page("/case-studies?service=website-development");
    expect(web.total).toBe(6);
    expect(web.items.map((item) => item.title)).toEqual(["Web retail 1", "Web retail 2", "Web fintech", "Web retail 3"]);
    expect(counts(web.facets.industries)).toEqual({ fintech: 1, retail: 5 });

    const both = await page("/case-studies?service=website-development&industry=fintech");
    expect(both.items.map((item) => item.title)).toEqual(["Web fintech"]);
    expect(counts(both.facets.services)).toEqual({ "website-development": 1, "application-development": 1 });
  });

  it("keeps the filters in its pages and redirects a page past the end within them", async () => {
    const second = await page("/case-studies?service=website-development&page=2");
    expect(second).toMatchObject({ page: 2, pageCount: 2 });
    expect(second.items.map((item) => item.title)).toEqual(["Web retail 4", "Web retail 5"]);
    const past = await open("/case-studies?service=website-development&page=9");
    expect(past.status).toBe(302);
    expect(past.headers.get("Location")).toBe("/case-studies?service=website-development&page=2");
  });

  it("drops an unknown service or industry with a 302, keeping the other", async () => {
    const unknown = await open("/case-studies?service=carrier-pigeons&industry=retail");
    expect(unknown.status).toBe(302);
    expect(unknown.headers.get("Location")).toBe("/case-studies?industry=retail");
    const byName = await open("/case-studies?industry=Retail");
    expect(byName.headers.get("Location")).toBe("/case-studies?industry=retail");
  });

  it("says so in words when a combination has nothing", async () => {
    const none = await page("/case-studies?service=ui-ux-design&industry=fintech");
    expect(none.items).toEqual([]);
    expect(none.total).toBe(0);
  });

  it("gives the public API the same filters", async () => {
    const titles = async (query: string) => {
      const result = await call(publicList.loader, apiRequest(`/api/public/case-studies${query}`));
      return { titles: (result.data as { title: string }[]).map((study) => study.title), total: result.headers.get("X-Total-Count") };
    };
    expect(await titles("?service=application-development")).toEqual({ titles: ["App fintech"], total: "1" });
    expect(await titles("?industry=FINTECH&service=website-development")).toEqual({ titles: ["Web fintech"], total: "1" });
    expect(await titles("?industry=fintech&page=1&per_page=1")).toEqual({ titles: ["Web fintech"], total: "2" });
    expect(await titles("?service=carrier-pigeons")).toEqual({ titles: [], total: "0" });
  });

  it("links each service's panel on /services to its work when it has some", async () => {
    const { workCounts } = (await call(services.loader, get("/services"))).data as { workCounts: Record<string, number> };
    expect(workCounts).toMatchObject({ "website-development": 6, "application-development": 1 });
    expect(workCounts["video-editing"]).toBeUndefined();
  });
});

describe("featured work", () => {
  beforeEach(async () => {
    await CaseStudyModel.deleteMany({});
  });

  const latest = async () =>
    ((await call(home.loader, get("/"))).data as { latest: { title: string }[] }).latest.map((study) => study.title);

  it("leads the home page's latest work in its order, filled with the newest", async () => {
    await stored("Newest", { industry: "Retail", daysAgo: 1 });
    await stored("Second newest", { industry: "Retail", daysAgo: 2 });
    expect(await latest()).toEqual(["Newest", "Second newest"]);
    await stored("Old featured", { industry: "Retail", daysAgo: 30, featured: true, featured_order: 1 });
    await stored("Draft featured", { industry: "Retail", daysAgo: 3, featured: true, featured_order: 0, status: "draft" });
    expect(await latest()).toEqual(["Old featured", "Newest", "Second newest"]);
    await stored("Older featured", { industry: "Retail", daysAgo: 40, featured: true, featured_order: 2 });
    expect(await latest()).toEqual(["Old featured", "Older featured", "Newest"]);
  });

  it("is set through the API, put last without an order, and reordered on the dashboard", async () => {
    const create = async (title: string, extra: Record<string, string>) =>
      (
        await call(
          apiList.action,
          await multipartRequest(
            "/api/case-studies",
            { ...caseStudyFields(title), ...extra, image: await imageFile() },
            { headers: apiHeaders({ token }) },
          ),
        )
      ).data as { id: string; featured: boolean; featured_order: number | null };
    const first = await create("First", { featured: "true" });
    const second = await create("Second", { featured: "true" });
    expect(first).toMatchObject({ featured: true, featured_order: 1 });
    expect(second).toMatchObject({ featured: true, featured_order: 2 });
    expect(await latest()).toEqual(["First", "Second"]);

    const moved = await call(
      featuredScreen.action,
      postForm("/dashboard/case-studies/featured", { id: second.id, direction: "up" }, me.cookie),
    );
    expect(moved.status).toBe(302);
    expect(await latest()).toEqual(["Second", "First"]);
    const atTheTop = await call(
      featuredScreen.action,
      postForm("/dashboard/case-studies/featured", { id: second.id, direction: "up" }, me.cookie),
    );
    expect(atTheTop.status).toBe(409);

    const unfeatured = await call(
      apiOne.action,
      apiRequest(`/api/case-studies/${second.id}`, { method: "PATCH", json: { featured: false }, token }),
      { id: second.id },
    );
    expect(unfeatured.data).toMatchObject({ featured: false, featured_order: null });
    const placed = await call(
      apiOne.action,
      apiRequest(`/api/case-studies/${first.id}`, { method: "PATCH", json: { featured_order: 0 }, token }),
      { id: first.id },
    );
    expect(placed.status).toBe(422);
  });
});
