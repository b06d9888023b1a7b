import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AccountCard, accountLinkClass, BackToSignIn, NewPasswordForm } from "~/components/account-card";
import { asTyped } from "~/components/forms";
import { linkRefusalMessage, messages } from "~/domain/messages";
import { titleWith } from "~/domain/page-content";
import { resetLinkByToken, resetPassword } from "~/domain/password-resets.server";
import { newPasswordInput } from "~/domain/schemas";
import { boundedRequest } from "~/server/bounded-body.server";
import { requestOrigin } from "~/server/client-address.server";
import { requireDb } from "~/server/db.server";
import { leaveForSignIn, linkTokenOf, takeLinkToken } from "~/server/link-cookie.server";
import { ports } from "~/server/ports.server";

// docs/behaviour.md#password-reset. /reset-password/<token> is the mail's link: its token moves into a cookie at once
// (decision 0026), and /reset-password is the page.
export async function loader({ request, params }: LoaderFunctionArgs) {
  await takeLinkToken("reset", params.token, "/reset-password");
  await requireDb();
  const link = await resetLinkByToken(await linkTokenOf(request, "reset"));
  return link.state === "pending" ? link : { state: link.state, message: linkRefusalMessage("reset", link.state) };
}

export async function action({ request: sent }: ActionFunctionArgs) {
  // Anyone can post here: the body is read only up to a small cap (413 past it).
  const request = await boundedRequest(sent);
  const submission = parseWithZod(await request.formData(), { schema: newPasswordInput, ...asTyped });
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 422 });
  await requireDb();
  const token = await linkTokenOf(request, "reset");
  const reset = await resetPassword(token, submission.value.password, ports.passwords, requestOrigin(request, null, "form"));
  if (!reset.ok) {
    const result = submission.reply({ formErrors: [linkRefusalMessage("reset", reset.reason)], hideFields: ["password"] });
    return data({ result }, { status: reset.reason === "unknown" ? 404 : 410 });
  }
  // Every session of the admin has ended already; this browser's goes too, whoever's it was.
  return leaveForSignIn(request, "reset", messages.passwordResetDone);
}

export default function ResetPassword() {
  const link = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  if (link.state !== "pending") {
    return (
      <AccountCard title="This link cannot be used">
        <p className="mt-4 text-slate-700">{link.message}</p>
        <p className="mt-4 text-sm">
          <Link to="/forgot-password" className={accountLinkClass}>
            Ask for a new link
          </Link>
        </p>
        <BackToSignIn />
      </AccountCard>
    );
  }
  return (
    <AccountCard title="Choose a new password">
      <NewPasswordForm
        id="reset-password"
        email={link.email}
        intro="Saving it ends every session and API token of your account, on every device: then sign in with the new password."
        passwordLabel="New password"
        submit={{ label: "Save new password", busyLabel: "Saving..." }}
        lastResult={refused?.result}
      />
      <BackToSignIn />
    </AccountCard>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  { title: titleWith(matches, "Choose a new password") },
  { name: "robots", content: "noindex" },
];
