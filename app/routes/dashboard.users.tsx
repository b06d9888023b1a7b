import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { titleWith } from "~/domain/page-content";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useFetchers, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { INVITATION_INTENTS, InviteForm, LinkHandover, PendingInvitations, type Handover } from "~/components/dashboard/invitations";
import { DeleteButton, FormError, ScreenHeading, isPendingDelete } from "~/components/dashboard/dashboard-ui";
import { asTyped, checkWith, Field, fieldByField, placeMessages } from "~/components/forms";
import { buttonClass } from "~/components/ui";
import { joinErrors } from "~/domain/field-rules";
import { adminInput, invitationInput, roleChangeInput } from "~/domain/schemas";
import { changeRole, createAdmin, isEmailTaken, listAdmins } from "~/domain/admins.server";
import { canAssignRole, ROLES, type Role } from "~/domain/permissions";
import {
  inviteAdmin,
  isEmailInvited,
  listInvitations,
  resendInvitation,
  withdrawInvitation,
  type SentInvitation,
} from "~/domain/invitations.server";
import { messages, roleLabel } from "~/domain/messages";
import type { Admin } from "~/domain/types";
import { forbidden, requirePermission } from "~/server/auth.server";
import { requestOrigin } from "~/server/client-address.server";
import { getEnv } from "~/server/env.server";
import { refusedWithToast } from "~/server/forms.server";
import { ports } from "~/server/ports.server";
import { redirectWithError, redirectWithSuccess } from "~/server/toast.server";

const USERS = "/dashboard/users";
/** The Add Admin section's other form (docs/behaviour.md#invitations); the spec's form stays the default. */
const INVITING = `${USERS}?add=invitation`;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requirePermission(request, "admins:read", context);
  const [admins, invitations] = await Promise.all([listAdmins(), listInvitations()]);
  const inviting = new URL(request.url).searchParams.get("add") === "invitation";
  const by = { kind: "admin", role: me.role } as const;
  return {
    // Per admin, the roles the signed-in admin may give them (none: no select, no edit, no delete).
    admins: admins.map((admin) => ({ ...admin, roles: ROLES.filter((role) => canAssignRole(by, admin.role, role)) })),
    meId: me.id,
    invitations,
    inviting,
    mailOn: ports.mail.enabled(),
    inviteRoles: ROLES.filter((role) => canAssignRole(by, null, role)),
  };
}

const ROLE_INTENT = "role";

export async function action({ request }: ActionFunctionArgs) {
  const me = await requirePermission(request, "admins:write");
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === ROLE_INTENT) return changeRoleOf(request, form, me);
  if (intent === INVITATION_INTENTS.invite) return invite(request, form, me);
  if (intent === INVITATION_INTENTS.resend || intent === INVITATION_INTENTS.withdraw) return changeInvitation(request, form, me, intent);

  const submission = await parseWithZod(form, {
    schema: adminInput.superRefine(async ({ email }, ctx) => {
      if (await isEmailTaken(email)) ctx.addIssue({ code: "custom", path: ["email"], message: messages.emailTaken });
    }),
    async: true,
    ...asTyped,
  });
  let refusal: { fieldErrors: Record<string, string[]>; status: number } | null = null;
  if (submission.status !== "success") refusal = { fieldErrors: {}, status: 422 };
  else {
    try {
      const created = await createAdmin(submission.value, ports.passwords, requestOrigin(request, me, "form"));
      if (!created.ok) refusal = { fieldErrors: { email: [messages.emailTaken] }, status: 422 };
    } catch (error) {
      // Unexpected (the database): the fallback message, with the form kept as typed.
      console.error("Adding an admin failed:", error);
      refusal = { fieldErrors: {}, status: 500 };
    }
  }
  if (refusal) {
    const message = joinErrors(
      { ...(submission.status === "error" ? submission.error : {}), ...refusal.fieldErrors },
      messages.adminAddFailed,
    );
    // The fields' messages show under them; only the fallback (no field to blame) is the form's own.
    const byField = submission.status === "error" || Object.keys(refusal.fieldErrors).length > 0;
    const result = submission.reply({ formErrors: byField ? [] : [message], fieldErrors: refusal.fieldErrors, hideFields: ["password"] });
    return refusedWithToast(request, { ok: false as const, result }, message, refusal.status);
  }
  // Post/Redirect/Get: the list shows the new admin last and the form is empty, with or without JavaScript.
  return redirectWithSuccess(USERS, messages.adminAdded);
}

const delivery = () => ({ mail: ports.mail, siteUrl: getEnv().SITE_URL });

/** Back to the view the post came from: the invitation form stays open for the next one. */
const backTo = (request: Request) => (new URL(request.url).searchParams.get("add") === "invitation" ? INVITING : USERS);

