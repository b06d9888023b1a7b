/**
 * The naming of case-study images: every image is WebP files `<base>-<width>.webp` at IMAGE_WIDTHS, and pages
 * and the database hold the widest one's URL. Uploads have a random 32-hex base under /uploads/; the demo
 * images a path of their own.
 */
export const IMAGE_WIDTHS = [480, 960, 1600] as const;
const WIDEST = IMAGE_WIDTHS[2];

export const variantName = (base: string, width: number) => `${base}-${width}.webp`;

/** A stored upload's file name: its random id and one of the widths. */
export const STORED_NAME = new RegExp(`^([0-9a-f]{32})-(${IMAGE_WIDTHS.join("|")})\\.webp$`);

const UPLOADS = "/uploads/";
const WIDEST_VARIANT = new RegExp(`^(.*)-${WIDEST}\\.webp$`);

/** The URL pages show for an upload. */
export const uploadUrl = (id: string) => `${UPLOADS}${variantName(id, WIDEST)}`;

/** The id of an upload's URL; null for anything else (a demo image). */
export function uploadId(url: string | null | undefined): string | null {
  const match = url?.startsWith(UPLOADS) ? STORED_NAME.exec(url.slice(UPLOADS.length)) : null;
  return match?.[2] === String(WIDEST) ? match[1]! : null;
}

/** Responsive image attributes: a srcset over the variants when the URL names the widest one. */
export function responsiveImage(url: string, sizes = "(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw") {
  const base = WIDEST_VARIANT.exec(url)?.[1];
  if (base === undefined) return { src: url };
  return {
    src: variantName(base, 960),
    srcSet: IMAGE_WIDTHS.map((width) => `${variantName(base, width)} ${width}w`).join(", "),
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
