import { Form, Link, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type ChangeEvent } from "react";
import { OUTCOMES_PER_CASE_STUDY, REDIRECT_DELAY_MS } from "~/domain/constants";
import type { CaseStudy, Outcome } from "~/domain/types";
import { responsiveImage } from "~/lib/images";
import { ScriptedField } from "../scripted-field";
import { Field, FormError, TextArea, buttonClass, inputClass } from "./ui";

/** The case study form of the dashboard, shared by the upload and edit screens (SPEC §2 "Case study form"). */

export type CaseStudyFormValues = {
  title: string;
  client: string;
  industry: string;
  project_insight: string;
  /** Comma-separated, as typed. */
  technologies: string;
  outcomes: Outcome[];
  website_url: string;
};

export type CaseStudyFailure = {
  ok: false;
  message: string;
  errors: Record<string, string[]>;
  /** What was typed; null when the body could not be read at all. */
  values: CaseStudyFormValues | null;
  /** A good image had been chosen, but the page was reloaded (no JavaScript) so it must be chosen again. */
  imageChosen: boolean;
};

export type CaseStudySaved = { ok: true; redirectTo: string };
export type CaseStudyActionResult = CaseStudySaved | CaseStudyFailure;

/** Three outcome rows, blank where missing (SPEC §3). */
export function outcomeRows(outcomes: Outcome[] | undefined): Outcome[] {
  return Array.from({ length: OUTCOMES_PER_CASE_STUDY }, (_, index) => ({
    label: outcomes?.[index]?.label ?? "",
    value: outcomes?.[index]?.value ?? "",
  }));
}

export const blankCaseStudyValues: CaseStudyFormValues = {
  title: "",
  client: "",
  industry: "",
  project_insight: "",
  technologies: "",
  outcomes: outcomeRows([]),
  website_url: "",
};

export function caseStudyFormValues(entry: CaseStudy): CaseStudyFormValues {
  return {
    title: entry.title,
    client: entry.client,
    industry: entry.industry,
    project_insight: entry.project_insight,
    technologies: entry.technologies.join(", "),
    outcomes: outcomeRows(entry.outcomes),
    website_url: entry.website_url ?? "",
  };
}

/** Every message of the fields whose key starts with `prefix` (e.g. `outcomes`, `outcomes.0.label`), joined by commas. */
function messagesFor(errors: Record<string, string[]>, prefix: string): string | undefined {
  const found = Object.entries(errors)
    .filter(([key]) => key === prefix || key.startsWith(`${prefix}.`) || key.startsWith(`${prefix}[`))
    .flatMap(([, list]) => list);
  return found.length ? [...new Set(found)].join(", ") : undefined;
}

type Props = {
  mode: "create" | "edit";
  /** The entry's values (edit) or blank ones (create). */
  initial: CaseStudyFormValues;
  /** The current image (edit). */
  imageUrl?: string | null;
  result: CaseStudyActionResult | undefined;
  maxUploadMb: number;
  listHref: string;
};

