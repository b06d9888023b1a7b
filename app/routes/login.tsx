import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useNavigate,
  useNavigation,
  useSearchParams,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { useEffect } from "react";
import { AccountCard, accountLinkClass } from "~/components/account-card";
import { fieldByField, checkWith, formMessage } from "~/components/forms";
import { brandFrom, titleWith } from "~/domain/page-content";
import { REDIRECT_DELAY_MS } from "~/domain/constants";
import { messages } from "~/domain/messages";
import { loginInput, twoFactorCodeInput } from "~/domain/schemas";
import { seo } from "~/lib/seo";
import { SIGN_IN_INTENT } from "~/lib/sign-in-steps";
import { getAdmin, login, signInStep } from "~/server/auth.server";
import { boundedRequest } from "~/server/bounded-body.server";
import { savedThenTo } from "~/server/forms.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { admin } = await getAdmin(request);
  if (admin) throw redirect("/dashboard");
  return { step: await signInStep(request) };
}

export async function action({ request: sent }: ActionFunctionArgs) {
  // Anyone can post here: the body is read only up to a small cap (413 past it).
  const request = await boundedRequest(sent);
  const answer = await login(request);
  const headers = new Headers();
  for (const cookie of answer.cookies) headers.append("Set-Cookie", cookie);
  if (answer.kind === "signed-in") return savedThenTo(request, answer.redirectTo, messages.loginSuccess, { init: { headers } });
  // Post/Redirect/Get: the page shows the step the signed cookie says, also after a reload.
  if (answer.kind === "to-step") return redirect("/login", { headers });
  if (answer.retryAfterSeconds) headers.set("Retry-After", String(answer.retryAfterSeconds));
  return data({ ok: false as const, step: answer.step, result: answer.result }, { status: answer.status, headers });
}

export const headers: HeadersFunction = ({ actionHeaders }) => {
  const headers = new Headers({ "Cache-Control": "no-store" });
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

// After a successful sign-in the page waits 2 s before leaving: its loader must not redirect at once.
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  (actionResult as { ok?: boolean } | undefined)?.ok ? false : defaultShouldRevalidate;

export default function Login() {
  const { step: shownStep } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigate = useNavigate();

  const signedIn = actionData?.ok === true ? actionData : null;
  useEffect(() => {
    if (!signedIn) return;
    const timer = setTimeout(() => navigate(signedIn.redirectTo, { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [signedIn, navigate]);

  const refused = actionData?.ok === false ? actionData : null;
  const step = refused?.step ?? shownStep;
  return (
    <AccountCard
      title="Sign in to the product"
      after={
        <p className="mt-6 text-center text-sm">
          <Link to="/" className={accountLinkClass}>
            <span aria-hidden="true">← </span>Back to the site
          </Link>
        </p>
      }
    >
      {step === "code" ? (
        <CodeStep result={refused?.step === "code" ? refused.result : undefined} signedIn={Boolean(signedIn)} />
      ) : (
        <PasswordStep result={refused?.step === "password" ? refused.result : undefined} signedIn={Boolean(signedIn)} />
      )}
    </AccountCard>
  );
}

type StepProps = { result: SubmissionResult<string[]> | undefined; signedIn: boolean };

const inputClass = "mt-1 w-full rounded-lg border border-slate-300 px-3 py-2";
const submitClass = "w-full rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700 disabled:opacity-60";

function useSubmitting(intent: string | null, signedIn: boolean) {
  const navigation = useNavigation();
  const posting = navigation.state !== "idle" && navigation.formMethod === "POST" && navigation.formData?.get("intent") === intent;
  return posting || signedIn;
}

function Alert({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
      {message}
    </p>
  ) : null;
}

function PasswordStep({ result, signedIn }: StepProps) {
  const [searchParams] = useSearchParams();
  const submitting = useSubmitting(null, signedIn);
  const [form, fields] = useForm({ id: "login", lastResult: result, onValidate: checkWith(loginInput), ...fieldByField });
  const error = formMessage(form);
  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4" aria-describedby={error ? form.errorId : undefined}>
      <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
      <div>
        <label htmlFor={fields.email.id} className="block text-sm font-medium">
          Email
        </label>
        <input
          {...getInputProps(fields.email, { type: "email", ariaAttributes: false })}
          autoComplete="email"
          required
          aria-invalid={error ? true : undefined}
          className={inputClass}
        />
      </div>
      <div>
        <label htmlFor={fields.password.id} className="block text-sm font-medium">
          Password
        </label>
        <input
          {...getInputProps(fields.password, { type: "password", ariaAttributes: false })}
          autoComplete="current-password"
          required
          aria-invalid={error ? true : undefined}
          className={inputClass}
        />
      </div>
      <Alert id={form.errorId} message={error} />
      <button type="submit" disabled={submitting} className={submitClass}>
        {submitting ? "Signing in..." : "Sign in"}
      </button>
      <p className="text-center text-sm">
        <Link to="/forgot-password" className={accountLinkClass}>
          Forgot your password?
        </Link>
      </p>
    </Form>
  );
}

/** The second step of a two-factor sign-in (docs/behaviour.md#two-factor-sign-in). */
function CodeStep({ result, signedIn }: StepProps) {
  const submitting = useSubmitting(SIGN_IN_INTENT.code, signedIn);
  const [form, fields] = useForm({ id: "login-code", lastResult: result, onValidate: checkWith(twoFactorCodeInput), ...fieldByField });
  const error = formMessage(form);
  const hintId = `${fields.code.id}-hint`;
  return (
    <>
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4" aria-describedby={error ? form.errorId : undefined}>
        <h2 className="text-lg font-semibold">Two-factor sign-in</h2>
        <div>
          <label htmlFor={fields.code.id} className="block text-sm font-medium">
            Authentication code
          </label>
          <input
            {...getInputProps(fields.code, { type: "text", ariaAttributes: false })}
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={hintId}
            className={inputClass}
          />
          <p id={hintId} className="mt-1 text-xs text-slate-600">
            The 6-digit code your authenticator app shows now, or one of your recovery codes.
          </p>
        </div>
        <Alert id={form.errorId} message={error} />
        <button type="submit" name="intent" value={SIGN_IN_INTENT.code} disabled={submitting} className={submitClass}>
          {submitting ? "Signing in..." : "Sign in"}
        </button>
      </Form>
      <Form method="post" className="mt-4 text-center">
        <button
          type="submit"
          name="intent"
          value={SIGN_IN_INTENT.restart}
          className="text-sm font-medium text-brand-700 underline underline-offset-2"
        >
          Use another account
        </button>
      </Form>
    </>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  seo({
    matches,
    path: "/login",
    title: titleWith(matches, "Sign in"),
    description: `Sign in to the ${brandFrom(matches).name} dashboard.`,
    noindex: true,
  });
