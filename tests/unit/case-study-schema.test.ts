import { describe, expect, it } from "vitest";
import { messages } from "~/domain/messages";
import { CASE_STUDY_STATUSES, DEFAULT_CASE_STUDY_STATUS, caseStudyStatusOptions } from "~/domain/case-study-status";
import { IMAGE_ALT_MAX_LENGTH } from "~/domain/constants";
import { caseStudyCreateInput, caseStudyInput, caseStudyUpdateInput, fieldErrors } from "~/domain/schemas";
import { CaseStudyModel, STORED_STATUSES } from "~/models/case-study.server";
import { readCaseStudyInput } from "~/server/api/body.server";
import { getOpenApiDocument } from "~/routes/__openapi.server";

const outcomes = [
  { label: "Conversion", value: "+38%" },
  { label: "Load time", value: "1.2 s" },
  { label: "Revenue", value: "+21%" },
];
const valid = {
  title: "Shop rebuild",
  client: "Hearth & Harrow",
  industry: "Retail",
  project_insight: "A faster store.",
  technologies: "Remix, Tailwind ,  Stripe,,",
  outcomes,
  website_url: "",
};

/** What publishing an entry with these fields is refused for (the rules of docs/behaviour.md#validation). */
function errorsOf(input: Record<string, unknown>) {
  const result = caseStudyUpdateInput.safeParse({ status: "published", ...input });
  return result.success ? null : fieldErrors(result.error);
}

describe("caseStudyInput", () => {
  it("splits technologies on commas and trims them; an empty website is null", () => {
    expect(caseStudyInput.parse(valid)).toEqual({ ...valid, technologies: ["Remix", "Tailwind", "Stripe"], website_url: null });
  });

  it("takes technologies as a list too (the API's technologies[n])", () => {
    expect(caseStudyInput.parse({ ...valid, technologies: [" React ", "Node.js"] }).technologies).toEqual(["React", "Node.js"]);
  });

  it.each([
    ["title", "Please fill in the title"],
    ["client", "Please fill in the client"],
    ["industry", "Please fill in the industry"],
    ["project_insight", "Please fill in the project insight"],
  ])("says '%s' is missing in lowercase words", (field, message) => {
    expect(errorsOf({ ...valid, [field]: "   " })?.errors[field]).toEqual([message]);
    expect(errorsOf({ ...valid, [field]: undefined })?.errors[field]).toEqual([message]);
  });

  it("takes a draft with only a title; publishing one needs the spec's fields and an image", () => {
    expect(caseStudyCreateInput.parse({ title: " Just a title ", status: "draft" })).toMatchObject({
      title: "Just a title",
      client: "",
      industry: "",
      project_insight: "",
      outcomes: [],
    });
    expect(fieldErrors(caseStudyCreateInput.safeParse({ status: "draft" }).error!).errors).toEqual({ title: ["Please fill in the title"] });
    expect(Object.keys(fieldErrors(caseStudyCreateInput.safeParse({ title: "Published" }).error!).errors)).toEqual([
      "client",
      "industry",
      "project_insight",
      "outcomes",
      "image",
    ]);
    // A publish time makes it go public: the same rule.
    const later = new Date(Date.now() + 86_400_000).toISOString();
    expect(caseStudyCreateInput.safeParse({ title: "Later", status: "draft", publish_at: later }).success).toBe(false);
  });

  it("asks for all outcome labels and values", () => {
    const blankValue = outcomes.map((outcome, index) => (index === 2 ? { ...outcome, value: " " } : outcome));
    expect(errorsOf({ ...valid, outcomes: blankValue })?.errors.outcomes).toEqual([messages.fillInOutcomes]);
    expect(errorsOf({ ...valid, outcomes: outcomes.slice(0, 2) })?.errors.outcomes).toEqual([messages.fillInOutcomes]);
    expect(errorsOf({ ...valid, outcomes: undefined })?.errors.outcomes).toEqual([messages.fillInOutcomes]);
    expect(messages.fillInOutcomes).toBe("Please fill in all outcome labels and values");
  });

  it("wants a URL-shaped website when one is given", () => {
    expect(caseStudyInput.parse({ ...valid, website_url: "https://shop.example.com/" }).website_url).toBe("https://shop.example.com/");
    for (const bad of ["shop", "javascript:alert(1)", "ftp://files.example.com", "http://localhost"]) {
      expect(errorsOf({ ...valid, website_url: bad })?.errors.website_url).toEqual([messages.invalidWebsiteUrl]);
    }
  });

  it("takes exactly the website pattern the API's document states, with a user name or password refused", () => {
    const document = getOpenApiDocument() as unknown as {
      components: { schemas: Record<string, { properties: Record<string, { anyOf: { pattern?: string }[] }> }> };
    };
    const pattern = new RegExp(document.components.schemas.CaseStudyInput!.properties.website_url!.anyOf[0]!.pattern!, "u");
    for (const good of ["https://shop.example.com/", "HTTP://Shop.Example.com", "http://1.2.3.4/a"]) {
      expect([pattern.test(good), caseStudyInput.safeParse({ ...valid, website_url: good }).success], good).toEqual([true, true]);
    }
    for (const bad of ["http://owner@shop.example.com", "https://owner:secret@shop.example.com/", "http:/\\shop.example.com"]) {
      expect([pattern.test(bad), caseStudyInput.safeParse({ ...valid, website_url: bad }).success], bad).toEqual([false, false]);
    }
  });

  it("rejects operator objects and other wrong types", () => {
    expect(errorsOf({ ...valid, title: { $gt: "" } })?.errors.title).toEqual(["Please fill in the title"]);
    expect(errorsOf({ ...valid, technologies: { $ne: 1 } })?.errors.technologies).toBeDefined();
  });
});

