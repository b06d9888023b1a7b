import type { Nodes, PhrasingContent, Root, RootContent } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { flattenMarkdown, MARKDOWN_MAX_DEPTH } from "./markdown-depth";

// Markdown an admin writes (legal pages, case study sections) as a small serialisable tree that a loader returns and
// app/components/markdown.tsx renders with React elements: the parser never reaches the browser, and nothing in the
// source becomes HTML. CommonMark only (mdast-util-from-markdown); raw HTML and images come out as text.

export type MarkdownInline =
  | { type: "text"; value: string }
  | { type: "emphasis" | "strong"; children: MarkdownInline[] }
  | { type: "code"; value: string }
  | { type: "link"; href: string; children: MarkdownInline[] }
  | { type: "break" };

export type MarkdownBlock =
  | { type: "paragraph"; children: MarkdownInline[] }
  | { type: "heading"; depth: 2 | 3 | 4; id: string; children: MarkdownInline[] }
  /** `tight`: no blank lines between the items, so their paragraphs render without <p>. */
  | { type: "list"; ordered: boolean; start: number | null; tight: boolean; items: MarkdownBlock[][] }
  | { type: "blockquote"; children: MarkdownBlock[] }
  | { type: "thematicBreak" }
  | { type: "code"; lang: string | null; value: string };

type MarkdownHeading = { id: string; text: string; depth: 2 | 3 | 4 };
export type MarkdownDoc = { blocks: MarkdownBlock[]; headings: MarkdownHeading[] };

/**
 * Parses CommonMark. Headings: `#` counts as 2 (the page has its own h1) and 5-6 as 4; each gets an id, unique in
 * the document: its text as a slug, or an explicit one written at its end as `{#id}` (a link that survives a
 * reworded heading). Links: http(s), mailto, tel and site-relative (`/…`, `#…`) only; any other keeps its text.
 * Nothing stored can take a page down: nesting past MARKDOWN_MAX_DEPTH is flattened (markdown-depth.ts) before
 * parsing and again in the tree, and a text the parser still cannot take reads as plain paragraphs.
 * The result is shared between calls with the same source: read it, do not change it.
 */
export function parseMarkdown(source: string): MarkdownDoc {
  const cached = recent.get(source);
  if (cached) {
    recent.delete(source);
    recent.set(source, cached);
    return cached;
  }
  const doc = parse(source);
  recent.set(source, doc);
  if (recent.size > RECENT_LIMIT) recent.delete(recent.keys().next().value!);
  return doc;
}

// micromark takes about 10 ms for a 5 KB legal page: a page's loader parses the same text on every request, so the
// last few documents parsed are kept (least recently used goes first).
const RECENT_LIMIT = 32;
const recent = new Map<string, MarkdownDoc>();

function parse(source: string): MarkdownDoc {
  let root: Root;
  try {
    root = fromMarkdown(flattenMarkdown(source));
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    const paragraphs = source.split(/\n[ \t\r]*\n/).filter((text) => text.trim());
    return { blocks: paragraphs.map((value) => ({ type: "paragraph", children: [{ type: "text", value }] })), headings: [] };
  }
  const definitions = new Map<string, string>();
  collectDefinitions(root, definitions);
  const context: Context = { definitions, usedIds: new Set(), headings: [] };
  return { blocks: blocksOf(root.children, context), headings: context.headings };
}

type Context = { definitions: Map<string, string>; usedIds: Set<string>; headings: MarkdownHeading[] };

function collectDefinitions(node: Nodes, definitions: Map<string, string>) {
  // CommonMark: the first definition of a label wins.
  if (node.type === "definition" && !definitions.has(node.identifier)) definitions.set(node.identifier, node.url);
  if ("children" in node) for (const child of node.children) collectDefinitions(child, definitions);
}

