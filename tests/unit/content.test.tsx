import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { Hero } from "~/components/home/hero";
import { about, approachPillars } from "~/content/about";
import { processSteps } from "~/content/process";
import { services } from "~/content/services";
import { testimonials } from "~/content/testimonials";
import AboutPage from "~/routes/_site.about";

/** The page as the server renders it, its figures as term → value. */
async function figures(path: string, Component: ComponentType): Promise<Record<string, string>> {
  const handler = createStaticHandler([{ path, Component }]);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
  const html = renderToString(
    createElement(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, context), context, hydrate: false }),
  );
  const text = (fragment: string) =>
    fragment
      .replace(/<[^>]+>/g, "")
      .replace(/<!-- -->/g, "")
      .trim();
  const pairs = [...html.matchAll(/<dt[^>]*>([\s\S]*?)<\/dt>\s*<dd[^>]*>([\s\S]*?)<\/dd>/g)];
  return Object.fromEntries(pairs.map(([, term, value]) => [text(term!).toLowerCase(), text(value!)]));
}

describe("the demo content agrees with itself", () => {
  it("home's highlights and About's achievements state the same projects, years, satisfaction and founding year", async () => {
    const home = await figures("/", () => createElement(Hero, { settings: undefined }));
    const aboutPage = await figures("/about", AboutPage);

    expect(home["projects delivered"]).toBe(aboutPage["projects delivered"]);
    expect(home["client satisfaction"]).toBe(aboutPage["client satisfaction"]);
    const homeYears = Object.entries(home).find(([term]) => term.startsWith("in business"));
    expect(homeYears?.[1]).toBe(`${aboutPage["years in business"]} yrs`);
    const founded = Number(/since (\d{4})/.exec(homeYears![0])?.[1]);
    expect(founded + Number(aboutPage["years in business"])).toBe(new Date().getUTCFullYear());
  });

  it("every mention of demos gives one cadence", () => {
    const texts = JSON.stringify([processSteps, testimonials, about, approachPillars, services]);
    const cadences = new Set(
      [...texts.matchAll(/[^."]*\bdemos?\b[^."]*/gi)].flatMap(([sentence]) => {
        if (/weekly|every week/i.test(sentence)) return ["one week"];
        if (/fortnight|two weeks|two-week/i.test(sentence)) return ["two weeks"];
        return [];
      }),
    );
    expect([...cadences]).toEqual(["two weeks"]);
  });
});
