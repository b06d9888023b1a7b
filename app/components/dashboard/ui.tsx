import { Form, Link, useFetcher } from "@remix-run/react";
import { useDialogTrigger } from "~/hooks/use-dialog-trigger";
import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from "react";

/** Building blocks of the dashboard's screens. */

export const inputClass =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:outline-2 focus:outline-brand-500 aria-[invalid=true]:border-red-500";

export const buttonClass = {
  primary:
    "inline-flex items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60",
  secondary:
    "inline-flex items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-ink hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
  danger:
    "inline-flex items-center justify-center gap-2 rounded-lg border border-red-200 bg-white px-3 py-2 text-sm font-medium text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600 disabled:opacity-60",
} as const;

type FieldProps = { label: string; name: string; error?: string; hint?: ReactNode } & InputHTMLAttributes<HTMLInputElement>;

/** A labelled input with its error tied to it. */
export function Field({ label, name, error, hint, id = name, className, ...input }: FieldProps) {
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-ink">{label}</label>
      <input id={id} name={name} aria-invalid={error ? true : undefined} aria-describedby={describedBy} className={inputClass} {...input} />
      {hint ? <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">{hint}</p> : null}
      {error ? <p id={`${id}-error`} className="mt-1 text-sm text-red-700">{error}</p> : null}
    </div>
  );
}

type TextAreaProps = { label: string; name: string; error?: string } & TextareaHTMLAttributes<HTMLTextAreaElement>;

export function TextArea({ label, name, error, id = name, className, ...textarea }: TextAreaProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-ink">{label}</label>
      <textarea id={id} name={name} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} className={inputClass} {...textarea} />
      {error ? <p id={`${id}-error`} className="mt-1 text-sm text-red-700">{error}</p> : null}
    </div>
  );
}

/** Messages shown at the top of a form after a failed submission. */
export function FormError({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {message}
    </p>
  );
}

export function ScreenHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
      <h2 className="text-2xl font-bold tracking-tight">{title}</h2>
      {children}
    </div>
  );
}

/**
 * Delete with a confirmation: with JavaScript, the browser's confirm dialog and a fetcher (the entry
 * leaves the list without a reload); without it, a link to a page that asks the same question.
 */
export function DeleteButton({
  action,
  id,
  question,
  confirmHref,
  label,
}: {
  action: string;
  id: string;
  question: string;
  confirmHref: string;
  label: string;
}) {
  const fetcher = useFetcher();
  const busy = fetcher.state !== "idle";
  const dialogTrigger = useDialogTrigger();
  return (
    <Link
      to={confirmHref}
      {...dialogTrigger}
      aria-label={label}
      aria-disabled={busy || undefined}
      onClick={(event) => {
        event.preventDefault();
        if (busy || !window.confirm(question)) return;
        fetcher.submit({ intent: "delete", id }, { method: "post", action });
      }}
      className={buttonClass.danger}
    >
      {busy ? "Deleting..." : "Delete"}
    </Link>
  );
}

/** Whether an entry is being deleted by any fetcher (so lists can hide it at once). */
export function isPendingDelete(fetchers: { formData?: FormData }[], id: string): boolean {
  return fetchers.some((fetcher) => fetcher.formData?.get("intent") === "delete" && fetcher.formData.get("id") === id);
}

/** The no-JavaScript confirmation page for a delete. */
export function ConfirmDelete({ question, name, cancelHref, id }: { question: string; name: string; cancelHref: string; id: string }) {
  return (
    <div className="max-w-lg rounded-2xl border border-slate-200 bg-white p-6">
      <h2 className="text-xl font-bold">{question}</h2>
      <p className="mt-2 text-slate-700">{name}</p>
      <Form method="post" className="mt-6 flex gap-3">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={id} />
        <button type="submit" className={buttonClass.danger}>Delete</button>
        <Link to={cancelHref} className={buttonClass.secondary}>Cancel</Link>
      </Form>
    </div>
  );
}
