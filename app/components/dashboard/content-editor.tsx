import { ListEntryButtons } from "./list-entry-buttons";
import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type FieldMetadata,
  type FormMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { createContext, useContext, useRef, useState, type ReactNode } from "react";
import type { ZodTypeAny } from "zod";
import { FormError } from "~/components/dashboard/dashboard-ui";
import { checkWith, controlClass, Field, fieldByField, placeMessages, TextareaField } from "~/components/forms";
import { buttonClass } from "~/components/ui";
import { IMAGE_ALT_MAX_LENGTH } from "~/domain/constants";
import { normaliseHex } from "~/lib/brand-colour";
import { responsiveImage } from "~/lib/images";
import type { FieldSpec, ListSpec } from "./content-fields";
import { MarkdownPreview, type MarkdownPreviewAnswer } from "./markdown-preview";

// One editor for every part of the site's content: the part's fields are described in content-fields.ts and drawn
// here over conform, so adding, removing and reordering list entries works with JavaScript off (each is a submit
// button the server answers with the changed form) and on (conform changes the form in place).

// The parts' shapes vary, so fields are handled untyped here; content-fields.ts names them after the schema.
type AnyField = FieldMetadata<unknown, Record<string, unknown>, string[]> & {
  getFieldset: () => Record<string, AnyField>;
  getFieldList: () => AnyField[];
};
type AnyForm = FormMetadata<Record<string, unknown>, string[]>;
type Placed = ReturnType<typeof placeMessages>;

// The action's answer to a "Preview" button, read by the Markdown field it names wherever it is drawn.
const PreviewContext = createContext<MarkdownPreviewAnswer | null | undefined>(null);

