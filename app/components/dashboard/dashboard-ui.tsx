import { Form, Link, useFetcher } from "@remix-run/react";
import type { ReactNode } from "react";
import { messages } from "~/domain/messages";
import type { Permission } from "~/domain/permissions";
import { useCan } from "~/hooks/use-can";
import { useDialogTrigger } from "~/hooks/use-dialog-trigger";
import { buttonClass } from "../ui";

export function FormError({ id, message }: { id?: string; message?: string | null }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {message}
    </p>
  );
}

/**
 * A screen's forms for a role that may read but not change them (docs/security.md#roles): said once, and every
 * control inside disabled, so nothing is offered that would answer 403.
 */
export function ReadOnlyFor({ permission, children }: { permission: Permission; children: ReactNode }) {
  if (useCan(permission)) return <>{children}</>;
  return (
    <>
      <p role="note" className="mb-6 rounded-xl border border-slate-200 bg-slate-100 px-4 py-3 text-sm text-slate-700">
        {messages.readOnlyScreen}
      </p>
      <fieldset disabled className="contents">
        {children}
      </fieldset>
    </>
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

/** Without JavaScript a link to the `$id.delete` confirmation page; with it window.confirm, then a fetcher post to that route. */
export function DeleteButton({ href, question, label }: { href: string; question: string; label: string }) {
  const fetcher = useFetcher({ key: deleteKey(href) });
  const busy = fetcher.state !== "idle";
  const dialogTrigger = useDialogTrigger();
  return (
    <Link
      to={href}
      {...dialogTrigger}
      aria-label={label}
      aria-disabled={busy || undefined}
      onClick={(event) => {
        event.preventDefault();
        if (busy || !window.confirm(question)) return;
        fetcher.submit({}, { method: "post", action: href });
      }}
      className={buttonClass.compact.danger}
    >
      {busy ? "Deleting..." : "Delete"}
    </Link>
  );
}

const deleteKey = (href: string) => `delete:${href}`;

export function isPendingDelete(fetchers: { key: string; state: string }[], href: string): boolean {
  return fetchers.some((fetcher) => fetcher.key === deleteKey(href) && fetcher.state !== "idle");
}

export function ConfirmDelete({
  question,
  name,
  cancelHref,
  picture,
  children,
}: {
  question: string;
  name: string;
  cancelHref: string;
  picture?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className={`overflow-hidden rounded-2xl border border-slate-200 bg-white ${picture ? "max-w-2xl shadow-sm sm:flex" : "max-w-lg"}`}>
      {picture}
      <div className="p-6">
        <h2 className="text-xl font-bold tracking-tight">{question}</h2>
        <p className="mt-2 font-medium text-ink">{name}</p>
        {children}
        <Form method="post" className="mt-6 flex gap-3">
          <button type="submit" className={buttonClass.compact.danger}>
            Delete
          </button>
          <Link to={cancelHref} className={buttonClass.compact.secondary}>
            Cancel
          </Link>
        </Form>
      </div>
    </div>
  );
}
