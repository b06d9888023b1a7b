import { MARKDOWN_MAX_DEPTH, markdownTooDeep } from "~/lib/markdown-depth";
import { CASE_STUDY_STORY_LIMITS as LIMITS, IMAGE_ALT_MAX_LENGTH } from "./constants";
import { CONTENT_IMAGE_PATH, CONTENT_IMAGE_URL_PATTERN } from "./content-schemas";
import { messages } from "./messages";
import { z } from "./zod-openapi";

// A case study's summary, Challenge/Approach/Result, gallery and search-engine fields (docs/behaviour.md#the-story-in-full),
// spread into schemas.ts's caseStudyInput. Safe for the browser: no server imports.

/** Browsers send a textarea's line breaks as CRLF: stored and counted as one character each, as the form counts them. */
const oneLineBreak = (value: unknown) => (typeof value === "string" ? value.replace(/\r\n?/g, "\n") : value);

/** Absent keeps the stored value on update; empty or null clears it. */
const optionalText = (field: string, max: number) =>
  z
    .preprocess(
      oneLineBreak,
      z
        .string({ invalid_type_error: messages.caseStudyTextInvalid(field) })
        .trim()
        .max(max, messages.caseStudyTextTooLong(field, max))
        .nullable()
        .optional(),
    )
    .transform((value) => (value === undefined ? undefined : value || null));

/** A section in Markdown: nesting past MARKDOWN_MAX_DEPTH is refused (docs/security.md#nesting-depth). */
const markdownText = (field: string, max: number) =>
  optionalText(field, max).refine((value) => !value || !markdownTooDeep(value), messages.markdownTooDeep(field, MARKDOWN_MAX_DEPTH));

/** The API's wording of a stored image (docs/api.md#case-study-images). */
export const STORED_IMAGE_URL =
  "An image already stored: an upload's address as the API gives it (absolute, or root-relative `/uploads/<32 hex digits>-1600.webp`, e.g. from POST /api/content/images) or one of the site's own images (`/images/…`).";

/** An image the site already serves: an upload (`/uploads/…`) or one of its own files (`/images/…`). */
const storedImageUrl = z
  .string({ invalid_type_error: messages.storedImageInvalid })
  .trim()
  .regex(CONTENT_IMAGE_PATH, messages.storedImageInvalid)
  .openapi({ pattern: CONTENT_IMAGE_URL_PATTERN });

const galleryAlt = z
  .string({ required_error: messages.galleryAltRequired, invalid_type_error: messages.galleryAltRequired })
  .trim()
  .min(1, messages.galleryAltRequired)
  .max(IMAGE_ALT_MAX_LENGTH, messages.imageAltTooLong(IMAGE_ALT_MAX_LENGTH));

const galleryCaption = optionalText("caption", LIMITS.caption).transform((value) => value ?? null);

const galleryList = <Item extends z.ZodTypeAny>(item: Item) =>
  z
    .array(item, { invalid_type_error: messages.galleryInvalid })
    .max(LIMITS.galleryImages, messages.galleryTooMany(LIMITS.galleryImages))
    .optional();

/** As JSON: images already stored, in their order. */
const galleryImageInput = z.object(
  { url: storedImageUrl, alt: galleryAlt, caption: galleryCaption },
  { invalid_type_error: messages.galleryInvalid },
);

const section = LIMITS.section.toLocaleString("en-US");

export const caseStudyStoryFields = {
  summary: optionalText("summary", LIMITS.summary).openapi({
    description: `Plain text, at most ${LIMITS.summary} characters: the page's lead and its meta description. Empty or null for none; left out: unchanged when updating.`,
  }),
  challenge: markdownText("challenge", LIMITS.section).openapi({
    description: `Markdown (headings, lists, links, emphasis; no raw HTML), at most ${section} characters, nested at most ${MARKDOWN_MAX_DEPTH} deep. Empty or null for none.`,
  }),
  approach: markdownText("approach", LIMITS.section).openapi({
    description: `Markdown, at most ${section} characters. Empty or null for none.`,
  }),
  result: markdownText("result", LIMITS.section).openapi({
    description: `Markdown, at most ${section} characters. Empty or null for none.`,
  }),
  gallery: galleryList(galleryImageInput).openapi({
    description: `Up to ${LIMITS.galleryImages} images in their order, each \`{ url, alt, caption }\`: \`url\` ${STORED_IMAGE_URL.charAt(0).toLowerCase()}${STORED_IMAGE_URL.slice(1)} \`alt\` is required (at most ${IMAGE_ALT_MAX_LENGTH} characters), \`caption\` optional (at most ${LIMITS.caption}). The whole list: \`[]\` for none; left out, unchanged. An image no entry keeps is deleted unless a kept version still shows it.`,
  }),
  seo_title: optionalText("search-engine title", LIMITS.seoTitle).openapi({
    description: `At most ${LIMITS.seoTitle} characters: the page's title for search engines instead of the case study's. Empty or null for none.`,
  }),
  seo_description: optionalText("search-engine description", LIMITS.seoDescription).openapi({
    description: `At most ${LIMITS.seoDescription} characters: the page's meta description instead of the summary. Empty or null for none.`,
  }),
  /** A stored image, or empty or null for none (the cover then). */
  seo_image_url: (
    z.preprocess((value) => (value === "" ? null : value), storedImageUrl.nullable().optional()) as z.ZodType<
      string | null | undefined,
      z.ZodTypeDef,
      unknown
    >
  ).openapi({
    pattern: CONTENT_IMAGE_URL_PATTERN,
    description: `The image shown when the page is shared (og:image, twitter:image, JSON-LD) instead of the cover. ${STORED_IMAGE_URL} Empty or null for none.`,
  }),
};

const isFile = (value: unknown): value is File => typeof File !== "undefined" && value instanceof File;

/** Browsers send an empty file part when none was chosen, which is no image. */
const optionalFile = z.preprocess(
  (value) => (isFile(value) && value.size > 0 ? value : undefined),
  z.custom<File>(isFile).optional(),
) as z.ZodType<File | undefined, z.ZodTypeDef, unknown>;

const blankToUndefined = (value: unknown) => (value === "" || value === null ? undefined : value);

/** A gallery entry of a form: a new file, or the url of the image it already has (a new file replaces it). */
const galleryEntryInput = z
  .object(
    {
      url: z.preprocess(blankToUndefined, storedImageUrl.optional()) as z.ZodType<string | undefined, z.ZodTypeDef, unknown>,
      image: optionalFile,
      alt: galleryAlt,
      caption: galleryCaption,
    },
    { invalid_type_error: messages.galleryInvalid },
  )
  .superRefine((entry, context) => {
    if (!entry.url && !entry.image) context.addIssue({ code: "custom", path: ["image"], message: messages.galleryImageRequired });
  });

export type GalleryEntryInput = z.output<typeof galleryEntryInput>;

/** The fields with files, for the forms and the API's multipart bodies. */
export const caseStudyStoryUploads = {
  gallery: galleryList(galleryEntryInput),
  seo_image: optionalFile,
};
