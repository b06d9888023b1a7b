export type DiffPart = { text: string; change: "same" | "removed" | "added" };

/** Word pairs compared at most: a longer text (a whole legal page rewritten) is shown before and after, unmarked. */
const MAX_COMPARISONS = 250_000;

/**
 * Two texts word by word (the longest common sequence of words): what only `before` has is "removed", what
 * only `after` has is "added". Null when the texts are too long to compare cheaply.
 */
export function wordDiff(before: string, after: string): { before: DiffPart[]; after: DiffPart[] } | null {
  const a = words(before);
  const b = words(after);
  if (a.length * b.length > MAX_COMPARISONS) return null;
  const width = b.length + 1;
  // common[i * width + j]: the length of the longest common sequence of a[i..] and b[j..].
  const common = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      common[i * width + j] =
        a[i] === b[j] ? common[(i + 1) * width + j + 1]! + 1 : Math.max(common[(i + 1) * width + j]!, common[i * width + j + 1]!);
    }
  }
  const left: DiffPart[] = [];
  const right: DiffPart[] = [];
  const push = (parts: DiffPart[], text: string, change: DiffPart["change"]) => {
    const last = parts.at(-1);
    if (last?.change === change) last.text += text;
    else parts.push({ text, change });
  };
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      push(left, a[i++]!, "same");
      push(right, b[j++]!, "same");
    } else if (common[(i + 1) * width + j]! >= common[i * width + j + 1]!) push(left, a[i++]!, "removed");
    else push(right, b[j++]!, "added");
  }
  while (i < a.length) push(left, a[i++]!, "removed");
  while (j < b.length) push(right, b[j++]!, "added");
  return { before: left, after: right };
}

// Each word with the spaces after it: spaces alone would match anywhere and split the marks.
const words = (text: string) => text.match(/\s+$|\s*\S+\s*/g) ?? [];