async function changeRoleOf(request: Request, form: FormData, me: Admin & { role: Role }) {
  const submission = parseWithZod(form, { schema: roleChangeInput, ...asTyped });
  if (submission.status !== "success") return redirectWithError(USERS, messages.roleInvalid);
  const id = String(form.get("id") ?? "");
  const changed = await changeRole(id, submission.value.role, requestOrigin(request, me, "form"), { by: { kind: "admin", role: me.role } });
  if (changed.ok) return redirectWithSuccess(USERS, messages.roleChanged(changed.value.name, changed.value.role));
  if (changed.reason === "forbidden") throw await forbidden(me, "owners:write");
  return redirectWithError(USERS, changed.reason === "last-owner" ? messages.lastOwner : messages.adminNotFound);
}

async function invite(request: Request, form: FormData, me: Admin & { role: Role }) {
  const submission = await parseWithZod(form, {
    schema: invitationInput.superRefine(async ({ email }, ctx) => {
      if (await isEmailTaken(email)) ctx.addIssue({ code: "custom", path: ["email"], message: messages.emailTaken });
      else if (await isEmailInvited(email)) ctx.addIssue({ code: "custom", path: ["email"], message: messages.emailInvited });
    }),
    async: true,
    ...asTyped,
  });
  let fieldErrors: Record<string, string[]> = {};
  if (submission.status === "success") {
    const sent = await inviteAdmin(submission.value, requestOrigin(request, me, "form"), delivery(), {
      by: { kind: "admin", role: me.role },
    });
    if (sent.ok) return answerSent(request, sent.value, messages.invitationSent);
    if (sent.reason === "forbidden") throw await forbidden(me, "owners:write");
    // Two admins inviting one email at once: the refinement saw neither.
    fieldErrors = { email: [sent.reason === "email-taken" ? messages.emailTaken : messages.emailInvited] };
  }
  const message = joinErrors({ ...(submission.status === "error" ? submission.error : {}), ...fieldErrors }, messages.invitationFailed);
  const result = submission.reply({ fieldErrors });
  return refusedWithToast(request, { ok: false as const, form: INVITATION_INTENTS.invite, result }, message);
}

async function changeInvitation(request: Request, form: FormData, me: Admin & { role: Role }, intent: "resend" | "withdraw") {
  const id = String(form.get("id") ?? "");
  if (intent === "withdraw") {
    const withdrawn = await withdrawInvitation(id, requestOrigin(request, me, "form"));
    if (!withdrawn.ok) return redirectWithError(backTo(request), messages.invitationNotFound);
    return redirectWithSuccess(backTo(request), messages.invitationWithdrawn(withdrawn.value.email));
  }
  const sent = await resendInvitation(id, requestOrigin(request, me, "form"), delivery(), { by: { kind: "admin", role: me.role } });
  if (!sent.ok && sent.reason === "forbidden") throw await forbidden(me, "owners:write");
  if (!sent.ok)
    return redirectWithError(backTo(request), sent.reason === "email-taken" ? messages.emailTaken : messages.invitationNotFound);
  return answerSent(request, sent.value, messages.invitationResent);
}

/** A toast when the mail is on its way, else the link handed over. */
function answerSent(request: Request, sent: SentInvitation, toast: (email: string) => string) {
  if (sent.emailed) return redirectWithSuccess(backTo(request), toast(sent.invitation.email));
  return handOver(sent);
}

/** No mail went: the link is in this answer only, for the inviting admin to pass on; Re-send makes a new one if it is lost. */
function handOver({ invitation, link }: SentInvitation) {
  const handover: Handover = { name: invitation.name, email: invitation.email, link, mailOn: ports.mail.enabled() };
  return data({ ok: true as const, handover });
}

