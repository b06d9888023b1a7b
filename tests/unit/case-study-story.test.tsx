import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { Markdown } from "~/components/markdown";
import { CASE_STUDY_STORY_LIMITS as LIMITS } from "~/domain/constants";
import { messages } from "~/domain/messages";
import { caseStudyPatchInput, caseStudyUpdateInput, fieldErrors } from "~/domain/schemas";
import { parseMarkdown } from "~/lib/markdown.server";

/** A story section as the case study page renders it: one level below the page's h2, ids prefixed, new tab outside. */
async function section(source: string): Promise<string> {
  const blocks = parseMarkdown(source).blocks;
  const Section = () => createElement(Markdown, { blocks, topLevel: 3, idPrefix: "challenge-", externalInNewTab: true });
  const handler = createStaticHandler([{ path: "/", Component: Section }]);
  const context = await handler.query(new Request("http://localhost/"));
  if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
  return renderToStaticMarkup(
    createElement(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, context), context, hydrate: false }),
  );
}

describe("a story section's Markdown", () => {
  it("opens another host's link in a new tab with rel=noopener noreferrer, saying so; this site's and mail links stay plain", async () => {
    const html = await section("[their site](https://client.example/launch), [our terms](/terms), <hi@example.com>");
    expect(html).toMatch(
      /<a href="https:\/\/client\.example\/launch" class="[^"]*" target="_blank" rel="noopener noreferrer">their site<span class="sr-only"> \(opens in a new tab\)<\/span><\/a>/,
    );
    expect(html).toMatch(/<a [^>]*href="\/terms"[^>]*>our terms<\/a>/);
    expect(html).toMatch(/<a href="mailto:hi@example.com" class="[^"]*">hi@example.com<\/a>/);
    expect(html.match(/target=/g)).toHaveLength(1);
  });

  it("keeps javascript: and raw HTML out", async () => {
    const html = await section("[click](javascript:alert(1)) <script>alert(1)</script>");
    expect(html).not.toMatch(/<a |<script/);
    expect(html).toContain("&lt;script&gt;");
  });

  it("starts its headings at h3 under the page's h2, deeper ones at h4, with ids the page's cannot clash with", async () => {
    const html = await section("# Outcomes\n\nText.\n\n## Scope\n\n### Detail\n\n#### Deeper");
    expect(html).toMatch(/<h3 id="challenge-outcomes"[^>]*>Outcomes<\/h3>/);
    expect(html).toMatch(/<h3 id="challenge-scope"[^>]*>Scope<\/h3>/);
    expect(html).toMatch(/<h4 id="challenge-detail"[^>]*>Detail<\/h4>/);
    expect(html).toMatch(/<h4 id="challenge-deeper"[^>]*>Deeper<\/h4>/);
    expect(html).not.toMatch(/<h2|<section/);
  });

  it("never puts a heading more than one level below the one before it, whatever the source skips", async () => {
    const html = await section("### Deep first\n\n#### Deeper\n\n# Top\n\n> #### Quoted");
    expect([...html.matchAll(/<(h\d) id="([^"]+)"/g)].map(([, tag, id]) => `${tag} ${id}`)).toEqual([
      "h3 challenge-deep-first",
      "h4 challenge-deeper",
      "h3 challenge-top",
      "h4 challenge-quoted",
    ]);
  });
});

describe("the story's and search-engine fields' limits", () => {
  const base = {
    title: "Limits",
    client: "Acme",
    industry: "Retail",
    project_insight: "Faster pages.",
    outcomes: [1, 2, 3].map((n) => ({ label: `L${n}`, value: `V${n}` })),
  };
  const errorsOf = (input: Record<string, unknown>) => {
    const parsed = caseStudyUpdateInput.safeParse({ ...base, ...input });
    return parsed.success ? {} : fieldErrors(parsed.error).errors;
  };

  it("accepts each field at its limit and refuses one character more, naming the field and the limit", () => {
    const cases = [
      ["summary", LIMITS.summary, "The summary must be at most 300 characters long"],
      ["challenge", LIMITS.section, "The challenge must be at most 10,000 characters long"],
      ["approach", LIMITS.section, "The approach must be at most 10,000 characters long"],
      ["result", LIMITS.section, "The result must be at most 10,000 characters long"],
      ["seo_title", LIMITS.seoTitle, "The search-engine title must be at most 70 characters long"],
      ["seo_description", LIMITS.seoDescription, "The search-engine description must be at most 160 characters long"],
    ] as const;
    for (const [field, max, message] of cases) {
      expect(errorsOf({ [field]: "x".repeat(max) })).toEqual({});
      expect(errorsOf({ [field]: "x".repeat(max + 1) })).toEqual({ [field]: [message] });
    }
  });

  it("makes empty none (null) and leaves an absent field unchanged (undefined)", () => {
    const parsed = caseStudyUpdateInput.parse({ ...base, summary: "  ", challenge: "", seo_image_url: "" });
    expect(parsed).toMatchObject({ summary: null, challenge: null, seo_image_url: null });
    expect(parsed.approach).toBeUndefined();
    expect(parsed.gallery).toBeUndefined();
    // A textarea's CRLF line breaks count, and are kept, as one character each.
    expect(caseStudyUpdateInput.parse({ ...base, challenge: "- one\r\n- two" }).challenge).toBe("- one\n- two");
    expect(errorsOf({ result: "x\r\n".repeat(LIMITS.section / 2) })).toEqual({});
  });

  it("takes at most 12 gallery images, each with an alt text and an image of the site, a caption of at most 300 characters", () => {
    const image = { url: "/images/case-studies/gallery/a-1-1600.webp", alt: "A chart", caption: "" };
    expect(caseStudyPatchInput.parse({ gallery: [image] }).gallery).toEqual([{ url: image.url, alt: "A chart", caption: null }]);
    expect(errorsOf({ gallery: Array.from({ length: LIMITS.galleryImages }, () => image) })).toEqual({});
    expect(errorsOf({ gallery: Array.from({ length: LIMITS.galleryImages + 1 }, () => image) })).toEqual({
      gallery: [messages.galleryTooMany(12)],
    });
    expect(
      errorsOf({
        gallery: [
          { ...image, alt: " " },
          { ...image, url: "https://elsewhere.example/a.png" },
          { ...image, url: "/uploads/../etc/passwd" },
          { alt: "No image" },
          { ...image, caption: "c".repeat(LIMITS.caption + 1) },
        ],
      }),
    ).toEqual({
      "gallery.0.alt": [messages.galleryAltRequired],
      "gallery.1.url": [messages.storedImageInvalid],
      "gallery.2.url": [messages.storedImageInvalid],
      "gallery.3.image": [messages.galleryImageRequired],
      "gallery.4.caption": ["The caption must be at most 300 characters long"],
    });
    expect(errorsOf({ gallery: "pictures" })).toEqual({ gallery: [messages.galleryInvalid] });
  });
});
