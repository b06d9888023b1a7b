// How deeply a Markdown text nests, measured in one linear pass without parsing it. The parser (micromark) is what
// needs protecting: its time grows with the square of the nesting (2,000 nested list items in 4 KB take 9 s) and
// past about 10,000 levels its recursion overflows the stack. The measure follows CommonMark's container and
// emphasis rules as micromark applies them; on random garbage it can count a level or two fewer than the parser
// builds (link texts are not measured apart), which is why markdown.server.ts also caps the tree it returns.
// Browser-safe: the editors' schemas use it.

/** Quotes and list items inside one another, and emphasis, strong and links inside one another: a real document
 * stays below 6 of each. */
export const MARKDOWN_MAX_DEPTH = 16;

export type MarkdownDepth = { blocks: number; inlines: number };

export function markdownDepth(source: string): MarkdownDepth {
  const { blocks, inlines } = scan(source, null);
  return { blocks, inlines };
}

export function markdownTooDeep(source: string): boolean {
  const { blocks, inlines } = markdownDepth(source);
  return blocks > MARKDOWN_MAX_DEPTH || inlines > MARKDOWN_MAX_DEPTH;
}

/**
 * The text as it is if it nests no deeper than MARKDOWN_MAX_DEPTH; else with a backslash before each quote or list
 * marker that would open a level past it (the rest of that line reads as text), and before every emphasis marker
 * of a paragraph that nests too deeply (its words stay, unemphasised).
 */
export function flattenMarkdown(source: string): string {
  return markdownTooDeep(source) ? scan(source, MARKDOWN_MAX_DEPTH).text : source;
}

type Container = { quote: true } | { quote: false; width: number };
type Fence = { depth: number; marker: string; length: number };
/** Where a paragraph's line starts, after its containers' markers. */
type Segment = { line: number; start: number };

const isSpace = (char: string | undefined) => char === " " || char === "\t";
const nextTabStop = (col: number) => col - (col % 4) + 4;

function scan(source: string, limit: number | null): MarkdownDepth & { text: string } {
  const lines = source.split("\n");
  const escapes = new Map<number, number[]>();
  const escape = (line: number, offset: number) => {
    const offsets = escapes.get(line);
    if (offsets) offsets.push(offset);
    else escapes.set(line, [offset]);
  };
  let stack: Container[] = [];
  let fence: Fence | null = null;
  let paragraph: Segment[] = [];
  let blocks = 0;
  let inlines = 0;
  const endParagraph = () => {
    if (!paragraph.length) return;
    const depth = inlineDepth(lines, paragraph, limit === null ? null : { limit, escape });
    inlines = Math.max(inlines, depth);
    paragraph = [];
  };

  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    // Both asked at many places of one line: answered from one look at it, so a long line stays linear.
    const trailingSpace = line.search(/[ \t\r]*$/);
    const blankFrom = (at: number) => at >= trailingSpace;
    const breakFrom = thematicBreaks(line);
    let pos = 0;
    let col = 0;
    /** The end of the spaces and tabs at pos, and its column. */
    const whitespace = () => {
      let end = pos;
      let endCol = col;
      while (isSpace(line[end])) endCol = line[end++] === "\t" ? nextTabStop(endCol) : endCol + 1;
      return { end, indent: endCol - col, endCol };
    };
    /** Moves past `columns` columns of spaces and tabs (part of a tab, as CommonMark allows). */
    const consume = (columns: number) => {
      while (columns > 0 && isSpace(line[pos])) {
        const width = line[pos] === "\t" ? nextTabStop(col) - col : 1;
        if (width > columns) {
          col += columns;
          return;
        }
        pos++;
        col += width;
        columns -= width;
      }
    };

    let matched = 0;
    for (; matched < stack.length; matched++) {
      const container = stack[matched]!;
      const { end, indent, endCol } = whitespace();
      if (container.quote) {
        if (indent > 3 || line[end] !== ">") break;
        pos = end + 1;
        col = endCol + 1;
        if (isSpace(line[pos])) consume(1);
      } else if (blankFrom(pos)) {
        pos = end;
        col = endCol;
      } else if (indent >= container.width) consume(container.width);
      else break;
    }

    if (fence) {
      if (matched === stack.length && stack.length === fence.depth) {
        if (closesFence(line.slice(whitespace().end), fence) && whitespace().indent <= 3) fence = null;
        blocks = Math.max(blocks, stack.length);
        continue;
      }
      // Its container ended, so did the fence; no paragraph is open for a lazy line to continue.
      fence = null;
      stack = stack.slice(0, matched);
    }

    const opened: Container[] = [];
    for (;;) {
      const { end, indent, endCol } = whitespace();
      if (indent >= 4) break;
      const full = limit !== null && matched + opened.length >= limit;
      if (line[end] === ">") {
        if (full) {
          escape(index, end);
          break;
        }
        opened.push({ quote: true });
        pos = end + 1;
        col = endCol + 1;
        if (isSpace(line[pos])) consume(1);
        continue;
      }
      if (breakFrom(end)) break;
      const marker = LIST_MARKER.exec(line.slice(end, end + 12));
      if (!marker) break;
      // CommonMark: an empty item, or a list starting at another number than 1, does not interrupt a paragraph.
      const interrupts = !blankFrom(end + marker[0].length) && !/^(?!1[.)])\d/.test(marker[0]);
      if (!interrupts && !opened.length && matched === stack.length && paragraph.length) break;
      if (full) {
        escape(index, end + marker[0].length - 1);
        break;
      }
      const startCol = col;
      const markerEnd = end + marker[0].length;
      const markerCol = endCol + marker[0].length;
      pos = markerEnd;
      col = markerCol;
      const after = whitespace();
      if (blankFrom(markerEnd) || after.indent >= 5) {
        opened.push({ quote: false, width: markerCol + 1 - startCol });
        consume(1);
      } else {
        opened.push({ quote: false, width: after.endCol - startCol });
        pos = after.end;
        col = after.endCol;
      }
    }

    const blank = blankFrom(pos);
    const lazy = !opened.length && matched < stack.length && !blank && paragraph.length > 0;
    if (!lazy && (opened.length || matched < stack.length)) {
      endParagraph();
      stack = [...stack.slice(0, matched), ...opened];
    }
    blocks = Math.max(blocks, stack.length);

    const { end, indent } = whitespace();
    const content = line.slice(end);
    if (blank) endParagraph();
    else if (indent >= 4) {
      if (paragraph.length) paragraph.push({ line: index, start: pos });
    } else if (FENCE_OPEN.test(content)) {
      endParagraph();
      const run = FENCE_OPEN.exec(content)![1]!;
      fence = { depth: stack.length, marker: run[0]!, length: run.length };
    } else if (breakFrom(end)) endParagraph();
    else if (ATX_HEADING.test(content)) {
      endParagraph();
      paragraph.push({ line: index, start: end });
      endParagraph();
    } else paragraph.push({ line: index, start: pos });
  }
  endParagraph();

  const text = escapes.size
    ? lines
        .map((line, index) => {
          const offsets = [...new Set(escapes.get(index) ?? [])].sort((a, b) => b - a);
          for (const offset of offsets) line = `${line.slice(0, offset)}\\${line.slice(offset)}`;
          return line;
        })
        .join("\n")
    : source;
  return { blocks, inlines, text };
}

