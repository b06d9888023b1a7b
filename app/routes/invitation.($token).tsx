import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AccountCard, BackToSignIn, NewPasswordForm } from "~/components/account-card";
import { asTyped } from "~/components/forms";
import { acceptInvitation, invitationByToken } from "~/domain/invitations.server";
import { linkRefusalMessage, messages, roleLabel, roleSummary } from "~/domain/messages";
import { titleWith } from "~/domain/page-content";
import { newPasswordInput } from "~/domain/schemas";
import { requestOrigin } from "~/server/client-address.server";
import { boundedRequest } from "~/server/bounded-body.server";
import { requireDb } from "~/server/db.server";
import { leaveForSignIn, linkTokenOf, takeLinkToken } from "~/server/link-cookie.server";
import { ports } from "~/server/ports.server";

// docs/behaviour.md#invitations. /invitation/<token> is the mail's link: its token moves into a cookie at once
// (decision 0026), and /invitation is the page. Accepting makes the account, then the invitee signs in.
export async function loader({ request, params }: LoaderFunctionArgs) {
  await takeLinkToken("invitation", params.token, "/invitation");
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
  const accepted = await acceptInvitation(
    await linkTokenOf(request, "invitation"),
    submission.value.password,
    ports.passwords,
    requestOrigin(request, null, "form"),
  );
  if (!accepted.ok) {
    const message = accepted.reason === "email-taken" ? messages.emailTaken : linkRefusalMessage("invitation", accepted.reason);
    const status = accepted.reason === "email-taken" ? 409 : accepted.reason === "unknown" ? 404 : 410;
    return data({ result: submission.reply({ formErrors: [message], hideFields: ["password"] }) }, { status });
  }
  return leaveForSignIn(request, "invitation", messages.invitationAccepted);
}

export default function Invitation() {
  const invitation = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
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
      <NewPasswordForm
        id="invitation"
        email={invitee.email}
        intro={`You are invited to be an admin, with the role ${roleLabel(invitee.role)}: ${roleSummary(invitee.role)} Choose your password to make your account, then sign in.`}
        passwordLabel="Password"
        submit={{ label: "Make my account", busyLabel: "Making your account..." }}
        lastResult={refused?.result}
      />
      <BackToSignIn />
    </AccountCard>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  { title: titleWith(matches, "Your invitation") },
  { name: "robots", content: "noindex" },
];
