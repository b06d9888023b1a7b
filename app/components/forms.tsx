import type { FormMetadata } from "@conform-to/react";
import { conformZodMessage, parseWithZod } from "@conform-to/zod";
import { useId, type ComponentProps, type ReactNode } from "react";
import { z, type ZodTypeAny } from "zod";
import { joinErrors } from "~/domain/field-rules";
import { asTyped } from "~/lib/forms";

// Imported by the forms only, so conform and zod never load with the public pages' shared code.

export { asTyped };

// Not on blur (conform's onBlur): the message would push the submit button down between press and release, and the click is lost.
export const fieldByField = { shouldValidate: "onSubmit", shouldRevalidate: "onInput" } as const;

/** A verdict of "ask the server": with it conform lets a submit go through without reporting anything. */
const askTheServer = z.any().superRefine((_value, context) => {
  context.addIssue({ code: z.ZodIssueCode.custom, message: conformZodMessage.VALIDATION_UNDEFINED });
});

/** With `submit: "server"` every submit reaches the action, so a refusal gets its toast exactly as without JavaScript. */
export function checkWith<Schema extends ZodTypeAny>(schema: Schema, { submit = "browser" }: { submit?: "browser" | "server" } = {}) {
  return ({ formData }: { formData: FormData }) =>
    parseWithZod(formData, {
      // `intent` is conform's "validate this field" (as it is corrected), null on submit.
      schema: (intent) => (intent || submit === "browser" ? schema : (askTheServer as unknown as Schema)),
      ...asTyped,
    });
}

export function formMessage(form: Pick<FormMetadata, "errors" | "allErrors" | "status">): string | undefined {
  return form.errors?.join(", ") || (form.status === "error" ? joinErrors(form.allErrors) : "") || undefined;
}

type Messages = string[] | null | undefined;

/**
 * Where each refusal message shows, once (docs/behaviour.md#forms): a field's own message under that field; the
 * form's own messages, and one that several fields share ("Please fill in all fields"), once at the form's top.
 * `group` names the fields that show their messages together (the case study's outcome rows).
 */
export function placeMessages(
  form: Pick<FormMetadata, "errorId" | "errors" | "allErrors">,
  group: (name: string) => string = (name) => name,
) {
  const owners = new Map<string, Set<string>>();
  for (const [name, list] of Object.entries(form.allErrors)) {
    if (!name) continue;
    for (const message of list) owners.set(message, (owners.get(message) ?? new Set()).add(group(name)));
  }
  const shared = new Set([...owners].filter(([, groups]) => groups.size > 1).map(([message]) => message));
  const top = [...new Set([...(form.errors ?? []), ...shared])].filter((message) => shared.has(message) || !owners.has(message));
  return {
    message: top.join(", ") || undefined,
    /** A field's props: its own messages, and when it shares the top's, marked invalid and described by it. */
    field(errors: Messages): { errors?: string[]; invalid?: boolean; describedBy?: string } {
      const sharesTop = Boolean(errors?.some((message) => shared.has(message)));
      return {
        errors: errors?.filter((message) => !shared.has(message)),
        invalid: sharesTop || undefined,
        describedBy: sharesTop ? form.errorId : undefined,
      };
    },
  };
}

export const controlClass = {
  dashboard:
    "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:outline-2 focus:outline-brand-500 aria-[invalid=true]:border-red-500",
  site: "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-600",
} as const;

type Look = keyof typeof controlClass;
type ListOfErrors = Array<string | null | undefined> | null | undefined;

// Announced (role=alert) on the public site only; the dashboard's forms announce the joined message at their top.
function ErrorList({ id, errors, look = "dashboard" }: { id?: string; errors?: ListOfErrors; look?: Look }) {
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
  describedBy?: string;
  /** Marks the control invalid without messages of its own (they are shown elsewhere, under `describedBy`). */
  invalid?: boolean;
  className?: string;
  look?: Look;
};

/** Computed here rather than taken from conform's props, so a control may keep an id of its own. */
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

function Frame({ id, field, children }: { id: string; field: FieldProps; children: ReactNode }) {
  const { errorId, hintId } = aria(id, field);
  const look = field.look ?? "dashboard";
  return (
    <div className={field.className}>
      <label htmlFor={id} className={labelClass}>
        {field.label}
      </label>
      {children}
      {field.hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {field.hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={field.errors} look={look} />
    </div>
  );
}

export function Field({ inputProps, ...field }: FieldProps & { inputProps: ComponentProps<"input"> }) {
  const fallbackId = useId();
  const id = inputProps.id ?? fallbackId;
  return (
    <Frame id={id} field={field}>
      <input
        {...inputProps}
        id={id}
        {...aria(id, field).props}
        className={inputProps.className ?? controlClass[field.look ?? "dashboard"]}
      />
    </Frame>
  );
}

export function SelectField({
  selectProps,
  children,
  ...field
}: FieldProps & { selectProps: ComponentProps<"select">; children: ReactNode }) {
  const fallbackId = useId();
  const id = selectProps.id ?? fallbackId;
  return (
    <Frame id={id} field={field}>
      <select
        {...selectProps}
        id={id}
        {...aria(id, field).props}
        className={selectProps.className ?? controlClass[field.look ?? "dashboard"]}
      >
        {children}
      </select>
    </Frame>
  );
}

export function TextareaField({ textareaProps, ...field }: FieldProps & { textareaProps: ComponentProps<"textarea"> }) {
  const fallbackId = useId();
  const id = textareaProps.id ?? fallbackId;
  return (
    <Frame id={id} field={field}>
      <textarea
        {...textareaProps}
        id={id}
        {...aria(id, field).props}
        className={textareaProps.className ?? controlClass[field.look ?? "dashboard"]}
      />
    </Frame>
  );
}
