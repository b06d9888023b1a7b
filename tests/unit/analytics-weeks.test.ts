import { describe, expect, it } from "vitest";
import { isoWeekName, startOfIsoWeek } from "~/domain/analytics.server";
import { caseStudyImageAlt } from "~/lib/images";

/** The week boundaries of the analytics' messages per week (docs/behaviour.md#analytics): ISO 8601 weeks, in UTC. */
describe("startOfIsoWeek", () => {
  it.each([
    ["2026-11-16T00:00:00Z", "2026-11-16"], // Monday, first moment
    ["2026-11-22T23:59:59.999Z", "2026-11-16"], // Sunday, last moment
    ["2026-11-23T00:00:00Z", "2026-11-23"], // the next Monday
    ["2027-01-01T12:00:00Z", "2026-12-28"], // across a year
  ])("puts %s in the week of Monday %s", (moment, monday) => {
    expect(startOfIsoWeek(new Date(moment)).toISOString()).toBe(`${monday}T00:00:00.000Z`);
  });
});

describe("isoWeekName", () => {
  it.each([
    ["2026-11-16", "2026-W47"],
    ["2025-12-29", "2026-W01"], // 1 January 2026 is a Thursday: this week is the year's first
    ["2024-12-30", "2025-W01"],
    ["2020-12-28", "2020-W53"], // a year with 53 weeks
    ["2021-01-04", "2021-W01"],
  ])("names the week of Monday %s %s", (monday, name) => {
    expect(isoWeekName(new Date(`${monday}T00:00:00Z`))).toBe(name);
  });
});

describe("caseStudyImageAlt", () => {
  it("uses the written alt text everywhere; without one the title where asked, else empty (decorative)", () => {
    expect(caseStudyImageAlt({ title: "Shop", image_alt: "A phone" }, { fallback: "title" })).toBe("A phone");
    expect(caseStudyImageAlt({ title: "Shop", image_alt: "A phone" }, { fallback: "decorative" })).toBe("A phone");
    expect(caseStudyImageAlt({ title: "Shop", image_alt: null }, { fallback: "title" })).toBe("Shop");
    expect(caseStudyImageAlt({ title: "Shop" }, { fallback: "decorative" })).toBe("");
  });
});
