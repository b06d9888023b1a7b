/**
 * Responsive image attributes for case-study images. Images stored as `<name>-1600.webp` come with
 * `-480` and `-960` siblings (the demo images, and uploads once resized), so pages can offer a srcset.
 */
export const IMAGE_WIDTHS = [480, 960, 1600] as const;

export function responsiveImage(url: string, sizes = "(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw") {
  const match = /^(.*)-1600\.webp$/.exec(url);
  if (!match) return { src: url };
  return {
    src: `${match[1]}-960.webp`,
    srcSet: IMAGE_WIDTHS.map((width) => `${match[1]}-${width}.webp ${width}w`).join(", "),
    sizes,
  };
}

/**
 * The alt text of a case study's image (docs/behaviour.md#case-studies): the written alt text when there is one.
 * Without one, `fallback` decides: "title" where the image is the page's picture of the study (its own page),
 * "decorative" (alt="") where the title is already the image's neighbour in the same card or row, as a heading
 * or link (lists, cards), so that a screen reader does not read the title twice.
 */
export function caseStudyImageAlt(study: { title: string; image_alt?: string | null }, { fallback }: { fallback: "title" | "decorative" }): string {
  return study.image_alt || (fallback === "title" ? study.title : "");
}
