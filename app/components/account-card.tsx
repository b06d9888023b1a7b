import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import type { ComponentProps, ReactNode } from "react";
import { FormError } from "~/components/dashboard/dashboard-ui";
import { checkWith, Field, fieldByField, placeMessages } from "~/components/forms";
import { BrandMark } from "~/components/site/frame";
import { PASSWORD_MIN_LENGTH } from "~/domain/constants";
import { newPasswordInput } from "~/domain/schemas";
import { useFrame } from "~/hooks/use-frame";

// The frame of the pages around signing in, outside the dashboard: sign-in, forgotten password, reset, invitation.
/** `after`: under the card (the sign-in page's way back to the site). */
export function AccountCard({ title, children, after }: { title: string; children: ReactNode; after?: ReactNode }) {
  const brand = useFrame()?.brand;
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-5 py-12">
      <div className="w-full max-w-sm">
        <Link to="/" className="mb-6 flex items-center justify-center gap-2 text-lg font-bold">
          <BrandMark brand={brand} />
          {brand?.name}
        </Link>
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
          {children}
        </div>
        {after}
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

/** The form of a link's page (an invitation, a reset): the account's email, shown, and the password it chooses. */
export function NewPasswordForm({
  id,
  email,
  intro,
  passwordLabel,
  submit,
  lastResult,
}: {
  id: string;
  email: string;
  intro: string;
  passwordLabel: string;
  submit: { label: string; busyLabel: string };
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = useForm({ id, lastResult, onValidate: checkWith(newPasswordInput), ...fieldByField });
  const placed = placeMessages(form);
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
      <p className="text-sm text-slate-700">{intro}</p>
      <FormError id={form.errorId} message={placed.message} />
      <Field
        label="Email"
        inputProps={{ id: "account-email", type: "email", name: "username", value: email, readOnly: true, autoComplete: "username" }}
      />
      <NewPasswordField
        label={passwordLabel}
        inputProps={getInputProps(fields.password, { type: "password" })}
        placement={placed.field(fields.password.errors)}
      />
      <AccountSubmit busy={saving} label={submit.label} busyLabel={submit.busyLabel} />
    </Form>
  );
}

/** The password an invitee or a reset chooses, with the sign-in form's rules. */
function NewPasswordField({
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

function AccountSubmit({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
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
