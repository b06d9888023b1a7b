import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AccountCard, accountLinkClass, AccountSubmit, BackToSignIn, NewPasswordField } from "~/components/account-card";
import { FormError } from "~/components/dashboard/ui";
import { asTyped, checkWith, Field, fieldByField, placeMessages } from "~/components/forms";
import { linkRefusalMessage, messages } from "~/domain/messages";
import { titleWith } from "~/domain/page-content";
import { resetLinkByToken, resetPassword } from "~/domain/password-resets.server";
import { newPasswordInput } from "~/domain/schemas";
import { adminTarget } from "~/server/account-audit.server";
import { audit } from "~/server/audit.server";
import { boundedRequest } from "~/server/bounded-body.server";
import { requireDb } from "~/server/db.server";
import { forgetLinkToken, keepLinkToken, linkTokenOf } from "~/server/link-cookie.server";
import { ports } from "~/server/ports.server";
import { destroySession } from "~/server/session.server";
import { redirectWithSuccess } from "~/server/toast.server";

// docs/behaviour.md#password-reset. /reset-password/<token> is the mail's link: its token moves into a cookie at once
// (decision 0026), and /reset-password is the page.
export async function loader({ request, params }: LoaderFunctionArgs) {
  if (params.token)
    throw redirect("/reset-password", {
      headers: { "Set-Cookie": await keepLinkToken("reset", params.token), "Cache-Control": "no-store" },
    });
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
  const reset = await resetPassword(await linkTokenOf(request, "reset"), submission.value.password, ports.passwords);
  if (!reset.ok) {
    const result = submission.reply({ formErrors: [linkRefusalMessage("reset", reset.reason)], hideFields: ["password"] });
    return data({ result }, { status: reset.reason === "unknown" ? 404 : 410 });
  }
  const { admin, ended } = reset.value;
  await audit(request, "password.reset", {
    actor: admin,
    target: adminTarget(admin),
    details: { sessions_ended: ended.sessions, tokens_revoked: ended.tokens },
  });
  // Every session of the admin has ended; this browser's cookie goes too, whoever's it was, so that the next page is the sign-in.
  const headers = new Headers();
  headers.append("Set-Cookie", await forgetLinkToken("reset"));
  headers.append("Set-Cookie", await destroySession(request));
  return redirectWithSuccess("/login", messages.passwordResetDone, { headers });
}

export default function ResetPassword() {
  const link = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = useForm({
    id: "reset-password",
    lastResult: refused?.result,
    onValidate: checkWith(newPasswordInput),
    ...fieldByField,
  });
  const placed = placeMessages(form);

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
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
        <p className="text-sm text-slate-700">
          Saving it ends every session and API token of your account, on every device: then sign in with the new password.
        </p>
        <FormError id={form.errorId} message={placed.message} />
        <Field
          label="Email"
          inputProps={{ id: "account-email", type: "email", name: "username", value: link.email, readOnly: true, autoComplete: "username" }}
        />
        <NewPasswordField
          label="New password"
          inputProps={getInputProps(fields.password, { type: "password" })}
          placement={placed.field(fields.password.errors)}
        />
        <AccountSubmit busy={saving} label="Save new password" busyLabel="Saving..." />
      </Form>
      <BackToSignIn />
    </AccountCard>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  { title: titleWith(matches, "Choose a new password") },
  { name: "robots", content: "noindex" },
];
