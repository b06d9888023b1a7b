import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { Form, Link, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect, useId, useMemo, useRef, useState, type ChangeEvent } from "react";
import { caseStudyStatusOptions, DEFAULT_CASE_STUDY_STATUS, type CaseStudyStatus } from "~/domain/case-study-status";
import { IMAGE_ALT_MAX_LENGTH, OUTCOMES_PER_CASE_STUDY, REDIRECT_DELAY_MS } from "~/domain/constants";
import { caseStudyFormSchemas } from "~/domain/schemas";
import { wallTimeIn, zoneAbbreviation } from "~/domain/time-zone";
import { useTimeZone } from "~/hooks/use-studio-time";
import { SLUG_MAX_LENGTH, type CaseStudyChoices } from "~/domain/shared";
import type { CaseStudy, Outcome } from "~/domain/types";
import { responsiveImage } from "~/lib/images";
import { IndustryField } from "~/components/dashboard/industry-field";
import { isFeaturedValue, PortfolioFields, submittedValues } from "~/components/dashboard/case-study-portfolio-fields";
import {
  blankStoryValues,
  GallerySection,
  SeoSection,
  StorySection,
  storyFormValues,
  type StoryFormValues,
} from "~/components/dashboard/case-study-story-fields";
import { FormError } from "~/components/dashboard/dashboard-ui";
import { checkWith, controlClass, Field, fieldByField, placeMessages, TextareaField } from "~/components/forms";
import { buttonClass } from "~/components/ui";
import type { CaseStudyAnswer } from "./__case-study-editor.server";

export type CaseStudyFormValues = {
  title: string;
  client: string;
  industry: string;
  project_insight: string;
  technologies: string;
  outcomes: Outcome[];
  website_url: string;
  status: CaseStudyStatus;
  /** Empty: the page uses the title. */
  image_alt: string;
  /** `datetime-local` values: wall times in the studio's zone; empty: none. */
  publish_at: string;
  unpublish_at: string;
  /** Empty: made from the title. */
  slug: string;
  services: string[];
  featured: boolean;
  image?: undefined;
} & StoryFormValues;

/** "2026-12-01T10:00" on the studio's clock, as a `datetime-local` field shows it. */
const wallTime = (iso: string | null, zone: string) => (iso ? wallTimeIn(iso, zone) : "");

export function outcomeRows(outcomes: ReadonlyArray<Partial<Outcome> | null | undefined> | undefined): Outcome[] {
  return Array.from({ length: OUTCOMES_PER_CASE_STUDY }, (_, index) => ({
    label: outcomes?.[index]?.label ?? "",
    value: outcomes?.[index]?.value ?? "",
  }));
}

const blankCaseStudyValues: CaseStudyFormValues = {
  title: "",
  client: "",
  industry: "",
  project_insight: "",
  technologies: "",
  outcomes: outcomeRows([]),
  website_url: "",
  status: DEFAULT_CASE_STUDY_STATUS,
  image_alt: "",
  publish_at: "",
  unpublish_at: "",
  slug: "",
  services: [],
  featured: false,
  ...blankStoryValues,
};

function caseStudyFormValues(entry: CaseStudy, zone: string): CaseStudyFormValues {
  return {
    title: entry.title,
    client: entry.client,
    industry: entry.industry,
    project_insight: entry.project_insight,
    technologies: entry.technologies.join(", "),
    outcomes: outcomeRows(entry.outcomes),
    website_url: entry.website_url ?? "",
    status: entry.status,
    image_alt: entry.image_alt ?? "",
    publish_at: wallTime(entry.publish_at, zone),
    unpublish_at: wallTime(entry.unpublish_at, zone),
    // An entry not yet given a slug shows at its id, which is no slug to keep.
    slug: entry.slug === entry.id ? "" : entry.slug,
    services: entry.services,
    featured: entry.featured,
    ...storyFormValues(entry),
  };
}

function messagesUnder(errors: Record<string, string[] | null | undefined>, prefix: string): string[] {
  return [
    ...new Set(
      Object.entries(errors)
        .filter(([key]) => key === prefix || key.startsWith(`${prefix}.`) || key.startsWith(`${prefix}[`))
        .flatMap(([, list]) => list ?? []),
    ),
  ];
}

const outcomePlaceholders = {
  label: ["e.g. Conversion rate", "e.g. Page load time", "e.g. Monthly users"],
  value: ["e.g. +35%", "e.g. 1.2 s", "e.g. 50k"],
} as const;

const statusHints: Record<CaseStudyStatus, string> = {
  published: "On the public site, the API and the sitemap.",
  draft:
    "Only admins see it: in the dashboard, and on its own page when signed in. A title is enough to save it; publishing needs every field.",
};

const LIST = "/dashboard/case-studies/list";