export default function Users() {
  const { admins, meId, invitations, inviting, mailOn, inviteRoles } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const refusedInvitation = actionData && "form" in actionData && "result" in actionData ? actionData : null;
  const refused = actionData && "result" in actionData && !refusedInvitation ? actionData : null;
  const handover = actionData && "handover" in actionData ? actionData.handover : null;
  const navigation = useNavigation();
  const adding = navigation.state === "submitting" && navigation.formData?.get("intent") === "create";
  const fetchers = useFetchers();
  const visible = admins.filter((admin) => !isPendingDelete(fetchers, `/dashboard/users/${admin.id}/delete`));

  const formRef = useRef<HTMLFormElement>(null);
  const wasAdding = useRef(false);
  useEffect(() => {
    if (adding) wasAdding.current = true;
    else if (wasAdding.current && navigation.state === "idle") {
      wasAdding.current = false;
      // A native reset: conform, listening, forgets the last refusal too.
      if (!refused) formRef.current?.reset();
    }
  }, [adding, navigation.state, refused]);

  const [form, fields] = useForm({
    id: "add-admin",
    lastResult: refused?.result,
    onValidate: checkWith(adminInput, { submit: "server" }),
    ...fieldByField,
  });
  const placed = placeMessages(form);

  return (
    <div className="grid gap-8 xl:grid-cols-[1fr_22rem]">
      <div className="min-w-0">
        <section aria-labelledby="admins-heading">
          <ScreenHeading title="Admins" />
          <h3 id="admins-heading" className="sr-only">
            Admin list
          </h3>
          {visible.length === 0 ? (
            <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">No admins found.</p>
          ) : (
            <ul
              aria-labelledby="admins-heading"
              className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white"
            >
              {visible.map((admin) => (
                <li key={admin.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
                  <div className="min-w-0">
                    <p className="font-medium">
                      {admin.name}
                      {admin.id === meId ? (
                        <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">You</span>
                      ) : null}
                    </p>
                    <p className="truncate text-sm text-slate-600">{admin.email}</p>
                    {admin.roles.length ? null : <p className="text-sm text-slate-600">{roleLabel(admin.role)}</p>}
                  </div>
                  <div className="flex flex-wrap gap-2">
                    {admin.roles.length ? <RoleForm admin={admin} /> : null}
                    {admin.roles.length === 0 && admin.id !== meId ? null : (
                      <Link
                        to={`/dashboard/users/${admin.id}/edit`}
                        className={buttonClass.compact.secondary}
                        aria-label={`Edit ${admin.name}`}
                      >
                        Edit
                      </Link>
                    )}
                    {admin.id === meId || admin.roles.length === 0 ? null : (
                      <DeleteButton
                        href={`/dashboard/users/${admin.id}/delete`}
                        question={messages.confirmDeleteAdmin}
                        label={`Delete ${admin.name}`}
                      />
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
        <PendingInvitations invitations={invitations} />
      </div>

      <section aria-labelledby="add-admin-heading" className="h-fit rounded-2xl border border-slate-200 bg-white p-6">
        <h2 id="add-admin-heading" className="text-lg font-semibold">
          Add New Admin
        </h2>
        {handover ? <LinkHandover handover={handover} /> : null}
        {inviting ? (
          <InviteForm lastResult={refusedInvitation?.result} mailOn={mailOn} roles={inviteRoles} />
        ) : (
          <Form ref={formRef} method="post" {...getFormProps(form)} className="mt-4 space-y-4">
            <input type="hidden" name="intent" value="create" />
            <FormError id={form.errorId} message={placed.message} />
            <Field
              label="Name"
              inputProps={{ ...getInputProps(fields.name, { type: "text" }), id: "name", autoComplete: "off", required: true }}
              {...placed.field(fields.name.errors)}
            />
            <Field
              label="Email"
              inputProps={{ ...getInputProps(fields.email, { type: "email" }), id: "email", autoComplete: "off", required: true }}
              {...placed.field(fields.email.errors)}
            />
            <Field
              label="Password"
              inputProps={{
                ...getInputProps(fields.password, { type: "password" }),
                id: "password",
                autoComplete: "new-password",
                required: true,
                minLength: 8,
              }}
              {...placed.field(fields.password.errors)}
              hint="At least 8 characters."
            />
            <button type="submit" disabled={adding} className={`${buttonClass.compact.primary} w-full`}>
              {adding ? "Adding Admin..." : "Add Admin"}
            </button>
          </Form>
        )}
        <p className="mt-4 text-sm">
          <Link to={inviting ? USERS : INVITING} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
            {inviting ? "Set a password instead" : "Send an invitation instead"}
          </Link>
        </p>
      </section>
    </div>
  );
}

/** A role per admin, for those allowed to give one (docs/security.md#roles); a plain post, so it works without JavaScript. */
function RoleForm({ admin }: { admin: { id: string; name: string; role: Role; roles: Role[] } }) {
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" && navigation.formData?.get("intent") === ROLE_INTENT && navigation.formData?.get("id") === admin.id;
  return (
    <Form method="post" className="flex items-center gap-2">
      <input type="hidden" name="intent" value={ROLE_INTENT} />
      <input type="hidden" name="id" value={admin.id} />
      <select
        id={`role-${admin.id}`}
        name="role"
        aria-label={`Role of ${admin.name}`}
        defaultValue={admin.role}
        className="rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm"
      >
        {admin.roles.map((role) => (
          <option key={role} value={role}>
            {roleLabel(role)}
          </option>
        ))}
      </select>
      <button type="submit" disabled={busy} className={buttonClass.compact.secondary} aria-label={`Change the role of ${admin.name}`}>
        {busy ? "Changing..." : "Change role"}
      </button>
    </Form>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  { title: titleWith(matches, "User Management") },
  { name: "robots", content: "noindex" },
];
