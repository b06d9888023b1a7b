// Every image is WebP files `<base>-<width>.webp` at IMAGE_WIDTHS; pages and the database hold the widest one's URL.
export const IMAGE_WIDTHS = [480, 960, 1600] as const;
const WIDEST = IMAGE_WIDTHS[2];

export const variantName = (base: string, width: number) => `${base}-${width}.webp`;

export const STORED_NAME = new RegExp(`^([0-9a-f]{32})-(${IMAGE_WIDTHS.join("|")})\\.webp$`);

const UPLOADS = "/uploads/";
const WIDEST_VARIANT = new RegExp(`^(.*)-${WIDEST}\\.webp$`);

export const uploadUrl = (id: string) => `${UPLOADS}${variantName(id, WIDEST)}`;

export function uploadId(url: string | null | undefined): string | null {
  const match = url?.startsWith(UPLOADS) ? STORED_NAME.exec(url.slice(UPLOADS.length)) : null;
  return match?.[2] === String(WIDEST) ? match[1]! : null;
}

export function responsiveImage(url: string | null, sizes = "(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw") {
  // Only a draft lacks an image (docs/behaviour.md#drafts): its admin views draw an empty frame.
  if (!url) return {};
  const base = WIDEST_VARIANT.exec(url)?.[1];
  if (base === undefined) return { src: url };
  return {
    src: variantName(base, 960),
    srcSet: IMAGE_WIDTHS.map((width) => `${variantName(base, width)} ${width}w`).join(", "),
    sizes,
  };
}

/** "decorative" (alt="") where the title is already the image's neighbour (lists, cards), so a screen reader does not read it twice. */
export function caseStudyImageAlt(
  study: { title: string; image_alt?: string | null },
  { fallback }: { fallback: "title" | "decorative" },
): string {
  return study.image_alt || (fallback === "title" ? study.title : "");
}

const TWO_WIDTH_DEMO = /^(\/images\/.+)-640\.webp$/;

/**
 * A stored content image (site content: portraits, avatars, the logo): an upload's three widths, the demo
 * portraits' two (`-320` and `-640`), else the file itself.
 */
export function storedImage(url: string, sizes: string) {
  const demo = TWO_WIDTH_DEMO.exec(url)?.[1];
  if (demo !== undefined) return { src: `${demo}-320.webp`, srcSet: `${demo}-320.webp 320w, ${demo}-640.webp 640w`, sizes };
  return responsiveImage(url, sizes);
}
