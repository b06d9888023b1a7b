import type { CaseStudy } from "~/domain/types";
import { parseMarkdown, type MarkdownBlock } from "~/lib/markdown.server";

type StorySection = { id: "challenge" | "approach" | "result"; title: string; blocks: MarkdownBlock[] };

const SECTIONS = [
  { id: "challenge", title: "Challenge" },
  { id: "approach", title: "Approach" },
  { id: "result", title: "Result" },
] as const;

/** The written sections of a case study, in the page's order, each parsed into a safe tree (markdown.server.ts). */
export function storySections(study: Pick<CaseStudy, StorySection["id"]>): StorySection[] {
  return SECTIONS.flatMap(({ id, title }) => {
    const source = study[id];
    return source ? [{ id, title, blocks: parseMarkdown(source).blocks }] : [];
  });
}
