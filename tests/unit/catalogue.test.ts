import { describe, expect, it } from "vitest";
import { homeWork, industrySlug, moveInOrder, portfolioHref } from "~/domain/shared";
import { industryAction } from "~/domain/catalogue-schemas";
import { messages } from "~/domain/messages";
import { caseStudyPatchInput } from "~/domain/schemas";

describe("an industry's slug", () => {
  it.each([
    ["Fintech", "fintech"],
    ["Food & Beverage", "food-and-beverage"],
    ["  E-commerce  ", "e-commerce"],
    ["Café / Bars", "cafe-bars"],
    ["SaaS", "saas"],
    ["!!!", ""],
  ])("of %j is %j", (name, slug) => {
    expect(industrySlug(name)).toBe(slug);
  });
});

describe("moving in an order", () => {
  it("swaps with the neighbour, and refuses past either end or for an unknown id", () => {
    expect(moveInOrder(["a", "b", "c"], "c", "up")).toEqual(["a", "c", "b"]);
    expect(moveInOrder(["a", "b", "c"], "a", "down")).toEqual(["b", "a", "c"]);
    expect(moveInOrder(["a", "b", "c"], "a", "up")).toBeNull();
    expect(moveInOrder(["a", "b", "c"], "c", "down")).toBeNull();
    expect(moveInOrder(["a", "b", "c"], "x", "up")).toBeNull();
  });
});

describe("the public list's address", () => {
  it("puts the filters first and leaves page 1 out", () => {
    expect(portfolioHref({})).toBe("/case-studies");
    expect(portfolioHref({ service: "website-development" }, 1)).toBe("/case-studies?service=website-development");
    expect(portfolioHref({ service: "web", industry: "food-and-beverage" }, 3)).toBe(
      "/case-studies?service=web&industry=food-and-beverage&page=3",
    );
    expect(portfolioHref({ industry: null }, 2)).toBe("/case-studies?page=2");
  });
});

describe("the home page's work", () => {
  const entry = (id: string) => ({ id });
  it("is the featured ones in order, then the newest others, never twice", () => {
    expect(homeWork([entry("f1"), entry("f2")], [entry("n1"), entry("f1"), entry("n2")], 3)).toEqual([
      entry("f1"),
      entry("f2"),
      entry("n1"),
    ]);
    expect(homeWork([], [entry("n1"), entry("n2"), entry("n3"), entry("n4")], 3)).toEqual([entry("n1"), entry("n2"), entry("n3")]);
    expect(homeWork([entry("f1"), entry("f2"), entry("f3"), entry("f4")], [entry("n1")], 3)).toEqual([
      entry("f1"),
      entry("f2"),
      entry("f3"),
    ]);
  });
});

describe("the case study's services and featured fields", () => {
  const parse = (input: Record<string, unknown>) => caseStudyPatchInput.safeParse(input);

  it("read services from a list, one field, or a form's checkboxes after their empty field", () => {
    expect(parse({ services: ["web", " apps ", "web"] }).data?.services).toEqual(["web", "apps"]);
    expect(parse({ services: "web" }).data?.services).toEqual(["web"]);
    expect(parse({ services: ["", "web"] }).data?.services).toEqual(["web"]);
    expect(parse({ services: "" }).data?.services).toEqual([]);
    expect(parse({ title: "T" }).data?.services).toBeUndefined();
    expect(parse({ services: 5 }).error?.issues[0]?.message).toBe(messages.caseStudyServicesInvalid);
    expect(parse({ services: Array.from({ length: 13 }, (_, i) => `s${i}`) }).error?.issues[0]?.message).toBe(
      messages.caseStudyServicesTooMany,
    );
  });

  it("read featured as true/false, a form's values (the last one counts) and refuse anything else", () => {
    expect(parse({ featured: true }).data?.featured).toBe(true);
    expect(parse({ featured: "false" }).data?.featured).toBe(false);
    expect(parse({ featured: ["false", "true"] }).data?.featured).toBe(true);
    expect(parse({ featured: ["false"] }).data?.featured).toBe(false);
    expect(parse({ featured: "maybe" }).error?.issues[0]?.message).toBe(messages.caseStudyFeaturedInvalid);
  });

  it("read the featured order as a whole number from 1, empty or null for none", () => {
    expect(parse({ featured_order: "2" }).data?.featured_order).toBe(2);
    expect(parse({ featured_order: null }).data?.featured_order).toBeNull();
    expect(parse({ featured_order: "" }).data?.featured_order).toBeNull();
    for (const wrong of [0, 1.5, "x", -1])
      expect(parse({ featured_order: wrong }).error?.issues[0]?.message).toBe(messages.caseStudyFeaturedOrderInvalid);
  });
});

describe("the industries screen's input", () => {
  it("needs a name with a letter or digit, at most 100 characters", () => {
    expect(industryAction.safeParse({ intent: "add", name: "  " }).error?.issues[0]?.message).toBe(messages.industryNameRequired);
    expect(industryAction.safeParse({ intent: "add", name: "!!" }).error?.issues[0]?.message).toBe(messages.industryNameInvalid);
    expect(industryAction.safeParse({ intent: "add", name: "x".repeat(101) }).error?.issues[0]?.message).toBe(
      messages.industryNameTooLong(100),
    );
    expect(industryAction.safeParse({ intent: "rename", id: "a", name: " Aerospace " }).data).toEqual({
      intent: "rename",
      id: "a",
      name: "Aerospace",
    });
    expect(industryAction.safeParse({ intent: "move", id: "a", direction: "sideways" }).success).toBe(false);
  });
});
