/** Page content of a realistic weight: each section a heading, a paragraph and five points. */
export function sections(count: number) {
  return Array.from({ length: count }, (_, index) => ({
    id: index,
    title: `Section ${index + 1}: what we do and how we work`,
    text: "We plan, design, build and measure digital products with the people who use them, in short steps that ship something real every week. ".repeat(
      4,
    ),
    points: Array.from({ length: 5 }, (_, point) => `Point ${point + 1} of section ${index + 1}: a clear outcome the client can check`),
  }));
}
