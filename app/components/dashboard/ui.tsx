import { Form, Link, useFetcher } from "@remix-run/react";
import type { ReactNode } from "react";
import { useDialogTrigger } from "~/hooks/use-dialog-trigger";
import { buttonClass } from "../ui";

/** Building blocks of the dashboard's screens. */

/** Messages shown at the top of a form after a failed submission (`id`: the form's error id, which describes it). */
export function FormError({ id, message }: { id?: string; message?: string | null }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
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
      className={buttonClass.compact.danger}
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
        <button type="submit" className={buttonClass.compact.danger}>Delete</button>
        <Link to={cancelHref} className={buttonClass.compact.secondary}>Cancel</Link>
      </Form>
    </div>
  );
}
