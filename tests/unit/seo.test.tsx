import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Tracking } from "~/components/tracking";
import { defaultSiteContent } from "~/domain/content-defaults";
import { frameContent, homeContent } from "~/domain/page-content";
import { jsonLd, seo } from "~/lib/seo";
import { meta } from "~/routes/_site._index";

const matches = [{ id: "root", data: { siteUrl: "https://studio.example" } }];

describe("seo", () => {
  it("gives title, description, canonical URL and Open Graph tags", () => {
    const tags = seo({ matches, path: "/services", title: "Services | Studio", description: "What we do." });
    expect(tags).toEqual(
      expect.arrayContaining([
        { title: "Services | Studio" },
        { name: "description", content: "What we do." },
        { tagName: "link", rel: "canonical", href: "https://studio.example/services" },
        { property: "og:title", content: "Services | Studio" },
        { property: "og:description", content: "What we do." },
        { property: "og:url", content: "https://studio.example/services" },
        { property: "og:type", content: "website" },
        { property: "og:image", content: "https://studio.example/social-image.png" },
      ]),
    );
    expect(tags).not.toContainEqual({ name: "robots", content: "noindex" });
  });

  it("takes an absolute image as it is and can mark a page noindex", () => {
    const tags = seo({
      matches,
      path: "/x",
      title: "X",
      description: "Y",
      image: "https://cdn.example/a.png",
      noindex: true,
      type: "article",
    });
    expect(tags).toContainEqual({ property: "og:image", content: "https://cdn.example/a.png" });
    expect(tags).toContainEqual({ property: "og:type", content: "article" });
    expect(tags).toContainEqual({ name: "robots", content: "noindex" });
  });

  it("wraps structured data for Remix's ld+json script", () => {
    expect(jsonLd({ "@type": "Organization" })).toEqual({ "script:ld+json": { "@type": "Organization" } });
  });
});

describe("Tracking", () => {
  it("loads nothing third-party with empty ids", () => {
    expect(renderToStaticMarkup(<Tracking tagManagerId={null} sessionRecordingId={null} />)).toBe("");
  });

  it("loads the tag manager and the session recorder with their ids", () => {
    const html = renderToStaticMarkup(<Tracking tagManagerId="GTM-ABC123" sessionRecordingId="k2x9z" />);
    expect(html).toContain("googletagmanager.com/gtm.js?id=");
    expect(html).toContain('"GTM-ABC123"');
    expect(html).toContain("clarity.ms/tag/");
    expect(html).toContain('"k2x9z"');
  });

  it("puts the page's nonce on both snippets, which hand it to the script they insert", () => {
    const html = renderToStaticMarkup(<Tracking tagManagerId="GTM-ABC123" sessionRecordingId="k2x9z" nonce="bm9uY2U=" />);
    expect(html.match(/<script nonce="bm9uY2U=">/g)).toHaveLength(2);
    expect(html.match(/setAttribute\(['"]nonce['"]/g)).toHaveLength(2);
  });
});

describe("the home page's meta", () => {
  it("names the studio in the title, describes it with the hero's text, and states the organization", () => {
    const content = defaultSiteContent();
    const data = { ...homeContent(content), latest: [] };
    const homeMatches = [
      { id: "root", data: { siteUrl: "https://studio.example", frame: frameContent(content, false) } },
      { id: "routes/_site", data: { settings: { contactEmail: "hello@studio.example" } } },
      { id: "routes/_site._index", data },
    ];
    const tags = meta({ data, matches: homeMatches } as unknown as Parameters<typeof meta>[0]);
    expect(tags).toEqual(
      expect.arrayContaining([
        { title: `${content.brand.name}: software, web, apps, design, video and marketing` },
        { name: "description", content: content.home.heroText },
        { tagName: "link", rel: "canonical", href: "https://studio.example/" },
        { property: "og:url", content: "https://studio.example/" },
      ]),
    );
    expect(tags).toContainEqual({
      "script:ld+json": expect.objectContaining({
        "@context": "https://schema.org",
        "@type": "Organization",
        name: content.brand.name,
        url: "https://studio.example/",
        email: "hello@studio.example",
      }),
    });
  });
});
