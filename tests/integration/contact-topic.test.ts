import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CaseStudyModel } from "~/models/case-study.server";
import { ContactMessageModel } from "~/models/contact-message.server";
import * as contactRoute from "~/routes/_site.contact";
import * as caseStudyRoute from "~/routes/_site.case-studies.$id";
import { connectDb } from "~/server/db.server";
import { postContact as post } from "../support/contact-posts";
import { call, get } from "../support/remix";

// docs/behaviour.md#contact-topic: a message written about a service or a case study carries them in its source.

const storedSource = async () => (await ContactMessageModel.findOne().lean())?.source;

async function study(slug: string, services: string[], extra: Record<string, unknown> = {}) {
  await CaseStudyModel.create([
    {
      slug,
      title: `Title of ${slug}`,
      client: "Client",
      industry: "Retail",
      services,
      project_insight: "Insight.",
      technologies: [],
      outcomes: [
        { label: "A", value: "1" },
        { label: "B", value: "2" },
        { label: "C", value: "3" },
      ],
      image_url: `/images/case-studies/${slug}-1600.webp`,
      ...extra,
    },
  ]);
}

beforeAll(async () => {
  await connectDb();
  await Promise.all([ContactMessageModel.init(), CaseStudyModel.init()]);
  await CaseStudyModel.deleteMany({});
  await study("harbor-app", ["application-development", "ui-ux-design"], { former_slugs: ["old-harbor"] });
  await study("secret-draft", ["video-editing"], { status: "draft" });
});
beforeEach(async () => {
  await ContactMessageModel.deleteMany({});
});

describe("the contact page about a service or a case study", () => {
  it("/contact?service=… names the service the form is about, and keeps it in hidden fields", async () => {
    const page = await call(contactRoute.loader, get("/contact?service=website-development"));
    expect((page.data as { topic: unknown }).topic).toEqual({ service: { slug: "website-development", title: "Website Development" } });
  });

  it("a case study brings its first service; any of its addresses names it by its slug", async () => {
    const page = await call(contactRoute.loader, get("/contact?case_study=old-harbor"));
    expect((page.data as { topic: unknown }).topic).toEqual({
      service: { slug: "application-development", title: "Application Development" },
      case_study: { slug: "harbor-app", title: "Title of harbor-app" },
    });
  });

  it("ignores an unknown service, an unknown or draft case study: the plain form, no error", async () => {
    for (const query of ["?service=nope", "?case_study=nope", "?case_study=secret-draft", "?service=&case_study="]) {
      const page = await call(contactRoute.loader, get(`/contact${query}`));
      expect(page.status).toBe(200);
      expect((page.data as { topic: unknown }).topic).toEqual({});
    }
  });

  it("the case study page's call to action carries the case study and its service", async () => {
    const page = await call(caseStudyRoute.loader, get("/case-studies/harbor-app"), { id: "harbor-app" });
    expect((page.data as { topic: unknown }).topic).toEqual({
      service: { slug: "application-development", title: "Application Development" },
      case_study: { slug: "harbor-app", title: "Title of harbor-app" },
    });
  });
});

describe("a message sent about a service or a case study", () => {
  it("from the page without JavaScript: stored in its source, with no visit cookie", async () => {
    const sent = await post(
      { service: "website-development", case_study: "harbor-app" },
      { script: false, path: "/contact?service=website-development&case_study=harbor-app" },
    );
    expect(sent.status).toBe(302);
    expect(await storedSource()).toEqual({
      landing_page: null,
      referrer: null,
      utm: {},
      pages: [],
      service: "website-development",
      case_study: "harbor-app",
    });
  });

  it("from the modal (a fetch): stored the same", async () => {
    const sent = await post({ service: "ui-ux-design" });
    expect(sent.status).toBe(200);
    expect(await storedSource()).toMatchObject({ service: "ui-ux-design" });
    expect(await storedSource()).not.toHaveProperty("case_study");
  });

  it("an unknown service or case study is left out, and the message is sent", async () => {
    const sent = await post({ service: "<script>", case_study: "secret-draft" });
    expect(sent.status).toBe(200);
    expect(await ContactMessageModel.countDocuments()).toBe(1);
    expect(await storedSource()).toBeNull();
  });
});