const LIST_MARKER = /^(?:[-+*]|\d{1,9}[.)])(?=[ \t\r]|$)/;

/** Whether the line from an index on is a thematic break (three or more of one of - * _, spaces between). */
function thematicBreaks(line: string): (at: number) => boolean {
  let answers: boolean[] | null = null;
  return (at) => {
    if (!answers) {
      answers = Array<boolean>(line.length + 1).fill(false);
      let char = "";
      let count = 0;
      for (let index = line.length - 1; index >= 0; index--) {
        const here = line[index]!;
        if (here === " " || here === "\t" || here === "\r") {
          answers[index] = answers[index + 1]!;
          continue;
        }
        if ((char === "" || char === here) && (here === "-" || here === "*" || here === "_")) {
          char = here;
          count++;
        } else char = "!";
        answers[index] = char !== "!" && count >= 3;
      }
    }
    return answers[at]!;
  };
}
const FENCE_OPEN = /^(`{3,}(?!.*`)|~{3,})/;
const ATX_HEADING = /^#{1,6}(?:[ \t\r]|$)/;

function closesFence(content: string, fence: Fence): boolean {
  const run = /^(`+|~+)[ \t\r]*$/.exec(content)?.[1];
  return run !== undefined && run[0] === fence.marker && run.length >= fence.length;
}

type Run = { char: string; count: number; length: number; canOpen: boolean; canClose: boolean; inner: number };

const PUNCTUATION = /[\p{P}\p{S}]/u;
const WHITESPACE = /\s/u;

/**
 * How deeply a paragraph's emphasis nests, by CommonMark's delimiter algorithm (flanking runs, the rule of 3,
 * openers between a pair dropped), plus one if it may have a link (`[` or an autolink's `<`: a link holds emphasis, and
 * emphasis a link; links never nest). Code spans and escaped characters are skipped. With `flatten`, a paragraph past the limit gets a
 * backslash before each of its emphasis markers.
 */
function inlineDepth(
  lines: readonly string[],
  segments: readonly Segment[],
  flatten: { limit: number; escape: (line: number, offset: number) => void } | null,
): number {
  const text = segments.map(({ line, start }) => lines[line]!.slice(start)).join("\n");
  const starts: number[] = [];
  let offset = 0;
  for (const { line, start } of segments) {
    starts.push(offset);
    offset += lines[line]!.length - start + 1;
  }
  const codeEnds = codeSpans(text);
  const runs: { at: number; run: Run }[] = [];
  let bracket = false;
  for (let at = 0; at < text.length;) {
    const char = text[at]!;
    const spanEnd = codeEnds.get(at);
    if (spanEnd !== undefined) at = spanEnd;
    else if (char === "\\" && /[!-/:-@[-`{-~]/.test(text[at + 1] ?? "")) at += 2;
    else if (char === "*" || char === "_") {
      let end = at;
      while (text[end] === char) end++;
      runs.push({ at, run: delimiterRun(text, at, end) });
      at = end;
    } else {
      if (char === "[" || char === "<") bracket = true;
      at++;
    }
  }
  const depth = emphasisDepth(runs.map(({ run }) => run)) + (bracket ? 1 : 0);
  if (flatten && depth > flatten.limit) {
    let segment = 0;
    for (const { at, run } of runs) {
      for (let position = at; position < at + run.length; position++) {
        while (segment + 1 < starts.length && starts[segment + 1]! <= position) segment++;
        flatten.escape(segments[segment]!.line, segments[segment]!.start + position - starts[segment]!);
      }
    }
  }
  return depth;
}