export function ContentEditor({
  id,
  fields: specs,
  schema,
  defaultValue,
  lastResult,
  preview,
  hasDraft,
  status,
}: {
  /** Which version is being edited, in words: shown in the panel with the buttons. */
  status: ReactNode;
  id: string;
  fields: FieldSpec[];
  schema: ZodTypeAny;
  defaultValue: Record<string, unknown>;
  lastResult: SubmissionResult<string[]> | undefined;
  preview?: MarkdownPreviewAnswer | null;
  hasDraft: boolean;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const [form, fields] = useForm<Record<string, unknown>>({
    id,
    defaultValue: defaultValue as never,
    lastResult,
    onValidate: checkWith(schema, { submit: "server" }),
    ...fieldByField,
  });
  const placed = placeMessages(form);
  const multipart = specs.some(hasImage);

  return (
    <Form
      method="post"
      {...getFormProps(form)}
      encType={multipart ? "multipart/form-data" : undefined}
      className="lg:grid lg:grid-cols-[minmax(0,1fr)_15rem] lg:items-start lg:gap-6"
    >
      <div className="space-y-6 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
        <FormError id={form.errorId} message={placed.message} />
        <PreviewContext.Provider value={preview}>
          {specs.map((spec) => (
            <SpecField
              key={spec.name}
              spec={spec}
              field={fieldOf(fields as Record<string, AnyField>, spec.name)}
              form={form}
              placed={placed}
            />
          ))}
        </PreviewContext.Provider>
      </div>
      {/* Last in the flow on a phone; beside the fields, in view while they scroll, on a wide screen. */}
      <aside
        aria-label="Status and saving"
        className="mt-6 space-y-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6 lg:sticky lg:top-20 lg:mt-0"
      >
        <div className="text-sm text-slate-600">{status}</div>
        <div className="flex flex-wrap gap-3 border-t border-slate-200 pt-4">
          <button type="submit" name="intent" value="publish" disabled={Boolean(busy)} className={buttonClass.compact.primary}>
            {busy === "publish" ? "Publishing..." : "Publish"}
          </button>
          <button type="submit" name="intent" value="draft" disabled={Boolean(busy)} className={buttonClass.compact.secondary}>
            {busy === "draft" ? "Saving..." : "Save draft"}
          </button>
          {hasDraft ? (
            <button
              type="submit"
              name="intent"
              value="discard"
              formNoValidate
              disabled={Boolean(busy)}
              className={buttonClass.compact.secondary}
            >
              {busy === "discard" ? "Discarding..." : "Discard draft"}
            </button>
          ) : null}
        </div>
      </aside>
    </Form>
  );
}

const hasImage = (spec: FieldSpec): boolean =>
  spec.kind === "image" || ((spec.kind === "list" || spec.kind === "group") && spec.fields.some(hasImage));

function fieldOf(fields: Record<string, AnyField>, name: string): AnyField {
  const field = fields[name];
  if (!field) throw new Error(`No field ${name}`);
  return field;
}

function SpecField({ spec, field, form, placed }: { spec: FieldSpec; field: AnyField; form: AnyForm; placed: Placed }) {
  switch (spec.kind) {
    case "text":
    case "url":
    case "date":
      return (
        <Field
          label={spec.label}
          hint={spec.hint}
          inputProps={{
            ...getInputProps(field, { type: spec.kind === "url" ? "url" : spec.kind === "date" ? "date" : "text" }),
            maxLength: spec.max,
          }}
          {...placed.field(field.errors)}
        />
      );
    case "textarea":
      return (
        <TextareaField
          label={spec.label}
          hint={spec.hint}
          textareaProps={{ ...getTextareaProps(field), rows: spec.rows ?? 3, maxLength: spec.max }}
          {...placed.field(field.errors)}
        />
      );
    case "markdown":
      return <MarkdownField spec={spec} field={field} placed={placed} />;
    case "lines":
      return (
        <TextareaField
          label={spec.label}
          hint={spec.hint ?? "One per line."}
          textareaProps={{ ...getTextareaProps(field), defaultValue: linesOf(field.initialValue), rows: spec.rows ?? 4 }}
          {...placed.field(messagesUnder(field))}
        />
      );
    case "select":
      return (
        <div>
          <label htmlFor={field.id} className="block text-sm font-medium text-ink">
            {spec.label}
          </label>
          <select {...getSelectProps(field)} className={controlClass.dashboard} aria-invalid={field.errors ? true : undefined}>
            {spec.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          <FieldMessages id={field.errorId} errors={field.errors} />
        </div>
      );
    case "checkboxes":
      return <Checkboxes spec={spec} field={field} />;
    case "colour":
      return <ColourField spec={spec} field={field} placed={placed} />;
    case "image":
      return <ImageField spec={spec} field={field} />;
    case "group": {
      const subfields = field.getFieldset();
      return (
        <fieldset className="space-y-4 rounded-xl border border-slate-200 p-4">
          <legend className="px-1 text-sm font-semibold text-ink">{spec.label}</legend>
          {spec.fields.map((sub) => (
            <SpecField key={sub.name} spec={sub} field={fieldOf(subfields, sub.name)} form={form} placed={placed} />
          ))}
        </fieldset>
      );
    }
    case "list":
      return <ListField spec={spec} field={field} form={form} placed={placed} />;
  }
}

const markdownHint =
  "Markdown: ## for a heading (it joins the table of contents), - for a list item, [text](https://…) for a link, *emphasis*. HTML is shown as text.";

function MarkdownField({
  spec,
  field,
  placed,
}: {
  spec: Extract<FieldSpec, { kind: "textarea" | "markdown" }>;
  field: AnyField;
  placed: Placed;
}) {
  return (
    <div>
      <TextareaField
        label={spec.label}
        hint={spec.hint ?? markdownHint}
        textareaProps={{
          ...getTextareaProps(field),
          rows: spec.rows ?? 18,
          maxLength: spec.max,
          className: `${controlClass.dashboard} font-mono`,
        }}
        {...placed.field(field.errors)}
      />
      <MarkdownPreview name={field.name} label={spec.label} preview={useContext(PreviewContext)} />
    </div>
  );
}

function linesOf(value: unknown): string {
  if (Array.isArray(value)) return value.filter((item) => typeof item === "string").join("\n");
  return typeof value === "string" ? value : "";
}

/** A list's messages are reported at the list and at its items (`benefits[2]`): shown together under its one textarea. */
function messagesUnder(field: AnyField): string[] | undefined {
  const list = Object.entries(field.allErrors).flatMap(([, errors]) => errors);
  return list.length ? [...new Set(list)] : undefined;
}

function FieldMessages({ id, errors }: { id: string; errors: string[] | undefined }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-700">
      {[...new Set(errors)].join(", ")}
    </p>
  );
}

function Checkboxes({ spec, field }: { spec: Extract<FieldSpec, { kind: "checkboxes" }>; field: AnyField }) {
  const chosen = new Set(
    Array.isArray(field.initialValue) ? (field.initialValue as string[]) : field.initialValue ? [String(field.initialValue)] : [],
  );
  return (
    <fieldset aria-describedby={field.errors ? field.errorId : undefined}>
      <legend className="text-sm font-medium text-ink">{spec.label}</legend>
      {spec.hint ? <p className="mt-1 text-xs text-slate-600">{spec.hint}</p> : null}
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {spec.options.map((option) => (
          <label key={option.value} className="flex items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              name={field.name}
              value={option.value}
              defaultChecked={chosen.has(option.value)}
              className="h-4 w-4 rounded border-slate-300 accent-brand-600"
            />
            {option.label}
          </label>
        ))}
      </div>
      <FieldMessages id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}

/**
 * The text field is what is sent; the picker beside it (no name) writes into it and follows what is typed, with
 * JavaScript. Without it the picker does nothing and the text field works alone.
 */
function ColourField({ spec, field, placed }: { spec: Extract<FieldSpec, { kind: "colour" }>; field: AnyField; placed: Placed }) {
  const initial = typeof field.initialValue === "string" ? field.initialValue : "";
  const [value, setValue] = useState(initial);
  const textRef = useRef<HTMLInputElement>(null);
  const hex = normaliseHex(value);
  return (
    <div className="flex items-end gap-3">
      <Field
        className="grow"
        label={spec.label}
        hint={spec.hint}
        inputProps={{
          ...getInputProps(field, { type: "text" }),
          ref: textRef,
          placeholder: "#3b50e6",
          spellCheck: false,
          autoComplete: "off",
          onInput: (event) => setValue(event.currentTarget.value),
        }}
        {...placed.field(field.errors)}
      />
      <label className="mb-7 shrink-0">
        <span className="sr-only">{`Pick the ${spec.label.toLowerCase()}`}</span>
        <input
          type="color"
          value={hex ?? "#3b50e6"}
          onChange={(event) => {
            setValue(event.target.value);
            if (textRef.current) textRef.current.value = event.target.value;
          }}
          className="block h-10 w-12 cursor-pointer rounded-lg border border-slate-300 bg-white p-1"
        />
      </label>
    </div>
  );
}

function ImageField({ spec, field }: { spec: Extract<FieldSpec, { kind: "image" }>; field: AnyField }) {
  const parts = field.getFieldset();
  const url = parts.url?.initialValue;
  const current = typeof url === "string" && url ? url : null;
  const errors = [...new Set(Object.values(field.allErrors).flat())];
  const errorId = `${field.id}-image-error`;
  return (
    <fieldset className="space-y-3 rounded-xl border border-slate-200 p-4" aria-describedby={errors.length ? errorId : undefined}>
      <legend className="px-1 text-sm font-semibold text-ink">{spec.label}</legend>
      {current ? (
        <div className="flex flex-wrap items-center gap-4">
          <img
            {...responsiveImage(current, "96px")}
            alt=""
            width={96}
            height={96}
            className="h-24 w-24 rounded-lg border border-slate-200 bg-slate-50 object-cover"
          />
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input type="checkbox" name={`${field.name}.remove`} value="on" className="h-4 w-4 rounded border-slate-300 accent-brand-600" />
            Remove this image
          </label>
        </div>
      ) : null}
      <input type="hidden" name={`${field.name}.url`} value={current ?? ""} />
      <div>
        <label htmlFor={`${field.id}-upload`} className="block text-sm font-medium text-ink">
          {current ? "Replace with" : "Upload an image"}
        </label>
        <input
          id={`${field.id}-upload`}
          type="file"
          name={`${field.name}.upload`}
          accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
          className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium"
        />
        <p className="mt-1 text-xs text-slate-600">JPEG, PNG, WebP, AVIF or GIF; stored as WebP in three sizes.</p>
      </div>
      {parts.alt ? (
        <Field
          label="Alt text"
          hint={spec.altHint ?? "What the image shows, for people who cannot see it. Leave empty when the text beside it says it all."}
          inputProps={{ ...getInputProps(parts.alt, { type: "text" }), maxLength: IMAGE_ALT_MAX_LENGTH }}
        />
      ) : null}
      <FieldMessages id={errorId} errors={errors} />
    </fieldset>
  );
}

function ListField({ spec, field, form, placed }: { spec: ListSpec; field: AnyField; form: AnyForm; placed: Placed }) {
  const items = field.getFieldList();
  const full = items.length >= spec.max;
  const own = field.errors;
  return (
    <fieldset className="space-y-4" aria-describedby={own ? field.errorId : undefined}>
      <legend className="text-base font-semibold text-ink">{spec.label}</legend>
      <p className="text-xs text-slate-600">
        {spec.min ? `At least ${spec.min}, at most ${spec.max}.` : `Up to ${spec.max}.`}
        {spec.hint ? ` ${spec.hint}` : ""}
      </p>
      <FieldMessages id={field.errorId} errors={own} />
      <ol className="space-y-4">
        {items.map((item, index) => {
          const subfields = item.getFieldset();
          const title = `${spec.itemLabel} ${index + 1}`;
          return (
            <li key={item.key} className="rounded-xl border border-slate-200 bg-slate-50/60 p-4">
              <fieldset className="space-y-4">
                <legend className="text-sm font-semibold text-ink">{title}</legend>
                {spec.fields.map((sub) => (
                  <SpecField key={sub.name} spec={sub} field={fieldOf(subfields, sub.name)} form={form} placed={placed} />
                ))}
              </fieldset>
              <ListEntryButtons form={form} name={field.name} index={index} count={items.length} title={title} min={spec.min} />
            </li>
          );
        })}
      </ol>
      <button
        {...form.insert.getButtonProps({ name: field.name, defaultValue: spec.newItem as never })}
        disabled={full}
        className={buttonClass.compact.secondary}
      >
        Add {spec.itemLabel.toLowerCase()}
      </button>
    </fieldset>
  );
}

export function EditorLinks({ part }: { part: string }) {
  return (
    <nav aria-label="This part" className="flex flex-wrap gap-2 text-sm">
      <Link to="/dashboard/content" className="font-medium text-brand-700 hover:underline">
        All content
      </Link>
      <span aria-hidden="true" className="text-slate-400">
        ·
      </span>
      <Link to={`/dashboard/content/${part}/history`} className="font-medium text-brand-700 hover:underline">
        History
      </Link>
    </nav>
  );
}
