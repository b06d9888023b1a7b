import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AccountCard, AccountSubmit, BackToSignIn, NewPasswordField } from "~/components/account-card";
import { FormError } from "~/components/dashboard/ui";
import { asTyped, checkWith, Field, fieldByField, placeMessages } from "~/components/forms";
import { acceptInvitation, invitationByToken } from "~/domain/invitations.server";
import { linkRefusalMessage, messages } from "~/domain/messages";
import { titleWith } from "~/domain/page-content";
import { newPasswordInput } from "~/domain/schemas";
import { adminTarget } from "~/server/account-audit.server";
import { audit } from "~/server/audit.server";
import { boundedRequest } from "~/server/bounded-body.server";
import { requireDb } from "~/server/db.server";
import { forgetLinkToken, keepLinkToken, linkTokenOf } from "~/server/link-cookie.server";
import { ports } from "~/server/ports.server";
import { destroySession } from "~/server/session.server";
import { redirectWithSuccess } from "~/server/toast.server";

// docs/behaviour.md#invitations. /invitation/<token> is the mail's link: its token moves into a cookie at once
// (decision 0026), and /invitation is the page. Accepting makes the account, then the invitee signs in.
export async function loader({ request, params }: LoaderFunctionArgs) {
  if (params.token)
    throw redirect("/invitation", {
      headers: { "Set-Cookie": await keepLinkToken("invitation", params.token), "Cache-Control": "no-store" },
    });
  await requireDb();
  const invitation = await invitationByToken(await linkTokenOf(request, "invitation"));
  return invitation.state === "pending"
    ? invitation
    : { state: invitation.state, message: linkRefusalMessage("invitation", invitation.state) };
}

export async function action({ request: sent }: ActionFunctionArgs) {
  // Anyone can post here: the body is read only up to a small cap (413 past it).
  const request = await boundedRequest(sent);
  const submission = parseWithZod(await request.formData(), { schema: newPasswordInput, ...asTyped });
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 422 });
  await requireDb();
  const accepted = await acceptInvitation(await linkTokenOf(request, "invitation"), submission.value.password, ports.passwords);
  if (!accepted.ok) {
    const message = accepted.reason === "email-taken" ? messages.emailTaken : linkRefusalMessage("invitation", accepted.reason);
    const status = accepted.reason === "email-taken" ? 409 : accepted.reason === "unknown" ? 404 : 410;
    return data({ result: submission.reply({ formErrors: [message], hideFields: ["password"] }) }, { status });
  }
  const admin = accepted.value;
  await audit(request, "invitation.accepted", { actor: admin, target: adminTarget(admin) });
  // The invitee signs in with the new password, through every check a sign-in has; another admin's session in this browser ends.
  const headers = new Headers();
  headers.append("Set-Cookie", await forgetLinkToken("invitation"));
  headers.append("Set-Cookie", await destroySession(request));
  return redirectWithSuccess("/login", messages.invitationAccepted, { headers });
}

export default function Invitation() {
  const invitation = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = useForm({
    id: "invitation",
    lastResult: refused?.result,
    onValidate: checkWith(newPasswordInput),
    ...fieldByField,
  });
  const placed = placeMessages(form);

  if (invitation.state !== "pending") {
    return (
      <AccountCard title="This invitation cannot be used">
        <p className="mt-4 text-slate-700">{invitation.message}</p>
        <p className="mt-4 text-sm text-slate-700">Ask the admin who invited you to send a new invitation.</p>
        <BackToSignIn />
      </AccountCard>
    );
  }
  const { invitee } = invitation;
  return (
    <AccountCard title={`Welcome, ${invitee.name}`}>
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
        <p className="text-sm text-slate-700">You are invited to be an admin. Choose your password to make your account, then sign in.</p>
        <FormError id={form.errorId} message={placed.message} />
        <Field
          label="Email"
          inputProps={{
            id: "account-email",
            type: "email",
            name: "username",
            value: invitee.email,
            readOnly: true,
            autoComplete: "username",
          }}
        />
        <NewPasswordField
          label="Password"
          inputProps={getInputProps(fields.password, { type: "password" })}
          placement={placed.field(fields.password.errors)}
        />
        <AccountSubmit busy={saving} label="Make my account" busyLabel="Making your account..." />
      </Form>
      <BackToSignIn />
    </AccountCard>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  { title: titleWith(matches, "Your invitation") },
  { name: "robots", content: "noindex" },
];
