import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { Outlet } from "@remix-run/react";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { defaultSiteContent } from "~/domain/content-defaults";
import type { SiteContent } from "~/domain/content-schemas";
import { aboutContent, frameContent, homeContent } from "~/domain/page-content";
import AboutPage from "~/routes/_site.about";
import Home from "~/routes/_site._index";
import ServicesPage from "~/routes/_site.services";

/** A page as the server renders it, given the loader data its route would return (and the root's frame). */
async function render(path: string, Component: ComponentType, data: unknown, content: SiteContent = defaultSiteContent()) {
  const handler = createStaticHandler([
    {
      id: "root",
      loader: () => ({ frame: frameContent(content, false) }),
      Component: Outlet,
      children: [{ id: "page", path, loader: () => data as Record<string, unknown>, Component }],
    },
  ]);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
  return renderToString(
    createElement(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, context), context, hydrate: false }),
  );
}

const text = (fragment: string) =>
  fragment
    .replace(/<[^>]+>/g, "")
    .replace(/<!-- -->/g, "")
    .trim();

/** The page's figures as term → value. */
function figures(html: string): Record<string, string> {
  const pairs = [...html.matchAll(/<dt[^>]*>([\s\S]*?)<\/dt>\s*<dd[^>]*>([\s\S]*?)<\/dd>/g)];
  return Object.fromEntries(pairs.map(([, term, value]) => [text(term!).toLowerCase(), text(value!)]));
}

const home = (content: SiteContent) => render("/", Home, { ...homeContent(content), latest: [] }, content);
const about = (content: SiteContent) => render("/about", AboutPage, aboutContent(content), content);
const services = (content: SiteContent) =>
  render("/services", ServicesPage, { services: content.services.items, selected: null, closing: content.home }, content);

/** The demo content with some parts changed. */
function withContent(change: (content: SiteContent) => void): SiteContent {
  const content = defaultSiteContent();
  change(content);
  return content;
}

const count = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].length;