type Props = {
  caseStudy?: CaseStudy;
  choices: CaseStudyChoices;
  answer: CaseStudyAnswer | undefined;
  maxUploadMb: number;
};

export function CaseStudyEditor({ caseStudy, choices, answer, maxUploadMb }: Props) {
  const editing = Boolean(caseStudy);
  const navigation = useNavigation();
  const navigate = useNavigate();
  const refused = answer?.ok === false ? answer : null;
  const saved = answer?.ok ? answer : null;
  const zone = useTimeZone();
  // The same schema as the server's, reading the schedule in the studio's zone.
  const check = useMemo(() => {
    const schemas = caseStudyFormSchemas(zone);
    return checkWith(editing ? schemas.update : schemas.create, { submit: "server" });
  }, [zone, editing]);
  const abbreviation = zoneAbbreviation(new Date(), zone);
  const zoneLabel = abbreviation === zone ? zone : `${zone}, ${abbreviation}`;

  const [form, fields] = useForm({
    id: "case-study",
    defaultValue: caseStudy ? caseStudyFormValues(caseStudy, zone) : blankCaseStudyValues,
    lastResult: answer?.result,
    onValidate: check,
    ...fieldByField,
  });

  const fileRef = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  // conform's reset (after an upload) gives the form a new key: the chosen file and its preview go too.
  useEffect(() => {
    if (fileRef.current) fileRef.current.value = "";
    setPreview(null);
  }, [form.key]);

  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => navigate(saved.redirectTo, { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [saved, navigate]);

  const placed = placeMessages(form, (name) => (name.startsWith(fields.outcomes.name) ? fields.outcomes.name : name));
  const message = placed.message;
  // After a refusal with JavaScript the page does not reload: bring the form's message, or else the first field
  // refused, into view once conform has them.
  const errorRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const shownRefusal = useRef<unknown>(null);
  useEffect(() => {
    if (!refused || shownRefusal.current === refused) return;
    const target = message ? errorRef.current : formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!target) return;
    shownRefusal.current = refused;
    target.focus();
  });

  // The image itself was refused: the chosen file is dropped, so a new one is asked for.
  const imageRefused = Boolean(refused?.result.error?.image);
  useEffect(() => {
    if (!imageRefused) return;
    if (fileRef.current) fileRef.current.value = "";
    setPreview(null);
  }, [refused, imageRefused]);

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    setPreview(file && file.type.startsWith("image/") ? URL.createObjectURL(file) : null);
  }

  // A Markdown field's Preview saves nothing: the save button keeps its label meanwhile.
  const previewing = String(navigation.formData?.get("intent") ?? "").startsWith("preview:");
  const sending = navigation.state !== "idle" && navigation.formMethod === "POST" && !previewing;
  const busy = sending || Boolean(saved);
  const idle = editing ? "Update Case Study" : "Create Case Study";
  const working = editing ? "Updating..." : "Creating...";

  const outcomesError = messagesUnder(form.allErrors, "outcomes").join(", ") || undefined;
  const imageErrors = messagesUnder(form.allErrors, "image");
  const imageHint = editing
    ? `JPEG, PNG, WebP, AVIF or GIF, up to ${maxUploadMb} MB. Leave empty to keep the current image.`
    : `JPEG, PNG, WebP, AVIF or GIF, up to ${maxUploadMb} MB.`;
  const again =
    refused?.imageChosen && !imageErrors.length ? "Please choose the image again: it could not be kept after the page reloaded." : null;
  // What the action received (what the form shows): blank outcome rows are marked when the outcomes are refused.
  const outcomes = outcomeRows(fields.outcomes.initialValue as Partial<Outcome>[] | undefined);
  const outcomeName = (index: number, half: keyof Outcome) => `${fields.outcomes.name}[${index}].${half}`;
  const uid = useId();

  return (
    <Form
      ref={formRef}
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      aria-busy={sending || undefined}
      className="lg:grid lg:grid-cols-[minmax(0,1fr)_17rem] lg:items-start lg:gap-6"
    >
      <div className="space-y-6">
        {message ? (
          <div ref={errorRef} tabIndex={-1} className="scroll-mt-6 outline-none">
            <FormError id={form.errorId} message={message} />
          </div>
        ) : null}

        <section aria-labelledby={`${uid}-details`} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <h3 id={`${uid}-details`} className="text-base font-semibold">
            Project details
          </h3>
          <div className="mt-4 grid gap-5 md:grid-cols-2">
            <Field
              className="md:col-span-2"
              label="Case Study Title"
              inputProps={{ ...getInputProps(fields.title, { type: "text" }), id: "title", required: true }}
              {...placed.field(fields.title.errors)}
            />
            <Field
              className="md:col-span-2"
              label="Web address"
              inputProps={{
                ...getInputProps(fields.slug, { type: "text" }),
                id: "slug",
                autoCapitalize: "none",
                autoCorrect: "off",
                spellCheck: false,
                placeholder: "Made from the title",
              }}
              {...placed.field(fields.slug.errors)}
              hint={`The page is /case-studies/ and this: lowercase letters, digits and hyphens, at most ${SLUG_MAX_LENGTH} characters; what you type is converted (“Café Ünïon” becomes cafe-union). Empty: made from the title. Another case study's address, current or former, cannot be used. After a change the old address still leads here.`}
            />
            <Field
              label="Client"
              inputProps={{ ...getInputProps(fields.client, { type: "text" }), id: "client" }}
              {...placed.field(fields.client.errors)}
            />
            <IndustryField
              inputProps={{ ...getInputProps(fields.industry, { type: "text" }), id: "industry" }}
              industries={choices.industries}
              {...placed.field(fields.industry.errors)}
            />
            <TextareaField
              className="md:col-span-2"
              label="Project Insight"
              textareaProps={{ ...getTextareaProps(fields.project_insight), id: "project_insight", rows: 4 }}
              {...placed.field(fields.project_insight.errors)}
            />
            <Field
              label="Technologies"
              inputProps={{
                ...getInputProps(fields.technologies, { type: "text" }),
                id: "technologies",
                placeholder: "React, Node.js, MongoDB",
              }}
              {...placed.field(fields.technologies.errors)}
              hint="Separate them with commas."
            />
            <Field
              label="Website URL"
              inputProps={{
                ...getInputProps(fields.website_url, { type: "url" }),
                id: "website_url",
                inputMode: "url",
                placeholder: "https://example.com",
              }}
              {...placed.field(fields.website_url.errors)}
              hint="Optional."
            />
          </div>
        </section>

        <PortfolioFields
          formId={form.id}
          services={choices.services}
          chosen={submittedValues(fields.services.initialValue)}
          featured={isFeaturedValue(fields.featured.initialValue)}
          servicesErrors={messagesUnder(form.allErrors, "services")}
          featuredErrors={fields.featured.errors}
        />
        <StorySection form={form} fields={fields} placed={placed} headingId={`${uid}-story`} preview={refused?.preview} />

        <section aria-labelledby={`${uid}-outcomes`} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <h3 id={`${uid}-outcomes`} className="text-base font-semibold">
            Outcomes
          </h3>
          <p id="outcomes-hint" className="mt-1 text-sm text-slate-600">
            Three headline results, each with a label and a value.
          </p>
          <div className="mt-4 grid gap-4 lg:grid-cols-3">
            {outcomes.map((outcome, index) => {
              // One message for the three rows, below them; the blank halves are marked invalid.
              const describedBy = outcomesError ? "outcomes-error" : undefined;
              return (
                <fieldset key={index} className="rounded-xl border border-slate-200 bg-slate-50 p-4">
                  <legend className="px-1 text-sm font-semibold text-ink">{`Outcome ${index + 1}`}</legend>
                  <div className="space-y-3">
                    {(["label", "value"] as const).map((part) => (
                      <Field
                        key={part}
                        label={part === "label" ? "Label" : "Value"}
                        inputProps={{
                          id: `outcome-${index}-${part}`,
                          name: outcomeName(index, part),
                          form: form.id,
                          type: "text",
                          placeholder: outcomePlaceholders[part][index],
                          defaultValue: outcome[part],
                        }}
                        invalid={Boolean(outcomesError) && !outcome[part].trim()}
                        describedBy={describedBy}
                      />
                    ))}
                  </div>
                </fieldset>
              );
            })}
          </div>
          {outcomesError ? (
            <p id="outcomes-error" className="mt-3 text-sm text-red-700">
              {outcomesError}
            </p>
          ) : null}
        </section>

        <section aria-labelledby={`${uid}-image`} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <h3 id={`${uid}-image`} className="text-base font-semibold">
            Image
          </h3>
          <div className="mt-4 grid gap-6 md:grid-cols-[1fr_16rem]">
            <div>
              <label htmlFor="image" className="block text-sm font-medium text-ink">
                Case Study Image
              </label>
              <input
                ref={fileRef}
                id="image"
                name={fields.image.name}
                form={form.id}
                type="file"
                accept="image/*"
                onChange={choose}
                aria-invalid={imageErrors.length ? true : undefined}
                aria-describedby={[imageErrors.length ? "image-error" : null, again ? "image-again" : null, "image-hint"]
                  .filter(Boolean)
                  .join(" ")}
                className={`${controlClass.dashboard} cursor-pointer file:mr-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-brand-700 hover:file:bg-brand-100`}
              />
              <p id="image-hint" className="mt-1 text-xs text-slate-600">
                {imageHint}
              </p>
              {imageErrors.length ? (
                <p id="image-error" className="mt-1 text-sm text-red-700">
                  {imageErrors.join(", ")}
                </p>
              ) : null}
              {again ? (
                <p id="image-again" className="no-js-only mt-1 text-sm text-amber-800">
                  {again}
                </p>
              ) : null}
              <Field
                className="mt-5"
                label="Image alt text"
                inputProps={{ ...getInputProps(fields.image_alt, { type: "text" }), id: "image_alt", maxLength: IMAGE_ALT_MAX_LENGTH }}
                {...placed.field(fields.image_alt.errors)}
                hint="What the image shows, for people who cannot see it. Optional: empty uses the title."
              />
            </div>
            <ImagePreview preview={preview} imageUrl={caseStudy?.image_url} />
          </div>
        </section>

        <GallerySection form={form} fields={fields} placed={placed} headingId={`${uid}-gallery`} />

        <SeoSection fields={fields} placed={placed} headingId={`${uid}-seo`} caseStudy={caseStudy} maxUploadMb={maxUploadMb} />
      </div>

      {/* Last in the flow on a phone; beside the fields, in view while they scroll, on a wide screen. */}
      <aside
        aria-label="Status and saving"
        className="mt-6 space-y-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm lg:sticky lg:top-20 lg:mt-0 lg:max-h-[calc(100vh-6rem)] lg:overflow-y-auto"
      >
        <fieldset aria-describedby={fields.status.errors?.length ? "status-error" : undefined}>
          <legend className="float-left w-full text-base font-semibold">Status</legend>
          <div className="clear-both grid gap-3 pt-3 sm:grid-cols-2 lg:grid-cols-1">
            {caseStudyStatusOptions.map((option) => (
              <label
                key={option.value}
                className="flex cursor-pointer gap-3 rounded-xl border border-slate-200 p-3 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50"
              >
                <input
                  {...getInputProps(fields.status, { type: "radio", value: option.value })}
                  id={`status-${option.value}`}
                  // Named by its label's first line alone, described by the second.
                  aria-labelledby={`status-${option.value}-label`}
                  aria-describedby={`status-${option.value}-hint`}
                  className="mt-1 h-4 w-4 accent-brand-600"
                />
                <span>
                  <span id={`status-${option.value}-label`} className="block text-sm font-medium text-ink">
                    {option.label}
                  </span>
                  <span id={`status-${option.value}-hint`} className="block text-xs text-slate-600">
                    {statusHints[option.value]}
                  </span>
                </span>
              </label>
            ))}
          </div>
          {fields.status.errors?.length ? (
            <p id="status-error" className="mt-2 text-sm text-red-700">
              {fields.status.errors.join(", ")}
            </p>
          ) : null}
          <div className="mt-5 grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
            <Field
              label={`Publish at (${zoneLabel})`}
              inputProps={{ ...getInputProps(fields.publish_at, { type: "datetime-local" }), id: "publish_at" }}
              {...placed.field(fields.publish_at.errors)}
              hint="For a draft: it goes live within a minute of this time. Empty: no schedule."
            />
            <Field
              label={`Unpublish at (${zoneLabel})`}
              inputProps={{ ...getInputProps(fields.unpublish_at, { type: "datetime-local" }), id: "unpublish_at" }}
              {...placed.field(fields.unpublish_at.errors)}
              hint="It goes back to draft within a minute of this time. Empty: it stays up."
            />
          </div>
        </fieldset>

        <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-5">
          <button type="submit" disabled={busy} className={buttonClass.compact.primary}>
            {sending ? working : idle}
          </button>
          <Link to={LIST} className={buttonClass.compact.secondary}>
            Cancel
          </Link>
          {saved ? (
            <p role="status" className="text-sm text-slate-600">
              Returning to the case study list...
            </p>
          ) : null}
        </div>
      </aside>
    </Form>
  );
}

function ImagePreview({ preview, imageUrl }: { preview: string | null; imageUrl?: string | null }) {
  const frame = "aspect-[16/10] w-full overflow-hidden rounded-xl border border-slate-200 bg-slate-100";
  if (preview) {
    return (
      <figure>
        <div className={frame}>
          <img src={preview} alt="Preview of the chosen file" className="h-full w-full object-cover" />
        </div>
        <figcaption className="mt-1 text-xs text-slate-600">New image</figcaption>
      </figure>
    );
  }
  if (imageUrl) {
    return (
      <figure>
        <div className={frame}>
          <img {...responsiveImage(imageUrl, "16rem")} alt="Current cover of the case study" className="h-full w-full object-cover" />
        </div>
        <figcaption className="mt-1 text-xs text-slate-600">Current image</figcaption>
      </figure>
    );
  }
  return (
    <div className={`${frame} flex items-center justify-center border-dashed text-center text-xs text-slate-600`}>
      <span className="px-4">The preview of the chosen image shows here.</span>
    </div>
  );
}