describe("caseStudyInput: status and alt text", () => {
  it("leaves both out when they are not given (create: published, update: unchanged)", () => {
    const parsed = caseStudyInput.parse(valid);
    expect(parsed).not.toHaveProperty("status");
    expect(parsed).not.toHaveProperty("image_alt");
  });

  it("takes draft or published; an empty or null status counts as not given", () => {
    expect(caseStudyInput.parse({ ...valid, status: "draft" }).status).toBe("draft");
    expect(caseStudyInput.parse({ ...valid, status: "published" }).status).toBe("published");
    expect(caseStudyInput.parse({ ...valid, status: "" }).status).toBeUndefined();
    expect(caseStudyInput.parse({ ...valid, status: null }).status).toBeUndefined();
  });

  it.each([["Draft"], ["archived"], [" draft "], [1], [{ $ne: "draft" }]])(
    "refuses the status %j with the catalogue's message",
    (status) => {
      expect(errorsOf({ ...valid, status })?.errors.status).toEqual([messages.caseStudyStatusInvalid]);
    },
  );

  it("trims the alt text; empty or null is none (null), at most 200 characters", () => {
    expect(caseStudyInput.parse({ ...valid, image_alt: "  A phone showing the shop  " }).image_alt).toBe("A phone showing the shop");
    expect(caseStudyInput.parse({ ...valid, image_alt: "   " }).image_alt).toBeNull();
    expect(caseStudyInput.parse({ ...valid, image_alt: "" }).image_alt).toBeNull();
    expect(caseStudyInput.parse({ ...valid, image_alt: null }).image_alt).toBeNull();
    expect(caseStudyInput.parse({ ...valid, image_alt: "x".repeat(IMAGE_ALT_MAX_LENGTH) }).image_alt).toHaveLength(200);
    expect(errorsOf({ ...valid, image_alt: "x".repeat(IMAGE_ALT_MAX_LENGTH + 1) })?.errors.image_alt).toEqual([
      messages.imageAltTooLong(200),
    ]);
    expect(errorsOf({ ...valid, image_alt: { $gt: "" } })?.errors.image_alt).toEqual([messages.imageAltInvalid]);
  });

  it("names the form's status options Published and Draft", () => {
    expect(caseStudyStatusOptions).toEqual([
      { value: "published", label: "Published" },
      { value: "draft", label: "Draft" },
    ]);
    expect(IMAGE_ALT_MAX_LENGTH).toBe(200);
  });
});

