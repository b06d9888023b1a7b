import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { Markdown } from "~/components/markdown";
import { disclaimer, privacyPolicy, termsOfService } from "~/content/legal";
import { parseMarkdown, type MarkdownBlock, type MarkdownInline } from "~/lib/markdown.server";

const inlinesOf = (source: string): MarkdownInline[] => {
  const [block] = parseMarkdown(source).blocks;
  if (block?.type !== "paragraph") throw new Error(`expected one paragraph, got ${JSON.stringify(block)}`);
  return block.children;
};

/** The tree as the component renders it on the server (in a router: site-relative links are <Link>s). */
async function render(blocks: MarkdownBlock[]): Promise<string> {
  const handler = createStaticHandler([{ path: "/", Component: () => createElement(Markdown, { blocks }) }]);
  const context = await handler.query(new Request("http://localhost/"));
  if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
  return renderToStaticMarkup(
    createElement(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, context), context, hydrate: false }),
  );
}

describe("parseMarkdown", () => {
  it("gives headings 2 to 4 unique ids from their text, or the {#id} written at their end, and lists them", () => {
    const doc = parseMarkdown(
      "# Top level\n\n## Fees & payment\n\n### Fees & payment\n\n#### Café déjà vu\n\n###### Deep\n\n## Cookies and tracking {#cookies}\n\n## {#cookies} A\n\n## !!!",
    );
    expect(doc.headings).toEqual([
      { id: "top-level", text: "Top level", depth: 2 },
      { id: "fees-payment", text: "Fees & payment", depth: 2 },
      { id: "fees-payment-1", text: "Fees & payment", depth: 3 },
      { id: "cafe-deja-vu", text: "Café déjà vu", depth: 4 },
      { id: "deep", text: "Deep", depth: 4 },
      { id: "cookies", text: "Cookies and tracking", depth: 2 },
      // Only at the end is {#id} an id; elsewhere it is text.
      { id: "cookies-a", text: "{#cookies} A", depth: 2 },
      { id: "section", text: "!!!", depth: 2 },
    ]);
    expect(doc.blocks[5]).toEqual({
      type: "heading",
      depth: 2,
      id: "cookies",
      children: [{ type: "text", value: "Cookies and tracking" }],
    });
  });

  it("makes a repeated explicit id unique too", () => {
    expect(parseMarkdown("## One {#same}\n\n## Two {#same}").headings.map((heading) => heading.id)).toEqual(["same", "same-1"]);
  });

  it("keeps bullet and ordered lists, nested, tight or loose", () => {
    const [bullets, ordered, loose] = parseMarkdown(
      "- one\n- two\n  - two a\n\n---\n\n3. three\n4. four\n\n***\n\n- a\n\n- b",
    ).blocks.filter((block) => block.type === "list");
    expect(bullets).toEqual({
      type: "list",
      ordered: false,
      start: null,
      tight: true,
      items: [
        [{ type: "paragraph", children: [{ type: "text", value: "one" }] }],
        [
          { type: "paragraph", children: [{ type: "text", value: "two" }] },
          {
            type: "list",
            ordered: false,
            start: null,
            tight: true,
            items: [[{ type: "paragraph", children: [{ type: "text", value: "two a" }] }]],
          },
        ],
      ],
    });
    expect(ordered).toMatchObject({ type: "list", ordered: true, start: 3, tight: true });
    expect(loose).toMatchObject({ type: "list", tight: false });
  });

  it("keeps emphasis, strong, inline code and hard line breaks", () => {
    expect(inlinesOf("*a* __b__ `c<d>` e  \nf")).toEqual([
      { type: "emphasis", children: [{ type: "text", value: "a" }] },
      { type: "text", value: " " },
      { type: "strong", children: [{ type: "text", value: "b" }] },
      { type: "text", value: " " },
      { type: "code", value: "c<d>" },
      { type: "text", value: " e" },
      { type: "break" },
      { type: "text", value: "f" },
    ]);
  });

  it("keeps blockquotes, thematic breaks and code blocks", () => {
    expect(parseMarkdown("> quoted\n\n---\n\n```ts\nconst a = 1 < 2;\n```").blocks).toEqual([
      { type: "blockquote", children: [{ type: "paragraph", children: [{ type: "text", value: "quoted" }] }] },
      { type: "thematicBreak" },
      { type: "code", lang: "ts", value: "const a = 1 < 2;" },
    ]);
  });

  it("links http(s), mailto, tel and site-relative addresses, autolinks and references included", () => {
    const links = inlinesOf(
      "[a](https://example.com/x) [b](http://example.com) [c](mailto:hi@example.com) [d](tel:+15551234567) [e](/terms) [f](#cookies) <hi@example.com> <https://example.org> [g][ref]\n\n[ref]: /privacy",
    ).filter((inline) => inline.type === "link");
    expect(links.map((link) => link.href)).toEqual([
      "https://example.com/x",
      "http://example.com",
      "mailto:hi@example.com",
      "tel:+15551234567",
      "/terms",
      "#cookies",
      "mailto:hi@example.com",
      "https://example.org",
      "/privacy",
    ]);
    expect(links[6]).toEqual({ type: "link", href: "mailto:hi@example.com", children: [{ type: "text", value: "hi@example.com" }] });
  });

  it("refuses javascript:, data:, other schemes, other hosts' // addresses and relative paths: their text stays, as text", () => {
    for (const [source, text] of [
      ["[click](javascript:alert(1))", "click"],
      ["[click](JavaScript:alert(1))", "click"],
      ["[click](java&#x73;cript:alert(1))", "click"],
      ["[click](<java\tscript:alert(1)>)", "click"],
      ["<javascript:alert(1)>", "javascript:alert(1)"],
      ["[img](data:text/html;base64,PHNjcmlwdD4=)", "img"],
      ["[v](vbscript:msgbox)", "v"],
      ["[f](file:///etc/passwd)", "f"],
      ["[other](//evil.example/x)", "other"],
      ["[other](/\\evil.example/x)", "other"],
      ["[rel](terms)", "rel"],
      ["[*kept* emphasis](javascript:x)", "kept emphasis"],
    ] as const) {
      const inlines = inlinesOf(source);
      expect(
        inlines.some((inline) => inline.type === "link"),
        source,
      ).toBe(false);
      const flat = (list: MarkdownInline[]): string =>
        list.map((i) => ("value" in i ? i.value : "children" in i ? flat(i.children) : "")).join("");
      expect(flat(inlines), source).toBe(text);
    }
  });

  it("shows raw HTML as the text it is, inline and as a block", () => {
    expect(inlinesOf('a <b onclick="x()">bold</b> <script>alert(1)</script>')).toEqual([
      { type: "text", value: 'a <b onclick="x()">bold</b> <script>alert(1)</script>' },
    ]);
    expect(parseMarkdown("<div>\n<img src=x onerror=alert(1)>\n</div>").blocks).toEqual([
      { type: "paragraph", children: [{ type: "text", value: "<div>\n<img src=x onerror=alert(1)>\n</div>" }] },
    ]);
  });

  it("shows an image as its alt text", () => {
    expect(inlinesOf("before ![a chart](/c.png) after")).toEqual([{ type: "text", value: "before a chart after" }]);
  });

  it("keeps the legal pages' section addresses (today's ids)", () => {
    const ids = (body: string) => parseMarkdown(body).headings.map((heading) => heading.id);
    expect(ids(privacyPolicy.body)).toEqual([
      "who-we-are",
      "data-we-collect",
      "how-we-use-data",
      "cookies",
      "sharing",
      "retention",
      "security",
      "your-rights",
      "children",
      "changes",
    ]);
    expect(ids(termsOfService.body)).toEqual([
      "website-use",
      "engagements",
      "client-responsibilities",
      "fees",
      "intellectual-property",
      "confidentiality",
      "warranties",
      "liability",
      "termination",
      "privacy",
      "law",
    ]);
    expect(ids(disclaimer.body)).toEqual(["general-information", "accuracy", "results", "external-links", "trademarks", "liability"]);
  });
});

