import { describe, expect, it } from "vitest";
import { wordDiff, type DiffPart } from "~/lib/word-diff";

/** Removed words as [-…-], added ones as {+…+}. */
const shown = (parts: DiffPart[]) =>
  parts.map(({ text, change }) => (change === "removed" ? `[-${text}-]` : change === "added" ? `{+${text}+}` : text)).join("");

describe("wordDiff", () => {
  it("marks the words only one side has, keeping the rest as it was", () => {
    const diff = wordDiff("We build apps fast.", "We design and build apps.")!;
    expect(shown(diff.before)).toBe("We build [-apps fast.-]");
    expect(shown(diff.after)).toBe("We {+design and +}build {+apps.+}");
    expect(diff.before.filter((part) => part.change === "added")).toEqual([]);
  });

  it("gives up on texts too long to compare cheaply, and marks a new text whole", () => {
    const long = Array.from({ length: 600 }, (_, index) => `word${index}`).join(" ");
    expect(wordDiff(long, `${long} more`)).toBeNull();
    expect(wordDiff("", "New text")).toEqual({ before: [], after: [{ text: "New text", change: "added" }] });
  });
});
