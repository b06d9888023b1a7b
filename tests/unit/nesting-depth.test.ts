import { fromMarkdown } from "mdast-util-from-markdown";
import type { Nodes } from "mdast";
import { describe, expect, it } from "vitest";
import { disclaimer, privacyPolicy, termsOfService } from "~/content/legal";
import { flattenMarkdown, MARKDOWN_MAX_DEPTH, markdownDepth } from "~/lib/markdown-depth";
import { parseMarkdown, type MarkdownBlock } from "~/lib/markdown.server";
import { jsonNestsDeeperThan } from "~/server/api/body.server";

/** What the parser builds: the most quotes and list items, and emphasis, strong and links, inside one another. */
function parsedDepth(node: Nodes, blocks = 0, inlines = 0, found = { blocks: 0, inlines: 0 }) {
  if (node.type === "blockquote" || node.type === "listItem") blocks++;
  if (node.type === "emphasis" || node.type === "strong" || node.type === "link") inlines++;
  found.blocks = Math.max(found.blocks, blocks);
  found.inlines = Math.max(found.inlines, inlines);
  if ("children" in node) for (const child of node.children) parsedDepth(child, blocks, inlines, found);
  return found;
}

function treeDepth(blocks: readonly MarkdownBlock[]): number {
  return Math.max(
    0,
    ...blocks.map((block) =>
      block.type === "blockquote"
        ? 1 + treeDepth(block.children)
        : block.type === "list"
          ? 1 + Math.max(0, ...block.items.map(treeDepth))
          : 0,
    ),
  );
}

const documents = [
  "> quote\n> > inside\n\n- one\n  - two\n    1. three\n\n       > four",
  "* item\n\n  ```\n  > > > > > > > > > > > > > > > > > > code, not quotes\n  ```\n\n* next",
  "Text *em **strong [link](/x) `*code*`** em* and snake_case_words, 2 * 3 * 4, \\*escaped\\*.",
  "2024. A year\n2) not a list inside a paragraph\n- a\n-\n  b",
  "\t- tab\n\t\t- tabs\n>\t> tab quote",
  "***strong em*** and ***a** b* and *a **b***",
];

describe("markdownDepth", () => {
  it("counts what the parser builds on real documents", () => {
    for (const source of [...documents, privacyPolicy.body, termsOfService.body, disclaimer.body]) {
      expect(markdownDepth(source), source.slice(0, 40)).toEqual(parsedDepth(fromMarkdown(source)));
    }
  });

  it("counts quotes, lists, ordered lists, indentation, emphasis and mixed nests", () => {
    expect(markdownDepth("> ".repeat(1000) + "x").blocks).toBe(1000);
    expect(markdownDepth("- ".repeat(300) + "x").blocks).toBe(300);
    expect(markdownDepth("1. ".repeat(300) + "x").blocks).toBe(300);
    expect(markdownDepth("> - 1. ".repeat(10) + "x").blocks).toBe(30);
    expect(markdownDepth(Array.from({ length: 40 }, (_, level) => "  ".repeat(level) + "- x").join("\n")).blocks).toBe(40);
    expect(markdownDepth("*a ".repeat(300) + "x" + " a*".repeat(300)).inlines).toBe(300);
    expect(markdownDepth("**a ".repeat(30) + "x" + " a**".repeat(30)).inlines).toBe(30);
    expect(markdownDepth("_a ".repeat(30) + "[x](/y)" + " a_".repeat(30)).inlines).toBe(31);
  });

  it("takes a line in one pass: 60,000 characters of nesting in well under a second", () => {
    const started = performance.now();
    for (const source of ["> ".repeat(30_000), "- ".repeat(30_000), "*a ".repeat(20_000), "`".repeat(30_000) + "*_".repeat(15_000)])
      markdownDepth(source);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe("flattenMarkdown", () => {
  it("leaves a text within the limit as it is", () => {
    const nested = "> ".repeat(MARKDOWN_MAX_DEPTH) + "*a ".repeat(MARKDOWN_MAX_DEPTH) + "x" + " a*".repeat(MARKDOWN_MAX_DEPTH);
    for (const source of [...documents, nested]) expect(flattenMarkdown(source)).toBe(source);
  });

  it("escapes the markers past the limit, so the parser builds no deeper and the words stay", () => {
    for (const source of [
      "> ".repeat(1000) + "deep",
      "- ".repeat(1000) + "deep",
      "1) ".repeat(1000) + "deep",
      "> - ".repeat(500) + "deep",
      Array.from({ length: 100 }, (_, level) => "  ".repeat(level) + "- deep").join("\n"),
      "*a ".repeat(1000) + "deep" + " a*".repeat(1000),
    ]) {
      const flat = flattenMarkdown(source);
      const depth = parsedDepth(fromMarkdown(flat));
      expect(depth.blocks, source.slice(0, 12)).toBeLessThanOrEqual(MARKDOWN_MAX_DEPTH);
      expect(depth.inlines, source.slice(0, 12)).toBeLessThanOrEqual(MARKDOWN_MAX_DEPTH);
      expect(flat).toContain("deep");
    }
  });
});

describe("parseMarkdown", () => {
  it("renders any stored text without overflowing or stalling, nested no deeper than the limit", () => {
    for (const source of ["> ".repeat(30_000) + "x", "- ".repeat(30_000) + "x", "*a ".repeat(10_000) + "x" + " a*".repeat(10_000)]) {
      const started = performance.now();
      const { blocks } = parseMarkdown(source);
      expect(performance.now() - started, source.slice(0, 12)).toBeLessThan(3000);
      expect(treeDepth(blocks)).toBeLessThanOrEqual(MARKDOWN_MAX_DEPTH);
      expect(JSON.stringify(blocks)).toContain("x");
    }
  });
});

describe("jsonNestsDeeperThan", () => {
  it("counts arrays and objects, not brackets inside strings", () => {
    expect(jsonNestsDeeperThan('{"a": [[1]]}', 3)).toBe(false);
    expect(jsonNestsDeeperThan('{"a": [[[1]]]}', 3)).toBe(true);
    expect(jsonNestsDeeperThan(`{"a": "${"[{".repeat(100)}", "b": "\\"[[[["}`, 1)).toBe(false);
    expect(jsonNestsDeeperThan("[".repeat(40_000) + "]".repeat(40_000), 32)).toBe(true);
    expect(jsonNestsDeeperThan("[]".repeat(40_000), 1)).toBe(false);
  });
});