describe("the demo content agrees with itself", () => {
  it("home's highlights and About's achievements state the same projects, years, satisfaction and founding year", async () => {
    const homeFigures = figures(await home(defaultSiteContent()));
    const aboutFigures = figures(await about(defaultSiteContent()));

    expect(homeFigures["projects delivered"]).toBe(aboutFigures["projects delivered"]);
    expect(homeFigures["client satisfaction"]).toBe(aboutFigures["client satisfaction"]);
    const homeYears = Object.entries(homeFigures).find(([term]) => term.startsWith("in business"));
    expect(homeYears?.[1]).toBe(`${aboutFigures["years in business"]} yrs`);
    const founded = Number(/since (\d{4})/.exec(homeYears![0])?.[1]);
    expect(founded + Number(aboutFigures["years in business"])).toBe(new Date().getUTCFullYear());
  });

  it("every mention of demos gives one cadence", () => {
    const { process, testimonials, about: aboutPart, services: servicesPart } = defaultSiteContent();
    const texts = JSON.stringify([process, testimonials, aboutPart, servicesPart]);
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

describe("the pages show the content they are given", () => {
  it("home: the stored hero, figures, taglines, teaser in its order, steps, testimonials and closing call to action", async () => {
    const content = withContent((c) => {
      c.home.heroHeadline = "Stored headline";
      c.home.taglines = ["Only phrase"];
      c.home.teaserServices = ["graphic-design", "no-such-service", "website-development"];
      c.home.closingCta = "Write to us";
    });
    const html = await home(content);
    expect(html).toContain("Stored headline");
    expect(html).toContain("Only phrase");
    expect(html).toContain("Write to us");
    const teaser = html.slice(html.indexOf('id="services-teaser-title"'), html.indexOf('id="process-title"'));
    expect([...teaser.matchAll(/href="\/services\?service=([a-z-]+)"/g)].map((match) => match[1])).toEqual([
      "graphic-design",
      "website-development",
    ]);
  });

  it("home: the work is in the hero, after its calls to action and before the tagline band; without work the hero has no empty list", async () => {
    const latest = ["freight", "banking", "store"].map((slug, index) => ({
      id: `id-${slug}`,
      slug,
      title: `Study ${slug}`,
      client: `Client ${index}`,
      industry: "Retail",
      image_url: `/uploads/${String(index).repeat(32)}-1600.webp`,
      image_alt: null,
    }));
    const html = await render("/", Home, { ...homeContent(defaultSiteContent()), latest });
    const hero = html.slice(html.indexOf('aria-labelledby="hero-title"'), html.indexOf('aria-label="What we deliver"'));
    const work = hero.slice(hero.indexOf("Our services"));
    expect([...work.matchAll(/href="(\/case-studies\/[^"]+)"/g)].map((match) => match[1])).toEqual([
      "/case-studies/freight",
      "/case-studies/banking",
      "/case-studies/store",
    ]);
    // Those on a phone's first screen load at once, sized; the third, off to the side on a phone, when near.
    const images = hero.match(/<img[^>]*>/g) ?? [];
    expect(images.map((tag) => /loading="(\w+)"/.exec(tag)?.[1])).toEqual(["eager", "eager", "lazy"]);
    // Only the first is the largest paint: the others do not take bandwidth from it, the font and the scripts.
    expect(images.map((tag) => /fetchpriority="(\w+)"/.exec(tag)?.[1])).toEqual(["high", "low", "low"]);
    for (const tag of images) expect(tag).toMatch(/width="1600" height="1000"/);
    expect(html.indexOf("/case-studies/freight")).toBeLessThan(html.indexOf('id="services-teaser-title"'));
    expect(count(html, /id="latest-work-title"/g)).toBe(1);

    const empty = await home(defaultSiteContent());
    expect(empty).not.toContain("Latest work");
    expect(empty).not.toMatch(/href="\/case-studies\//);
  });

  it("home with 4 process steps, 1 testimonial and no figures: four steps, no chooser, no figures", async () => {
    const content = withContent((c) => {
      c.process.steps = c.process.steps.slice(0, 4);
      c.testimonials.items = c.testimonials.items.slice(0, 1);
      c.home.figures = [];
    });
    const html = await home(content);
    expect(html).toContain("Four steps, the same for every project");
    const process = html.slice(html.indexOf('id="process-title"'), html.indexOf('id="testimonials-title"'));
    expect(count(process, /<li /g)).toBe(4);
    expect(html).toContain(content.testimonials.items[0]!.quote);
    expect(html).not.toContain("Choose a testimonial");
    expect(count(html, /<dl/g)).toBe(0);
  });

  it("home with no testimonials and no teaser services leaves both sections out", async () => {
    const html = await home(
      withContent((c) => {
        c.testimonials.items = [];
        c.home.teaserServices = [];
      }),
    );
    expect(html).not.toContain("What our clients say");
    expect(html).not.toContain("Services built around your goals");
    expect(html).toContain("A clear process from idea to launch");
  });

  it("home renders each tagline and testimonial once: the loop's repeats are CSS text, the other testimonials <noscript>", async () => {
    const content = defaultSiteContent();
    const html = await home(content);
    const band = html.slice(html.indexOf('aria-label="What we deliver"'), html.indexOf('id="services-teaser-title"'));
    expect(count(band, /<li[ >]/g)).toBe(content.home.taglines.length);
    // Two runs of the 6 phrases: the list, then one more as generated text.
    expect(band).toContain(`data-repeat="${content.home.taglines.map((tagline) => `${tagline}\u2003\u2002✦\u2003\u2002`).join("")}"`);
    const testimonials = html.slice(html.indexOf('id="testimonials-title"'), html.indexOf('id="latest-work-title"'));
    const [inTree, withoutScript = ""] = testimonials.split("<noscript>");
    expect(count(inTree!, /<figure/g)).toBe(1);
    expect(inTree).toContain(content.testimonials.items[0]!.quote);
    expect(count(withoutScript, /<figure/g)).toBe(content.testimonials.items.length - 1);
    for (const testimonial of content.testimonials.items.slice(1)) expect(withoutScript).toContain(testimonial.quote);
  });

  it("a testimonial's uploaded avatar has its widths and alt text; one without an avatar shows initials", async () => {
    const html = await home(
      withContent((c) => {
        c.testimonials.items = [
          { ...c.testimonials.items[0]!, avatar: { url: `/uploads/${"a".repeat(32)}-1600.webp`, alt: "Sarah at her desk" } },
          { ...c.testimonials.items[1]!, name: "Ada Lovelace", avatar: null },
        ];
      }),
    );
    expect(html).toMatch(/srcSet="\/uploads\/a{32}-480\.webp 480w, \/uploads\/a{32}-960\.webp 960w, \/uploads\/a{32}-1600\.webp 1600w"/);
    expect(html).toMatch(/alt="Sarah at her desk" width="56" height="56"/);
    expect(html).toMatch(/>AL<\/span>/);
  });

  it("/services with 1 service: its panel, no progress bar; with 2: both listed, the selected one's panel, and the progress bar", async () => {
    const one = await services(withContent((c) => (c.services.items = c.services.items.slice(0, 1))));
    expect(count(one, /<section id="service-/g)).toBe(1);
    expect(one).not.toContain('role="progressbar"');
    expect(one).toContain("One service, one team.");

    let slugs: string[] = [];
    const two = await services(
      withContent((c) => {
        c.services.items = c.services.items.slice(0, 2);
        slugs = c.services.items.map((item) => item.slug);
      }),
    );
    // Only the selected service's panel is in the page (decision 0045); the list links to both.
    expect(count(two, /<section id="service-/g)).toBe(1);
    for (const slug of slugs) expect(two).toContain(`href="/services?service=${slug}"`);
    expect(two).toContain('role="progressbar"');
    expect(two).toContain("Two services, one team.");
  });

  it("/about with no team and no achievements leaves both sections out", async () => {
    const html = await about(
      withContent((c) => {
        c.team.members = [];
        c.about.achievements = [];
      }),
    );
    expect(html).not.toContain("Meet the leadership team");
    expect(html).not.toContain('id="achievements"');
    expect(html).toContain(defaultSiteContent().about.mission.text);
  });

  it("/about: demo portraits keep their 320 and 640 widths; an upload has its three, its alt text, and a profile that is not LinkedIn is a profile", async () => {
    const html = await about(
      withContent((c) => {
        c.team.members = [
          c.team.members[0]!,
          {
            ...c.team.members[1]!,
            portrait: { url: `/uploads/${"b".repeat(32)}-1600.webp`, alt: "Daniel at a whiteboard" },
            profileUrl: "https://daniel.example/about",
          },
        ];
      }),
    );
    expect(html).toContain('srcSet="/images/team/maya-okafor-320.webp 320w, /images/team/maya-okafor-640.webp 640w"');
    expect(html).toMatch(/alt="" width="640" height="800"/);
    expect(html).toMatch(/alt="Daniel at a whiteboard" width="640" height="800"/);
    expect(html).toContain("Maya Okafor on LinkedIn");
    expect(html).toContain("Daniel Reyes&#x27;s profile");
  });
});
