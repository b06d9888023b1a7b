import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type HeadersFunction, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AccountCard, BackToSignIn } from "~/components/account-card";
import { FormError } from "~/components/dashboard/dashboard-ui";
import { asTyped, checkWith, Field, fieldByField, placeMessages } from "~/components/forms";
import { messages } from "~/domain/messages";
import { titleWith } from "~/domain/page-content";
import { passwordResetRequestInput } from "~/domain/schemas";
import { boundedRequest } from "~/server/bounded-body.server";
import { requireDb } from "~/server/db.server";
import { requestReset } from "./__password-reset-request.server";
import { ports } from "~/server/ports.server";

// docs/behaviour.md#password-reset: the same answer, in the same time, whether or not an admin has the email.
export async function loader() {
  return { mailOn: ports.mail.enabled() };
}

export async function action({ request: sent }: ActionFunctionArgs) {
  // Anyone can post here: the body is read only up to a small cap (413 past it).
  const request = await boundedRequest(sent);
  const submission = parseWithZod(await request.formData(), { schema: passwordResetRequestInput, ...asTyped });
  if (submission.status !== "success") return data({ ok: false as const, result: submission.reply() }, { status: 422 });
  await requireDb();
  const outcome = await requestReset(request, submission.value.email, "form");
  if (!outcome.ok) {
    const headers: HeadersInit = outcome.status === 429 ? { "Retry-After": String(outcome.retryAfterSeconds) } : {};
    return data({ ok: false as const, result: submission.reply({ formErrors: [outcome.message] }) }, { status: outcome.status, headers });
  }
  return { ok: true as const, message: outcome.message };
}

export const headers: HeadersFunction = ({ actionHeaders }) => {
  const headers = new Headers();
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

export default function ForgotPassword() {
  const { mailOn } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = useForm({
    id: "forgot-password",
    lastResult: answer?.ok === false ? answer.result : undefined,
    onValidate: checkWith(passwordResetRequestInput),
    ...fieldByField,
  });
  const placed = placeMessages(form);

  if (answer?.ok) {
    return (
      <AccountCard title="Check your email">
        <p role="status" className="mt-4 text-slate-700">
          {answer.message}
        </p>
        <BackToSignIn />
      </AccountCard>
    );
  }
  return (
    <AccountCard title="Forgot your password?">
      {mailOn ? (
        <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
          <p className="text-sm text-slate-700">
            Enter the email of your admin account and we will email you a link to choose a new password.
          </p>
          <FormError id={form.errorId} message={placed.message} />
          <Field
            label="Email"
            inputProps={{ ...getInputProps(fields.email, { type: "email" }), id: "email", autoComplete: "email", required: true }}
            {...placed.field(fields.email.errors)}
          />
          <button
            type="submit"
            disabled={sending}
            className="w-full rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700 disabled:opacity-60"
          >
            {sending ? "Sending..." : "Email me a link"}
          </button>
        </Form>
      ) : (
        <p className="mt-4 text-slate-700">{messages.resetMailOff}</p>
      )}
      <BackToSignIn />
    </AccountCard>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  { title: titleWith(matches, "Forgot your password") },
  { name: "robots", content: "noindex" },
];