/** `level`: the quotes and list items around these nodes; past MARKDOWN_MAX_DEPTH their contents join the level above. */
function blocksOf(nodes: readonly RootContent[], context: Context, level = 0): MarkdownBlock[] {
  const blocks: MarkdownBlock[] = [];
  const deep = level >= MARKDOWN_MAX_DEPTH;
  for (const node of nodes) {
    switch (node.type) {
      case "paragraph":
        blocks.push({ type: "paragraph", children: inlinesOf(node.children, context) });
        break;
      case "heading":
        blocks.push(heading(node.depth, inlinesOf(node.children, context), context));
        break;
      case "list":
        if (deep) {
          for (const item of node.children) blocks.push(...blocksOf(item.children, context, level));
          break;
        }
        blocks.push({
          type: "list",
          ordered: Boolean(node.ordered),
          start: node.ordered ? (node.start ?? 1) : null,
          tight: !node.spread && node.children.every((item) => !item.spread),
          items: node.children.map((item) => blocksOf(item.children, context, level + 1)),
        });
        break;
      case "blockquote":
        if (deep) blocks.push(...blocksOf(node.children, context, level));
        else blocks.push({ type: "blockquote", children: blocksOf(node.children, context, level + 1) });
        break;
      case "thematicBreak":
        blocks.push({ type: "thematicBreak" });
        break;
      case "code":
        blocks.push({ type: "code", lang: node.lang ?? null, value: node.value });
        break;
      case "html":
        // Raw HTML is shown as what it is: text.
        blocks.push({ type: "paragraph", children: [{ type: "text", value: node.value }] });
        break;
      // Link reference definitions render nothing; mdast has no other block types without extensions.
    }
  }
  return blocks;
}

/** `level`: the emphasis, strong and links around these nodes; past MARKDOWN_MAX_DEPTH theirs become plain. */
function inlinesOf(nodes: readonly PhrasingContent[], context: Context, level = 0): MarkdownInline[] {
  const inlines: MarkdownInline[] = [];
  const deep = level >= MARKDOWN_MAX_DEPTH;
  const push = (inline: MarkdownInline) => {
    const last = inlines.at(-1);
    if (inline.type === "text" && last?.type === "text") last.value += inline.value;
    else inlines.push(inline);
  };
  for (const node of nodes) {
    switch (node.type) {
      case "text":
      case "html":
        push({ type: "text", value: node.value });
        break;
      case "emphasis":
      case "strong":
        if (deep) for (const child of inlinesOf(node.children, context, level)) push(child);
        else push({ type: node.type, children: inlinesOf(node.children, context, level + 1) });
        break;
      case "inlineCode":
        push({ type: "code", value: node.value });
        break;
      case "break":
        push({ type: "break" });
        break;
      case "image":
      case "imageReference":
        if (node.alt) push({ type: "text", value: node.alt });
        break;
      case "link":
      case "linkReference": {
        const children = inlinesOf(node.children, context, deep ? level : level + 1);
        const href = safeHref(node.type === "link" ? node.url : context.definitions.get(node.identifier));
        if (href && !deep) push({ type: "link", href, children });
        else for (const child of children) push(child);
        break;
      }
    }
  }
  return inlines;
}

/** The URL if it may be a link: http(s), mailto, tel, or on this site (`/path`, `#fragment`); else null. */
function safeHref(url: string | undefined): string | null {
  if (url === undefined) return null;
  // Browsers drop tabs and newlines inside a URL ("java\tscript:"), so the check looks at what they would.
  const href = url.replace(/[\t\n\r]/g, "").trim();
  // Other control characters never belong in an address.
  if ([...href].some((char) => char < " " || char === "\u007f")) return null;
  if (/^(https?:\/\/[^/\\]|mailto:|tel:)/i.test(href)) return href;
  // "//host" and "/\host" lead to another host.
  if (/^\/(?![/\\])/.test(href) || href.startsWith("#")) return href;
  return null;
}

const EXPLICIT_ID = /\s*\{#([a-z0-9][a-z0-9-]*)\}\s*$/i;

function heading(markdownDepth: number, children: MarkdownInline[], context: Context): MarkdownBlock {
  const depth = Math.min(4, Math.max(2, markdownDepth)) as 2 | 3 | 4;
  let explicit: string | undefined;
  const last = children.at(-1);
  const match = last?.type === "text" ? EXPLICIT_ID.exec(last.value) : null;
  if (last?.type === "text" && match) {
    explicit = match[1]!.toLowerCase();
    last.value = last.value.slice(0, match.index);
    if (!last.value) children.pop();
  }
  const text = plainText(children).trim();
  let id = explicit ?? (slug(text) || "section");
  for (let n = 1; context.usedIds.has(id); n++) id = `${explicit ?? (slug(text) || "section")}-${n}`;
  context.usedIds.add(id);
  context.headings.push({ id, text, depth });
  return { type: "heading", depth, id, children };
}

const plainText = (inlines: readonly MarkdownInline[]): string =>
  inlines.map((inline) => ("value" in inline ? inline.value : "children" in inline ? plainText(inline.children) : " ")).join("");

/** A heading's text as an id: lower case ASCII letters and digits joined by hyphens ("Fees & payment" → "fees-payment"). */
const slug = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
