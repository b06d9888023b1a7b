import { describe, expect, it } from "vitest";
import { renderInDashboard } from "../support/dashboard-render";
import { LeadSourceBlock } from "~/components/dashboard/lead-source";
import {
  addPageView,
  capVisit,
  leadSourceOf,
  pagePath,
  parseVisit,
  referrerHost,
  startVisit,
  utmOf,
  type Visit,
} from "~/domain/lead-source";

const now = new Date("2026-11-28T10:00:00Z");

describe("lead source helpers", () => {
  it("pagePath keeps plain paths of this site only", () => {
    expect(pagePath("/case-studies/one")).toBe("/case-studies/one");
    expect(pagePath("//evil.example/x")).toBeNull();
    expect(pagePath("about")).toBeNull();
    expect(pagePath(`/${"a".repeat(300)}`)).toBeNull();
  });

  it("referrerHost keeps another site's host only", () => {
    expect(referrerHost("https://www.google.com/search?q=studio", "studio.example")).toBe("www.google.com");
    expect(referrerHost("https://studio.example/about", "studio.example")).toBeNull();
    expect(referrerHost("android-app://com.example", "studio.example")).toBeNull();
    expect(referrerHost("not a url", "studio.example")).toBeNull();
    expect(referrerHost(null, "studio.example")).toBeNull();
  });

  it("utmOf reads the five utm fields, trimmed and capped, and nothing else", () => {
    const search = new URLSearchParams(`utm_source=%20news%20&utm_medium=email&utm_term=&gclid=abc&utm_content=${"c".repeat(150)}`);
    expect(utmOf(search)).toEqual({ source: "news", medium: "email", content: "c".repeat(100) });
  });

  it("startVisit and addPageView: first page, utm, last 20, a repeat of the last page once", () => {
    let visit = startVisit(new URL("https://studio.example/about.data?utm_campaign=spring"), "/about", "https://x.example/", now);
    expect(visit).toEqual({ l: "/about", r: "x.example", u: { campaign: "spring" }, p: [["/about", 1795860000]] });
    expect(addPageView(visit, "/about", now)).toBe(visit);
    for (let n = 0; n < 30; n++) visit = addPageView(visit, `/p${n}`, now);
    expect(visit.p).toHaveLength(20);
    expect(visit.p[0]?.[0]).toBe("/p10");
    expect(visit.l).toBe("/about");
  });

  it("capVisit drops the oldest pages until it fits, keeping the last", () => {
    const visit: Visit = {
      l: "/",
      r: null,
      u: {},
      p: Array.from({ length: 20 }, (_, n) => [`/${"x".repeat(100)}${n}`, 1] as [string, number]),
    };
    const capped = capVisit(visit, 1_000);
    expect(new TextEncoder().encode(JSON.stringify(capped)).length).toBeLessThanOrEqual(1_000);
    expect(capped.p.at(-1)).toEqual(visit.p.at(-1));
  });

  it("parseVisit refuses anything that is not a visit and drops bad entries", () => {
    expect(parseVisit(null)).toBeNull();
    expect(parseVisit("text")).toBeNull();
    expect(parseVisit({ l: "https://evil.example", r: null, u: {}, p: [] })).toBeNull();
    expect(parseVisit({ l: "/", r: 3, u: {}, p: [] })).toBeNull();
    expect(
      parseVisit({ l: "/", r: null, u: { source: "a", evil: "b", medium: 4 }, p: [["/a", 1], ["//x", 2], ["/b", "soon"], "c"] }),
    ).toEqual({
      l: "/",
      r: null,
      u: { source: "a" },
      p: [["/a", 1]],
    });
  });

  it("leadSourceOf writes times as ISO dates", () => {
    expect(leadSourceOf({ l: "/", r: "a.example", u: {}, p: [["/", 1795860000]] })).toEqual({
      landing_page: "/",
      referrer: "a.example",
      utm: {},
      pages: [{ path: "/", at: "2026-11-28T10:00:00.000Z" }],
    });
  });
});

describe("the dashboard's Source block", () => {
  it("shows the source and pages as text, never as markup, each time in the studio's zone", async () => {
    const html = await renderInDashboard(
      <LeadSourceBlock
        source={{
          landing_page: "/<script>alert(1)</script>",
          referrer: "news.example.org",
          utm: { source: "newsletter", campaign: "<b>spring</b>" },
          pages: [{ path: "/case-studies/one", at: "2026-11-28T10:00:00.000Z" }],
        }}
      />,
      { timeZone: "Europe/Berlin" },
    );
    expect(html).toContain("28 Nov 2026, 11:00 CET");
    expect(html).toContain("news.example.org");
    expect(html).toContain("utm_source");
    expect(html).toContain("/case-studies/one");
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;b&gt;spring&lt;/b&gt;");
    expect(await renderInDashboard(<LeadSourceBlock source={null} />, {})).toContain("not recorded");
  });
});
