import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useHydrated } from "~/hooks/use-rotation";
import { checkWith, Field, fieldByField, placeMessages } from "~/components/forms";
import { buttonClass } from "~/components/ui";
import { validityOf } from "~/domain/account-links";
import { useFormatTime } from "~/hooks/use-studio-time";
import { messages, roleLabel } from "~/domain/messages";
import { DEFAULT_ROLE } from "~/domain/permissions";
import { invitationInput } from "~/domain/schemas";
import { FormError } from "./dashboard-ui";

// The Users screen's invitations (docs/behaviour.md#invitations): the form that sends one, the pending ones, and
// the link handed to the inviting admin when no mail went.

export const INVITATION_INTENTS = { invite: "invite", resend: "resend", withdraw: "withdraw" } as const;

type PendingInvitation = { id: string; name: string; email: string; role: string; expires_at: string; expired: boolean };
export type Handover = { name: string; email: string; link: string; mailOn: boolean };

/** `roles`: those the inviting admin may give (docs/security.md#roles); an Admin is chosen unless said otherwise. */
export function InviteForm({ lastResult, mailOn, roles }: { lastResult?: SubmissionResult<string[]>; mailOn: boolean; roles: string[] }) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === INVITATION_INTENTS.invite;
  const [form, fields] = useForm({
    id: "invite-admin",
    lastResult,
    onValidate: checkWith(invitationInput, { submit: "server" }),
    ...fieldByField,
  });
  const placed = placeMessages(form);

  // Sent (redirected back, or the link handed over): the form is empty again, as the Add Admin form is.
  const formRef = useRef<HTMLFormElement>(null);
  const wasSending = useRef(false);
  useEffect(() => {
    if (sending) wasSending.current = true;
    else if (wasSending.current && navigation.state === "idle") {
      wasSending.current = false;
      if (!lastResult) formRef.current?.reset();
    }
  }, [sending, navigation.state, lastResult]);

  return (
    <Form ref={formRef} method="post" {...getFormProps(form)} className="mt-4 space-y-4">
      <input type="hidden" name="intent" value={INVITATION_INTENTS.invite} />
      <p className="text-sm text-slate-700">
        {mailOn
          ? `They get an email with a link to choose their own password. The link works once, for ${validityOf("invitation")}.`
          : messages.invitationMailOff}
      </p>
      <FormError id={form.errorId} message={placed.message} />
      <Field
        label="Name"
        inputProps={{ ...getInputProps(fields.name, { type: "text" }), id: "invite-name", autoComplete: "off", required: true }}
        {...placed.field(fields.name.errors)}
      />
      <Field
        label="Email"
        inputProps={{ ...getInputProps(fields.email, { type: "email" }), id: "invite-email", autoComplete: "off", required: true }}
        {...placed.field(fields.email.errors)}
      />
      <div>
        <label htmlFor="invite-role" className="block text-sm font-medium text-ink">
          Role
        </label>
        <select
          id="invite-role"
          name={fields.role.name}
          defaultValue={DEFAULT_ROLE}
          aria-describedby="invite-role-hint"
          className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
        >
          {roles.map((role) => (
            <option key={role} value={role}>
              {roleLabel(role)}
            </option>
          ))}
        </select>
        {fields.role.errors?.length ? <p className="mt-1 text-sm text-red-700">{fields.role.errors.join(", ")}</p> : null}
        <p id="invite-role-hint" className="mt-1 text-xs text-slate-600">
          What they may do once they have accepted: the invitation says it.
        </p>
      </div>
      <button type="submit" disabled={sending} className={`${buttonClass.compact.primary} w-full`}>
        {sending ? "Sending Invitation..." : "Send Invitation"}
      </button>
    </Form>
  );
}

/** Shown once, in the answer to the post that made the link; the link is stored nowhere. */
export function LinkHandover({ handover }: { handover: Handover }) {
  const field = useRef<HTMLInputElement>(null);
  const hydrated = useHydrated();
  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = () =>
    navigator.clipboard.writeText(handover.link).then(
      () => setCopied(true),
      () => {
        // No clipboard (an insecure address, a refusal): the field is selected for the admin's own copy.
        field.current?.select();
        setCopied(false);
      },
    );
  return (
    <div role="status" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      <p className="font-semibold">Pass this link to {handover.name}</p>
      <p className="mt-1">{messages.invitationNotEmailed(handover.email, handover.mailOn)}</p>
      <label htmlFor="invitation-link" className="mt-3 block font-medium">
        Invitation link for {handover.email}
      </label>
      <div className="mt-1 flex flex-wrap items-center gap-2">
        {/* Read only, selected on focus: copied by hand without JavaScript. */}
        <input
          ref={field}
          id="invitation-link"
          readOnly
          value={handover.link}
          onFocus={(event) => event.currentTarget.select()}
          className="block min-w-0 flex-1 rounded-lg border border-amber-300 bg-white px-3 py-2 font-mono text-xs"
        />
        {hydrated ? (
          <button type="button" onClick={() => void copy()} className={buttonClass.compact.secondary}>
            Copy
          </button>
        ) : null}
        {copied === null ? null : <span>{copied ? messages.linkCopied : messages.linkNotCopied}</span>}
      </div>
    </div>
  );
}

export function PendingInvitations({ invitations }: { invitations: PendingInvitation[] }) {
  const formatTime = useFormatTime();
  const navigation = useNavigation();
  const busy = (intent: string, id: string) =>
    navigation.state === "submitting" && navigation.formData?.get("intent") === intent && navigation.formData?.get("id") === id;
  if (invitations.length === 0) return null;
  return (
    <section aria-labelledby="invitations-heading" className="mt-8">
      <h3 id="invitations-heading" className="text-lg font-semibold">
        Pending invitations
      </h3>
      <ul
        aria-labelledby="invitations-heading"
        className="mt-3 divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white"
      >
        {invitations.map((invitation) => (
          <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
            <div className="min-w-0">
              <p className="font-medium">{invitation.name}</p>
              <p className="truncate text-sm text-slate-600">{invitation.email}</p>
              <p className="text-xs text-slate-600">Role: {roleLabel(invitation.role)}</p>
              <p className="text-xs text-slate-600">
                {invitation.expired
                  ? `Expired ${formatTime(invitation.expires_at)}: re-send it for a new link`
                  : `Link works until ${formatTime(invitation.expires_at)}`}
              </p>
            </div>
            <div className="flex gap-2">
              {[
                { intent: INVITATION_INTENTS.resend, label: "Re-send", doing: "Sending...", style: buttonClass.compact.secondary },
                { intent: INVITATION_INTENTS.withdraw, label: "Withdraw", doing: "Withdrawing...", style: buttonClass.compact.danger },
              ].map(({ intent, label, doing, style }) => (
                <Form key={intent} method="post">
                  <input type="hidden" name="intent" value={intent} />
                  <input type="hidden" name="id" value={invitation.id} />
                  <button
                    type="submit"
                    disabled={busy(intent, invitation.id)}
                    aria-label={`${label} the invitation to ${invitation.email}`}
                    className={style}
                  >
                    {busy(intent, invitation.id) ? doing : label}
                  </button>
                </Form>
              ))}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