/** Each code span's start, mapped to the index after it: a backtick run closed by the next run of its length. */
function codeSpans(text: string): Map<number, number> {
  const runs = [...text.matchAll(/`+/g)].map((match) => ({ at: match.index, length: match[0].length }));
  const byLength = new Map<number, number[]>();
  runs.forEach((run, index) => {
    const same = byLength.get(run.length);
    if (same) same.push(index);
    else byLength.set(run.length, [index]);
  });
  const next = new Map<number, number>();
  const spans = new Map<number, number>();
  let after = 0;
  runs.forEach((run, index) => {
    if (run.at < after) return;
    const same = byLength.get(run.length)!;
    let pointer = next.get(run.length) ?? 0;
    while (pointer < same.length && same[pointer]! <= index) pointer++;
    next.set(run.length, pointer);
    if (pointer === same.length) return;
    const closer = runs[same[pointer]!]!;
    after = closer.at + closer.length;
    spans.set(run.at, after);
  });
  return spans;
}

function delimiterRun(text: string, start: number, end: number): Run {
  const char = text[start]!;
  const before = text[start - 1] ?? " ";
  const after = text[end] ?? " ";
  const [beforeSpace, afterSpace] = [WHITESPACE.test(before), WHITESPACE.test(after)];
  const [beforePunct, afterPunct] = [PUNCTUATION.test(before), PUNCTUATION.test(after)];
  const left = !afterSpace && (!afterPunct || beforeSpace || beforePunct);
  const right = !beforeSpace && (!beforePunct || afterSpace || afterPunct);
  const canOpen = char === "*" ? left : left && (!right || beforePunct);
  const canClose = char === "*" ? right : right && (!left || afterPunct);
  return { char, count: end - start, length: end - start, canOpen, canClose, inner: 0 };
}

/** The deepest nesting of the emphasis and strong nodes the runs make. `inner`: the deepest node after an opener. */
function emphasisDepth(runs: readonly Run[]): number {
  const stack: Run[] = [];
  // CommonMark's openers_bottom: below it, no opener matches a closer of this kind, so searches stop there.
  const bottom = new Map<string, number>();
  let deepest = 0;
  for (const closer of runs) {
    let made = 0;
    if (closer.canClose) {
      while (closer.count > 0) {
        const kind = `${closer.char}${closer.canOpen}${closer.count % 3}`;
        const floor = Math.min(bottom.get(kind) ?? 0, stack.length);
        let index = stack.length - 1;
        while (index >= floor && !matches(stack[index]!, closer)) index--;
        if (index < floor) {
          bottom.set(kind, stack.length);
          break;
        }
        const opener = stack[index]!;
        let inner = Math.max(opener.inner, made);
        for (const dropped of stack.slice(index + 1)) inner = Math.max(inner, dropped.inner);
        stack.length = index + 1;
        const use = opener.count >= 2 && closer.count >= 2 ? 2 : 1;
        opener.count -= use;
        closer.count -= use;
        // The opener's size changed, so searches that passed it must look at it again.
        for (const [key, floorOf] of bottom) if (floorOf > index) bottom.set(key, index);
        made = inner + 1;
        deepest = Math.max(deepest, made);
        opener.inner = made;
        if (opener.count === 0) stack.pop();
      }
    }
    const top = stack.at(-1);
    if (top) top.inner = Math.max(top.inner, made);
    if (closer.count > 0 && closer.canOpen) stack.push(closer);
  }
  return deepest;
}

function matches(opener: Run, closer: Run): boolean {
  if (opener.char !== closer.char) return false;
  // As micromark applies it: to what is left of each run, not to the runs' first lengths.
  const ruleOfThree = (opener.canClose || closer.canOpen) && closer.count % 3 !== 0 && (opener.count + closer.count) % 3 === 0;
  return !ruleOfThree;
}