describe("<Markdown>", () => {
  it("renders text as text, never as HTML", async () => {
    const html = await render(parseMarkdown("<script>alert(1)</script>\n\nx <img src=x onerror=alert(1)> `<b>`").blocks);
    expect(html).not.toMatch(/<script|<img|<b>/);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("<code");
  });

  it("wraps each h2 and what follows it in a section named by the heading", async () => {
    const html = await render(parseMarkdown("Intro.\n\n## First\n\nText.\n\n### Sub\n\n## Second").blocks);
    expect(html).toMatch(
      /^<p[^>]*>Intro\.<\/p><section aria-labelledby="first"[^>]*><h2 id="first"[^>]*>First<\/h2><p[^>]*>Text\.<\/p><h3 id="sub"/,
    );
    expect(html).toContain('<section aria-labelledby="second" class="mt-10"><h2 id="second"');
  });

  it("links another host with rel=noopener noreferrer in the same tab, this site with a router link, mail plainly", async () => {
    const html = await render(parseMarkdown("[out](https://example.com) [in](/terms) [here](#x) <hi@example.com>").blocks);
    expect(html).toContain(
      '<a href="https://example.com" class="font-medium text-brand-700 underline underline-offset-2 hover:text-ink" rel="noopener noreferrer">out</a>',
    );
    expect(html).toMatch(/<a [^>]*href="\/terms"[^>]*>in<\/a>/);
    expect(html).toMatch(/<a href="#x" class="[^"]*">here<\/a>/);
    expect(html).toMatch(/<a href="mailto:hi@example.com" class="[^"]*">hi@example.com<\/a>/);
    expect(html).not.toContain("target=");
  });

  it("renders a tight list's items without paragraphs, a loose one's with them, and ordered lists from their start", async () => {
    expect(await render(parseMarkdown("- a\n- b").blocks)).toMatch(/<ul class="[^"]*list-disc[^"]*"><li>a<\/li><li>b<\/li><\/ul>/);
    expect(await render(parseMarkdown("- a\n\n- b").blocks)).toMatch(/<li><p[^>]*>a<\/p><\/li>/);
    expect(await render(parseMarkdown("3. c").blocks)).toMatch(/<ol start="3" class="list-decimal/);
  });
});