export function CaseStudyForm({ mode, initial, imageUrl, result, maxUploadMb, listHref }: Props) {
  const editing = mode === "edit";
  const navigation = useNavigation();
  const navigate = useNavigate();
  const failed = result && !result.ok ? result : null;
  const saved = result?.ok ? result : null;
  const errors = failed?.errors ?? {};
  const values = failed?.values ?? initial;

  // Remounting the form empties it (after a successful upload); after an error it stays as typed.
  const [formKey, setFormKey] = useState(0);
  const fileRef = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  useEffect(() => {
    if (!saved) return;
    if (!editing) {
      setFormKey((key) => key + 1);
      setPreview(null);
    }
    const timer = setTimeout(() => navigate(saved.redirectTo, { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [saved, editing, navigate]);

  // After a failed submission with JavaScript the page does not reload: bring the messages into view.
  const errorRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (failed) errorRef.current?.focus();
  }, [failed]);

  // The image itself was refused: the chosen file is dropped, so a new one is asked for.
  const imageRefused = Boolean(failed?.errors.image);
  useEffect(() => {
    if (!imageRefused) return;
    if (fileRef.current) fileRef.current.value = "";
    setPreview(null);
  }, [failed, imageRefused]);

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    setPreview(file && file.type.startsWith("image/") ? URL.createObjectURL(file) : null);
  }

  const sending = navigation.state !== "idle" && navigation.formMethod === "POST";
  const busy = sending || Boolean(saved);
  const idle = editing ? "Update Case Study" : "Create Case Study";
  const working = editing ? "Updating..." : "Creating...";

  const outcomesError = messagesFor(errors, "outcomes");
  const imageError = messagesFor(errors, "image");
  const imageHint = editing
    ? `JPEG, PNG, WebP, AVIF or GIF, up to ${maxUploadMb} MB. Leave empty to keep the current image.`
    : `JPEG, PNG, WebP, AVIF or GIF, up to ${maxUploadMb} MB.`;
  const again = failed?.imageChosen && !imageError ? "Please choose the image again: it could not be kept after the page reloaded." : null;
  const uid = useId();

  return (
    <Form
      key={formKey}
      method="post"
      encType="multipart/form-data"
      noValidate
      aria-busy={sending || undefined}
      className="space-y-6"
    >
      {/* Once scripted, the action answers with the toast and this page moves on after 2 s. */}
      <ScriptedField />
      {failed ? (
        <div ref={errorRef} tabIndex={-1} className="scroll-mt-6 outline-none">
          <FormError message={failed.message} />
        </div>
      ) : null}

      <section aria-labelledby={`${uid}-details`} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <h3 id={`${uid}-details`} className="text-base font-semibold">Project details</h3>
        <div className="mt-4 grid gap-5 md:grid-cols-2">
          <Field className="md:col-span-2" label="Case Study Title" name="title" required defaultValue={values.title} error={messagesFor(errors, "title")} />
          <Field label="Client" name="client" required defaultValue={values.client} error={messagesFor(errors, "client")} />
          <Field label="Industry" name="industry" required defaultValue={values.industry} error={messagesFor(errors, "industry")} />
          <TextArea
            className="md:col-span-2"
            label="Project Insight"
            name="project_insight"
            rows={4}
            required
            defaultValue={values.project_insight}
            error={messagesFor(errors, "project_insight")}
          />
          <Field
            label="Technologies"
            name="technologies"
            placeholder="React, Node.js, MongoDB"
            defaultValue={values.technologies}
            error={messagesFor(errors, "technologies")}
            hint="Separate them with commas."
          />
          <Field
            label="Website URL"
            name="website_url"
            type="url"
            inputMode="url"
            placeholder="https://example.com"
            defaultValue={values.website_url}
            error={messagesFor(errors, "website_url")}
            hint="Optional."
          />
        </div>
      </section>

      <section aria-labelledby={`${uid}-outcomes`} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <h3 id={`${uid}-outcomes`} className="text-base font-semibold">Outcomes</h3>
        <p id="outcomes-hint" className="mt-1 text-sm text-slate-600">Three headline results, each with a label and a value.</p>
        <div className="mt-4 grid gap-4 lg:grid-cols-3">
          {values.outcomes.map((outcome, index) => {
            const invalid = outcomesError ? !outcome.label.trim() || !outcome.value.trim() || undefined : undefined;
            const describedBy = outcomesError ? "outcomes-error" : undefined;
            return (
              <fieldset key={index} className="rounded-xl border border-slate-200 bg-slate-50 p-4">
                <legend className="px-1 text-sm font-semibold text-ink">{`Outcome ${index + 1}`}</legend>
                <div className="space-y-3">
                  <Field
                    id={`outcome-${index}-label`}
                    label="Label"
                    name={`outcomes[${index}][label]`}
                    placeholder={["e.g. Conversion rate", "e.g. Page load time", "e.g. Monthly users"][index]}
                    defaultValue={outcome.label}
                    aria-invalid={invalid && !outcome.label.trim() ? true : undefined}
                    aria-describedby={describedBy}
                  />
                  <Field
                    id={`outcome-${index}-value`}
                    label="Value"
                    name={`outcomes[${index}][value]`}
                    placeholder={["e.g. +35%", "e.g. 1.2 s", "e.g. 50k"][index]}
                    defaultValue={outcome.value}
                    aria-invalid={invalid && !outcome.value.trim() ? true : undefined}
                    aria-describedby={describedBy}
                  />
                </div>
              </fieldset>
            );
          })}
        </div>
        {outcomesError ? <p id="outcomes-error" className="mt-3 text-sm text-red-700">{outcomesError}</p> : null}
      </section>

      <section aria-labelledby={`${uid}-image`} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <h3 id={`${uid}-image`} className="text-base font-semibold">Image</h3>
        <div className="mt-4 grid gap-6 md:grid-cols-[1fr_16rem]">
          <div>
            <label htmlFor="image" className="block text-sm font-medium text-ink">Case Study Image</label>
            <input
              ref={fileRef}
              id="image"
              name="image"
              type="file"
              accept="image/*"
              required={!editing}
              onChange={choose}
              aria-invalid={imageError ? true : undefined}
              aria-describedby={[imageError ? "image-error" : null, again ? "image-again" : null, "image-hint"].filter(Boolean).join(" ")}
              className={`${inputClass} cursor-pointer file:mr-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-brand-700 hover:file:bg-brand-100`}
            />
            <p id="image-hint" className="mt-1 text-xs text-slate-600">{imageHint}</p>
            {imageError ? <p id="image-error" className="mt-1 text-sm text-red-700">{imageError}</p> : null}
            {again ? <p id="image-again" className="no-js-only mt-1 text-sm text-amber-800">{again}</p> : null}
          </div>
          <ImagePreview preview={preview} imageUrl={editing ? imageUrl : null} />
        </div>
      </section>

      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={busy} className={buttonClass.primary}>
          {sending ? working : idle}
        </button>
        <Link to={listHref} className={buttonClass.secondary}>Cancel</Link>
        {saved ? <p role="status" className="text-sm text-slate-600">Returning to the case study list...</p> : null}
      </div>
    </Form>
  );
}

/** The chosen file's preview, else the current image (edit), else an empty frame. */
function ImagePreview({ preview, imageUrl }: { preview: string | null; imageUrl?: string | null }) {
  const frame = "aspect-[16/10] w-full overflow-hidden rounded-xl border border-slate-200 bg-slate-100";
  if (preview) {
    return (
      <figure>
        <div className={frame}>
          <img src={preview} alt="Preview of the chosen image" className="h-full w-full object-cover" />
        </div>
        <figcaption className="mt-1 text-xs text-slate-600">New image</figcaption>
      </figure>
    );
  }
  if (imageUrl) {
    return (
      <figure>
        <div className={frame}>
          <img {...responsiveImage(imageUrl, "16rem")} alt="Current image of the case study" className="h-full w-full object-cover" />
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
