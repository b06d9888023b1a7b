import { Link } from "@remix-run/react";
import { createContext, useContext, type ReactNode } from "react";
import type { MarkdownBlock, MarkdownInline } from "~/lib/markdown.server";

// Renders app/lib/markdown.server.ts's tree as React elements: text is always text, never HTML. The parser already
// kept only safe link addresses; here they get their kind of element.

const linkClass = "font-medium text-brand-700 underline underline-offset-2 hover:text-ink";
const headingClass = { 2: "text-2xl font-bold tracking-tight text-ink", 3: "text-xl font-semibold text-ink", 4: "font-semibold text-ink" };
const anchorScroll = "scroll-mt-6 md:scroll-mt-24";

type Options = {
  /** Before every heading's id, so several documents on one page (and the page's own ids) never share one. */
  idPrefix: string;
  /** Another host's page opens in a new tab, as the site's other external links do. */
  externalInNewTab: boolean;
};

const OptionsContext = createContext<Options>({ idPrefix: "", externalInNewTab: false });

/**
 * Markdown blocks as the site's prose. Each h2 opens a <section> named by it (a region a reader can jump to, ending at
 * the next h2); `lead` sets paragraphs larger, for an introduction. With `topLevel` 3 (inside a section the page
 * heads with its own h2) the headings go one level down and open no sections (see `underPageHeading`).
 */
export function Markdown({
  blocks,
  lead = false,
  topLevel = 2,
  idPrefix = "",
  externalInNewTab = false,
}: { blocks: readonly MarkdownBlock[]; lead?: boolean; topLevel?: 2 | 3 } & Partial<Options>) {
  if (topLevel === 3) {
    return (
      <OptionsContext.Provider value={{ idPrefix, externalInNewTab }}>
        <Blocks blocks={underPageHeading(blocks)} lead={lead} />
      </OptionsContext.Provider>
    );
  }
  const groups: { heading?: Extract<MarkdownBlock, { type: "heading" }>; blocks: MarkdownBlock[] }[] = [{ blocks: [] }];
  for (const block of blocks) {
    if (block.type === "heading" && block.depth === 2) groups.push({ heading: block, blocks: [] });
    else groups.at(-1)!.blocks.push(block);
  }
  return (
    <OptionsContext.Provider value={{ idPrefix, externalInNewTab }}>
      {groups.map(({ heading, blocks: body }, index) =>
        heading ? (
          <section key={heading.id} aria-labelledby={idPrefix + heading.id} className="mt-10">
            <h2 id={idPrefix + heading.id} className={`${anchorScroll} ${headingClass[2]}`}>
              <Inlines inlines={heading.children} />
            </h2>
            <Blocks blocks={body} lead={lead} />
          </section>
        ) : (
          <Blocks key={index} blocks={body} lead={lead} />
        ),
      )}
    </OptionsContext.Provider>
  );
}

/**
 * Headings one level below the page's h2 (`#` and `##` as h3, deeper as h4), none more than one level below the
 * heading before it, so the page's heading order holds whatever the source's (axe's heading-order).
 */
function underPageHeading(blocks: readonly MarkdownBlock[]): MarkdownBlock[] {
  let previous = 2;
  const walk = (list: readonly MarkdownBlock[]): MarkdownBlock[] =>
    list.map((block) => {
      switch (block.type) {
        case "heading": {
          const depth = Math.min(4, block.depth + 1, previous + 1) as 3 | 4;
          previous = depth;
          return { ...block, depth };
        }
        case "blockquote":
          return { ...block, children: walk(block.children) };
        case "list":
          return { ...block, items: block.items.map(walk) };
        default:
          return block;
      }
    });
  return walk(blocks);
}

function Blocks({ blocks, lead = false }: { blocks: readonly MarkdownBlock[]; lead?: boolean }) {
  return blocks.map((block, index) => <Block key={index} block={block} lead={lead} />);
}

function Block({ block, lead }: { block: MarkdownBlock; lead: boolean }): ReactNode {
  const { idPrefix } = useContext(OptionsContext);
  switch (block.type) {
    case "paragraph":
      return (
        <p className={lead ? "mt-6 text-lg leading-relaxed text-slate-700" : "mt-4 leading-relaxed text-slate-700"}>
          <Inlines inlines={block.children} />
        </p>
      );
    case "heading": {
      const depth = block.depth;
      const Tag = `h${depth}` as const;
      return (
        <Tag
          id={idPrefix + block.id}
          className={`${depth === 2 ? "mt-10" : depth === 3 ? "mt-8" : "mt-6"} ${anchorScroll} ${headingClass[depth]}`}
        >
          <Inlines inlines={block.children} />
        </Tag>
      );
    }
    case "list": {
      const items = block.items.map((item, index) => (
        <li key={index}>{block.tight ? <TightItem blocks={item} /> : <Blocks blocks={item} />}</li>
      ));
      const listClass = "mt-4 space-y-2 pl-6 leading-relaxed text-slate-700 marker:text-brand-600";
      return block.ordered ? (
        <ol start={block.start ?? undefined} className={`list-decimal ${listClass}`}>
          {items}
        </ol>
      ) : (
        <ul className={`list-disc ${listClass}`}>{items}</ul>
      );
    }
    case "blockquote":
      return (
        <blockquote className="mt-4 border-l-4 border-brand-100 pl-4 text-slate-700 italic">
          <Blocks blocks={block.children} />
        </blockquote>
      );
    case "thematicBreak":
      return <hr className="mt-10 border-slate-200" />;
    case "code":
      return (
        <pre className="mt-4 overflow-x-auto rounded-xl bg-slate-900 p-4 text-sm text-slate-100">
          <code>{block.value}</code>
        </pre>
      );
  }
}

// A tight list's item: its paragraphs as bare text (as "- one\n- two" reads), anything nested as blocks.
function TightItem({ blocks }: { blocks: readonly MarkdownBlock[] }) {
  return blocks.map((block, index) =>
    block.type === "paragraph" ? <Inlines key={index} inlines={block.children} /> : <Block key={index} block={block} lead={false} />,
  );
}

function Inlines({ inlines }: { inlines: readonly MarkdownInline[] }) {
  return inlines.map((inline, index) => <Inline key={index} inline={inline} />);
}

function Inline({ inline }: { inline: MarkdownInline }): ReactNode {
  const { externalInNewTab } = useContext(OptionsContext);
  switch (inline.type) {
    case "text":
      return inline.value;
    case "emphasis":
      return (
        <em>
          <Inlines inlines={inline.children} />
        </em>
      );
    case "strong":
      return (
        <strong className="font-semibold text-ink">
          <Inlines inlines={inline.children} />
        </strong>
      );
    case "code":
      return <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.9em] text-ink">{inline.value}</code>;
    case "break":
      return <br />;
    case "link": {
      const children = <Inlines inlines={inline.children} />;
      if (inline.href.startsWith("/"))
        return (
          <Link to={inline.href} className={linkClass}>
            {children}
          </Link>
        );
      // Another host's page gets no access back to this one and no Referer; it opens in the same tab unless asked.
      const external = /^https?:/i.test(inline.href);
      if (external && externalInNewTab)
        return (
          <a href={inline.href} className={linkClass} target="_blank" rel="noopener noreferrer">
            {children}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        );
      return (
        <a href={inline.href} className={linkClass} rel={external ? "noopener noreferrer" : undefined}>
          {children}
        </a>
      );
    }
  }
}