/** A form posted to the API, urlencoded (the translation is the same for multipart). */
const posted = (fields: Record<string, string>) =>
  readCaseStudyInput(new Request("http://localhost/api/case-studies", { method: "POST", body: new URLSearchParams(fields) }));

describe("the API's form names, in the schema's shape (readCaseStudyInput)", () => {
  it("passes status and image_alt on when the form has them, and leaves them out when it has not", async () => {
    expect(await posted({ status: "draft", image_alt: " Cover " })).toMatchObject({ status: "draft", image_alt: " Cover " });
    expect(await posted({ image_alt: "" })).toMatchObject({ image_alt: "" });
    const without = await posted({ title: "T" });
    expect(without).not.toHaveProperty("status");
    expect(without).not.toHaveProperty("image_alt");
  });

  it("reads the API's multipart names", async () => {
    const fields = await posted({
      title: "T",
      client: "C",
      industry: "I",
      project_insight: "P",
      "technologies[0]": "React",
      "technologies[1]": "Node.js",
      ...Object.fromEntries(
        outcomes.flatMap((outcome, index) => [
          [`outcomes[${index}][label]`, outcome.label],
          [`outcomes[${index}][value]`, outcome.value],
        ]),
      ),
      website_url: "https://x.example.com",
    });
    expect(fields).toEqual({
      title: "T",
      client: "C",
      industry: "I",
      project_insight: "P",
      technologies: ["React", "Node.js"],
      outcomes,
      website_url: "https://x.example.com",
      image: null,
    });
    expect(caseStudyCreateInput.safeParse(fields).error?.issues.map((issue) => issue.message)).toEqual([messages.imageRequired]);
  });

  it("reads one comma-separated technologies field; outcomes are three rows, blank where missing, once any is sent", async () => {
    const fields = await posted({ technologies: "Figma, Webflow" });
    expect(fields.technologies).toBe("Figma, Webflow");
    // Left out, so a partial update keeps them and a whole one is refused with the outcomes' message.
    expect(fields).not.toHaveProperty("outcomes");
    expect(fieldErrors(caseStudyUpdateInput.safeParse({ ...valid, status: "published", outcomes: undefined }).error!).errors).toEqual({
      outcomes: [messages.fillInOutcomes],
    });
    const one = await posted({ "outcomes[1][value]": "+5%" });
    expect(one.outcomes).toEqual([
      { label: "", value: "" },
      { label: "", value: "+5%" },
      { label: "", value: "" },
    ]);
  });
});

describe("the image of a submission", () => {
  const image = new File([new Uint8Array([1, 2, 3])], "photo.jpg", { type: "image/jpeg" });
  const empty = new File([], "", { type: "application/octet-stream" });

  it("is required on create, an empty file part counting as none", () => {
    for (const missing of [undefined, empty, "photo.jpg"]) {
      expect(fieldErrors(caseStudyCreateInput.safeParse({ ...valid, image: missing }).error!).errors).toEqual({
        image: [messages.imageRequired],
      });
    }
    expect(caseStudyCreateInput.parse({ ...valid, image }).image).toBe(image);
  });

  it("is optional on edit", () => {
    expect(caseStudyUpdateInput.parse({ ...valid, image: empty }).image).toBeUndefined();
    expect(caseStudyUpdateInput.parse({ ...valid, image }).image).toBe(image);
  });
});

describe("the stored status", () => {
  it("takes exactly the domain's statuses, and a document without one is the domain's default", () => {
    expect([...STORED_STATUSES].sort()).toEqual([...CASE_STUDY_STATUSES].sort());
    expect(CaseStudyModel.schema.path("status").options.default).toBe(DEFAULT_CASE_STUDY_STATUS);
  });
});
