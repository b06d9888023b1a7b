import { Link } from "@remix-run/react";
import type { ComponentProps, ReactNode } from "react";
import { Field } from "~/components/forms";
import { BrandMark } from "~/components/site/frame";
import { PASSWORD_MIN_LENGTH } from "~/domain/constants";
import { useFrame } from "~/hooks/use-frame";

// The frame of the pages around signing in, outside the dashboard: sign-in, forgotten password, reset, invitation.
export function AccountCard({ title, children }: { title: string; children: ReactNode }) {
  const brand = useFrame()?.brand;
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-5 py-12">
      <div className="w-full max-w-sm">
        <Link to="/" className="mb-6 flex items-center justify-center gap-2 text-lg font-bold">
          <BrandMark logo={brand?.logo ?? null} />
          {brand?.name}
        </Link>
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
          {children}
        </div>
      </div>
    </main>
  );
}

export const accountLinkClass = "font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800";

export function BackToSignIn() {
  return (
    <p className="mt-6 text-sm">
      <Link to="/login" className={accountLinkClass}>
        Back to sign in
      </Link>
    </p>
  );
}

/** The password an invitee or a reset chooses, with the sign-in form's rules. */
export function NewPasswordField({
  label,
  inputProps,
  placement,
}: {
  label: string;
  inputProps: ComponentProps<"input">;
  placement: { errors?: string[]; invalid?: boolean; describedBy?: string };
}) {
  return (
    <Field
      label={label}
      inputProps={{ ...inputProps, id: "password", autoComplete: "new-password", required: true, minLength: PASSWORD_MIN_LENGTH }}
      {...placement}
      hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
    />
  );
}

export function AccountSubmit({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <button
      type="submit"
      disabled={busy}
      className="w-full rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700 disabled:opacity-60"
    >
      {busy ? busyLabel : label}
    </button>
  );
}
