import type { FormMetadata } from "@conform-to/react";
import { conformZodMessage, parseWithZod } from "@conform-to/zod";
import { useId, type ComponentProps, type ReactNode } from "react";
import { z, type ZodTypeAny } from "zod";
import { joinErrors } from "~/domain/schemas";
import { asTyped } from "~/lib/forms";

/**
 * The forms' building blocks over conform (docs/behaviour.md#forms). Each form has one zod schema from
 * ~/domain/schemas, checked in the browser (`onValidate`) and by its action (`parseWithZod`), whose
 * `submission.reply()` comes back as the form's `lastResult` with or without JavaScript: the messages per
 * field, the form's own message and what was typed. Inputs are uncontrolled (`defaultValue`), so what was
 * typed before the page's JavaScript took over survives hydration.
 *
 * Only the forms import this module: conform and zod load with their pages (and the contact modal, on first
 * use), never with the public pages' shared code.
 */

export { asTyped };

/**
 * When the browser checks: the whole form on submit, then each field again as it is corrected. Not as a field
 * is left (conform's onBlur): its message would push down what is below it, the submit button included,
 * between the press and the release of a click on it, and that click would be lost.
 */
export const fieldByField = { shouldValidate: "onSubmit", shouldRevalidate: "onInput" } as const;

/** A verdict of "ask the server": with it conform lets a submit go through without reporting anything. */
const askTheServer = z.any().superRefine((_value, context) => {
  context.addIssue({ code: z.ZodIssueCode.custom, message: conformZodMessage.VALIDATION_UNDEFINED });
});

/**
 * The form's `onValidate`. By default the browser checks the whole form on submit and keeps an invalid one from
 * being sent. With `submit: "server"` a submit always goes to the action, which answers the refusal with a 5 s
 * toast and its joined message, exactly as without JavaScript (the case study and Add Admin forms,
 * docs/behaviour.md#forms, #toasts); the browser then checks each field again as it is corrected.
 */
export function checkWith<Schema extends ZodTypeAny>(schema: Schema, { submit = "browser" }: { submit?: "browser" | "server" } = {}) {
  return ({ formData }: { formData: FormData }) =>
    parseWithZod(formData, {
      // `intent` is conform's "validate this field" (as it is corrected), null on submit.
      schema: (intent) => (intent || submit === "browser" ? schema : (askTheServer as unknown as Schema)),
      ...asTyped,
    });
}

/**
 * The message at the top of a refused form (docs/behaviour.md#forms): the action's own (its form-level error:
 * every message joined, or a fallback such as "Failed to add admin"), else, after a submit the browser refused,
 * the field messages joined by commas, each once. It goes once the fields are being corrected (each then
 * shows its own message as it is checked again).
 */
export function formMessage(form: Pick<FormMetadata, "errors" | "allErrors" | "status">): string | undefined {
  return form.errors?.join(", ") || (form.status === "error" ? joinErrors(form.allErrors) : "") || undefined;
}

/** The two looks of a text control: the dashboard's compact one, and the public site's (larger text, a focus ring). */
export const controlClass = {
  dashboard:
    "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:outline-2 focus:outline-brand-500 aria-[invalid=true]:border-red-500",
  site:
    "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-600",
} as const;

export type Look = keyof typeof controlClass;
export type ListOfErrors = Array<string | null | undefined> | null | undefined;

/**
 * A field's messages, each once, joined by commas. On the public site they are announced (role=alert), as the
 * contact form's always were; the dashboard's forms announce the joined message at their top instead.
 */
export function ErrorList({ id, errors, look = "dashboard" }: { id?: string; errors?: ListOfErrors; look?: Look }) {
  const shown = [...new Set(errors?.filter((error): error is string => Boolean(error)))];
  if (!shown.length) return null;
  return look === "site" ? (
    <p id={id} role="alert" className="mt-1 text-sm font-medium text-red-700">
      {shown.join(", ")}
    </p>
  ) : (
    <p id={id} className="mt-1 text-sm text-red-700">
      {shown.join(", ")}
    </p>
  );
}

type FieldProps = {
  label: ReactNode;
  errors?: ListOfErrors;
  hint?: ReactNode;
  /** Further ids describing the control (a message shared by several fields). */
  describedBy?: string;
  /** Marks the control invalid without messages of its own (they are shown elsewhere, under `describedBy`). */
  invalid?: boolean;
  className?: string;
  look?: Look;
};

/**
 * The ARIA of a control: invalid when it has messages (or `invalid`), described by its messages, its hint and
 * `describedBy`. Computed here rather than taken from conform's props, so a control may keep an id of its own.
 */
function aria(id: string, { errors, hint, describedBy, invalid }: FieldProps) {
  const errorId = errors?.some(Boolean) ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  const ids = [errorId, hintId, ...(describedBy?.split(/\s+/) ?? [])].filter(Boolean);
  return {
    errorId,
    hintId,
    props: { "aria-invalid": errorId || invalid ? true : undefined, "aria-describedby": [...new Set(ids)].join(" ") || undefined },
  };
}

const labelClass = "block text-sm font-medium text-ink";

/** The label, the control, its hint and its messages. */
function Frame({ id, field, children }: { id: string; field: FieldProps; children: ReactNode }) {
  const { errorId, hintId } = aria(id, field);
  const look = field.look ?? "dashboard";
  return (
    <div className={field.className}>
      <label htmlFor={id} className={labelClass}>{field.label}</label>
      {children}
      {field.hint ? <p id={hintId} className="mt-1 text-xs text-slate-600">{field.hint}</p> : null}
      <ErrorList id={errorId} errors={field.errors} look={look} />
    </div>
  );
}

/** A labelled input (conform's `getInputProps` in `inputProps`) with its hint and messages tied to it. */
export function Field({ inputProps, ...field }: FieldProps & { inputProps: ComponentProps<"input"> }) {
  const fallbackId = useId();
  const id = inputProps.id ?? fallbackId;
  return (
    <Frame id={id} field={field}>
      <input {...inputProps} id={id} {...aria(id, field).props} className={inputProps.className ?? controlClass[field.look ?? "dashboard"]} />
    </Frame>
  );
}

/** A labelled textarea (conform's `getTextareaProps` in `textareaProps`) with its hint and messages tied to it. */
export function TextareaField({ textareaProps, ...field }: FieldProps & { textareaProps: ComponentProps<"textarea"> }) {
  const fallbackId = useId();
  const id = textareaProps.id ?? fallbackId;
  return (
    <Frame id={id} field={field}>
      <textarea {...textareaProps} id={id} {...aria(id, field).props} className={textareaProps.className ?? controlClass[field.look ?? "dashboard"]} />
    </Frame>
  );
}
