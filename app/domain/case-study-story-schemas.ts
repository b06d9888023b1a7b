import { z } from "zod";
import { MARKDOWN_MAX_DEPTH, markdownTooDeep } from "~/lib/markdown-depth";
import { CASE_STUDY_STORY_LIMITS as LIMITS, IMAGE_ALT_MAX_LENGTH } from "./constants";
import { CONTENT_IMAGE_PATH } from "./content-schemas";
import { messages } from "./messages";

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

/** An image the site already serves: an upload (`/uploads/…`) or one of its own files (`/images/…`). */
const storedImageUrl = z
  .string({ invalid_type_error: messages.storedImageInvalid })
  .trim()
  .regex(CONTENT_IMAGE_PATH, messages.storedImageInvalid);

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

export const caseStudyStoryFields = {
  summary: optionalText("summary", LIMITS.summary),
  challenge: markdownText("challenge", LIMITS.section),
  approach: markdownText("approach", LIMITS.section),
  result: markdownText("result", LIMITS.section),
  gallery: galleryList(galleryImageInput),
  seo_title: optionalText("search-engine title", LIMITS.seoTitle),
  seo_description: optionalText("search-engine description", LIMITS.seoDescription),
  /** A stored image, or empty or null for none (the cover then). */
  seo_image_url: z.preprocess((value) => (value === "" ? null : value), storedImageUrl.nullable().optional()) as z.ZodType<
    string | null | undefined,
    z.ZodTypeDef,
    unknown
  >,
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
