import { ListEntryButtons } from "./list-entry-buttons";
import { getInputProps, getTextareaProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { CASE_STUDY_STORY_LIMITS as LIMITS, IMAGE_ALT_MAX_LENGTH } from "~/domain/constants";
import type { CaseStudy, GalleryImage } from "~/domain/types";
import { responsiveImage } from "~/lib/images";
import { controlClass, Field, TextareaField, type placeMessages } from "~/components/forms";
import { buttonClass } from "~/components/ui";
import { MarkdownPreview, type MarkdownPreviewAnswer } from "./markdown-preview";

// The case study editor's summary, Challenge/Approach/Result, gallery and search-engine fields
// (docs/behaviour.md#the-story-in-full). The gallery's add, move and remove buttons are conform intents: answered in
// place with JavaScript, by the action without it (nothing is stored then).

export type StoryFormValues = {
  summary: string;
  challenge: string;
  approach: string;
  result: string;
  gallery: { url: string; alt: string; caption: string }[];
  seo_title: string;
  seo_description: string;
};

export const blankStoryValues: StoryFormValues = {
  summary: "",
  challenge: "",
  approach: "",
  result: "",
  gallery: [],
  seo_title: "",
  seo_description: "",
};

export function storyFormValues(entry: CaseStudy): StoryFormValues {
  return {
    summary: entry.summary ?? "",
    challenge: entry.challenge ?? "",
    approach: entry.approach ?? "",
    result: entry.result ?? "",
    gallery: entry.gallery.map(({ url, alt, caption }: GalleryImage) => ({ url, alt, caption: caption ?? "" })),
    seo_title: entry.seo_title ?? "",
    seo_description: entry.seo_description ?? "",
  };
}

// The editor's fields are typed by its whole form; these parts only read their own, untyped like content-editor.tsx.
type AnyField = FieldMetadata<unknown, Record<string, unknown>, string[]> & {
  getFieldset: () => Record<string, AnyField>;
  getFieldList: () => AnyField[];
};
type AnyForm = FormMetadata<Record<string, unknown>, string[]>;
type Placed = ReturnType<typeof placeMessages>;
type Props = { form: unknown; fields: unknown; placed: Placed };

const sectionClass = "rounded-2xl border border-slate-200 bg-white p-6 shadow-sm";
const markdownHint = (max: number) =>
  `Optional. Markdown: ## headings, - lists, [links](https://example.com), *emphasis*. At most ${max.toLocaleString("en-US")} characters.`;

/** The story's Markdown fields, each with a "Preview". */
export const STORY_MARKDOWN_FIELDS = ["challenge", "approach", "result"] as const;

export function StorySection({
  fields: given,
  placed,
  headingId,
  preview,
}: Props & { headingId: string; preview: MarkdownPreviewAnswer | null | undefined }) {
  const fields = given as Record<string, AnyField>;
  const section = (name: (typeof STORY_MARKDOWN_FIELDS)[number], label: string) => (
    <div>
      <TextareaField
        label={label}
        textareaProps={{ ...getTextareaProps(fields[name]!), id: name, rows: 6, maxLength: LIMITS.section }}
        {...placed.field(fields[name]!.errors)}
        hint={markdownHint(LIMITS.section)}
      />
      <MarkdownPreview name={name} label={label} preview={preview} />
    </div>
  );
  return (
    <section aria-labelledby={headingId} className={sectionClass}>
      <h3 id={headingId} className="text-base font-semibold">
        The story
      </h3>
      <p className="mt-1 text-sm text-slate-600">Shown on the case study&apos;s page under the project insight, each only when written.</p>
      <div className="mt-4 grid gap-5">
        <TextareaField
          label="Summary"
          textareaProps={{ ...getTextareaProps(fields.summary!), id: "summary", rows: 2, maxLength: LIMITS.summary }}
          {...placed.field(fields.summary!.errors)}
          hint={`Optional. Plain text, at most ${LIMITS.summary} characters: the page's lead and its description for search engines.`}
        />
        {section("challenge", "Challenge")}
        {section("approach", "Approach")}
        {section("result", "Result")}
      </div>
    </section>
  );
}

export function GallerySection({ form: givenForm, fields: given, placed, headingId }: Props & { headingId: string }) {
  const form = givenForm as AnyForm;
  const gallery = (given as Record<string, AnyField>).gallery!;
  const items = gallery.getFieldList();
  const full = items.length >= LIMITS.galleryImages;
  return (
    <section aria-labelledby={headingId} className={sectionClass}>
      <h3 id={headingId} className="text-base font-semibold">
        Gallery
      </h3>
      <p id="gallery-hint" className="mt-1 text-sm text-slate-600">
        {`Up to ${LIMITS.galleryImages} more images, shown in this order under the story. Each needs an alt text; a caption is optional.`}
      </p>
      {gallery.errors?.length ? (
        <p id={gallery.errorId} className="mt-2 text-sm text-red-700">
          {[...new Set(gallery.errors)].join(", ")}
        </p>
      ) : null}
      {items.length ? (
        <ol className="mt-4 space-y-4">
          {items.map((item, index) => (
            <GalleryEntry key={item.key} form={form} list={gallery.name} item={item} index={index} count={items.length} placed={placed} />
          ))}
        </ol>
      ) : (
        <p className="mt-4 text-sm text-slate-600">No gallery images yet.</p>
      )}
      <button
        {...form.insert.getButtonProps({ name: gallery.name, defaultValue: { url: "", alt: "", caption: "" } as never })}
        disabled={full}
        className={`${buttonClass.compact.secondary} mt-4`}
      >
        Add a gallery image
      </button>
    </section>
  );
}

function GalleryEntry({
  form,
  list,
  item,
  index,
  count,
  placed,
}: {
  form: AnyForm;
  list: string;
  item: AnyField;
  index: number;
  count: number;
  placed: Placed;
}) {
  const parts = item.getFieldset();
  const url = typeof parts.url?.initialValue === "string" ? parts.url.initialValue : "";
  const title = `Gallery image ${index + 1}`;
  const fileId = `${item.id}-image`;
  // A message several entries share shows once at the form's top; the entries are marked invalid and point at it.
  const image = placed.field([...new Set([...(parts.image?.errors ?? []), ...(parts.url?.errors ?? [])])]);
  const imageErrors = image.errors ?? [];
  const fileErrorId = `${fileId}-error`;
  return (
    <li className="rounded-xl border border-slate-200 bg-slate-50/60 p-4">
      <fieldset>
        <legend className="text-sm font-semibold text-ink">{title}</legend>
        <div className="mt-3 grid gap-4 sm:grid-cols-[6rem_1fr]">
          {url ? (
            <img
              {...responsiveImage(url, "96px")}
              alt=""
              width={96}
              height={60}
              loading="lazy"
              className="aspect-[16/10] w-24 rounded-lg border border-slate-200 bg-white object-cover"
            />
          ) : (
            <span aria-hidden="true" className="hidden aspect-[16/10] w-24 rounded-lg border border-dashed border-slate-300 sm:block" />
          )}
          <div className="space-y-3">
            <input type="hidden" name={parts.url!.name} value={url} />
            <div>
              <label htmlFor={fileId} className="block text-sm font-medium text-ink">
                {url ? "Replace with" : "Image file"}
              </label>
              <input
                id={fileId}
                type="file"
                name={parts.image!.name}
                form={form.id}
                accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
                aria-invalid={imageErrors.length || image.invalid ? true : undefined}
                aria-describedby={[imageErrors.length ? fileErrorId : null, image.describedBy].filter(Boolean).join(" ") || undefined}
                className={`${controlClass.dashboard} cursor-pointer file:mr-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-brand-700`}
              />
              {imageErrors.length ? (
                <p id={fileErrorId} className="mt-1 text-sm text-red-700">
                  {imageErrors.join(", ")}
                </p>
              ) : null}
            </div>
            <Field
              label="Alt text"
              inputProps={{ ...getInputProps(parts.alt!, { type: "text" }), maxLength: IMAGE_ALT_MAX_LENGTH }}
              {...placed.field(parts.alt!.errors)}
              hint="Required: what the image shows, for people who cannot see it."
            />
            <Field
              label="Caption"
              inputProps={{ ...getInputProps(parts.caption!, { type: "text" }), maxLength: LIMITS.caption }}
              {...placed.field(parts.caption!.errors)}
              hint="Optional, shown under the image."
            />
          </div>
        </div>
      </fieldset>
      <ListEntryButtons form={form} name={list} index={index} count={count} title={title} />
    </li>
  );
}

export function SeoSection({
  fields: given,
  placed,
  headingId,
  caseStudy,
  maxUploadMb,
}: Omit<Props, "form"> & { headingId: string; caseStudy?: CaseStudy; maxUploadMb: number }) {
  const fields = given as Record<string, AnyField>;
  const current = caseStudy?.seo_image_url ?? null;
  const imageErrors = [...new Set([...(fields.seo_image?.errors ?? []), ...(fields.seo_image_url?.errors ?? [])])];
  return (
    <section aria-labelledby={headingId} className={sectionClass}>
      <h3 id={headingId} className="text-base font-semibold">
        Search engines and sharing
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        Optional: each one left empty uses the page&apos;s own (the title, the summary, the cover).
      </p>
      <div className="mt-4 grid gap-5">
        <Field
          label="Search-engine title"
          inputProps={{ ...getInputProps(fields.seo_title!, { type: "text" }), id: "seo_title", maxLength: LIMITS.seoTitle }}
          {...placed.field(fields.seo_title!.errors)}
          hint={`At most ${LIMITS.seoTitle} characters; the site's name is added after it.`}
        />
        <TextareaField
          label="Search-engine description"
          textareaProps={{ ...getTextareaProps(fields.seo_description!), id: "seo_description", rows: 2, maxLength: LIMITS.seoDescription }}
          {...placed.field(fields.seo_description!.errors)}
          hint={`At most ${LIMITS.seoDescription} characters.`}
        />
        <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
          <div>
            <label htmlFor="seo_image" className="block text-sm font-medium text-ink">
              Social image
            </label>
            <input
              id="seo_image"
              type="file"
              name="seo_image"
              accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
              aria-invalid={imageErrors.length ? true : undefined}
              aria-describedby={["seo_image-hint", imageErrors.length ? "seo_image-error" : null].filter(Boolean).join(" ")}
              className={`${controlClass.dashboard} cursor-pointer file:mr-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-brand-700`}
            />
            <p id="seo_image-hint" className="mt-1 text-xs text-slate-600">
              {`Shown when the page is shared (1200 × 630 suits most networks). JPEG, PNG, WebP, AVIF or GIF, up to ${maxUploadMb} MB.`}
            </p>
            {imageErrors.length ? (
              <p id="seo_image-error" className="mt-1 text-sm text-red-700">
                {imageErrors.join(", ")}
              </p>
            ) : null}
            {current ? (
              <label className="mt-3 flex items-center gap-2 text-sm text-slate-700">
                {/* Sent empty, the field clears the social image; not sent, it stays. */}
                <input type="checkbox" name="seo_image_url" value="" className="h-4 w-4 rounded border-slate-300 accent-brand-600" />
                Remove the social image
              </label>
            ) : null}
          </div>
          {current ? (
            <figure>
              <img
                {...responsiveImage(current, "10rem")}
                alt=""
                width={160}
                height={84}
                className="aspect-[1200/630] w-40 rounded-lg border border-slate-200 bg-slate-100 object-cover"
              />
              <figcaption className="mt-1 text-xs text-slate-600">Current social image</figcaption>
            </figure>
          ) : null}
        </div>
      </div>
    </section>
  );
}
