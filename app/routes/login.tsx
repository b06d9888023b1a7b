import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useNavigate, useNavigation, useSearchParams, type ShouldRevalidateFunction } from "@remix-run/react";
import { useEffect } from "react";
import { fieldByField, checkWith, formMessage } from "~/components/forms";
import { BrandMark } from "~/components/site/frame";
import { useFrame } from "~/hooks/use-frame";
import { brandFrom, titleWith } from "~/domain/page-content";
import { REDIRECT_DELAY_MS } from "~/domain/constants";
import { messages } from "~/domain/messages";
import { loginInput } from "~/domain/schemas";
import { seo } from "~/lib/seo";
import { getAdmin, login, safeRedirect } from "~/server/auth.server";
import { boundedRequest } from "~/server/bounded-body.server";
import { savedThenTo } from "~/server/forms.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { admin } = await getAdmin(request);
  if (admin) throw redirect("/dashboard");
  return null;
}

export async function action({ request: sent }: ActionFunctionArgs) {
  // Anyone can post here: the body is read only up to a small cap (413 past it).
  const request = await boundedRequest(sent);
  const { submission, redirectTo, outcome } = await login(request);
  if (!outcome.ok) {
    const headers: HeadersInit = outcome.retryAfterSeconds ? { "Retry-After": String(outcome.retryAfterSeconds) } : {};
    const reply = submission.reply({ formErrors: [outcome.message || messages.loginFailed], hideFields: ["password"] });
    return data({ ok: false as const, result: reply }, { status: outcome.status, headers });
  }
  return savedThenTo(request, safeRedirect(redirectTo), messages.loginSuccess, { init: { headers: { "Set-Cookie": outcome.cookie } } });
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
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const brand = useFrame()?.brand;
  const navigation = useNavigation();
  const navigate = useNavigate();

  const signedIn = actionData?.ok === true ? actionData : null;
  useEffect(() => {
    if (!signedIn) return;
    const timer = setTimeout(() => navigate(signedIn.redirectTo, { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [signedIn, navigate]);

  const submitting = (navigation.state !== "idle" && navigation.formMethod === "POST") || Boolean(signedIn);
  const [form, fields] = useForm({
    id: "login",
    lastResult: actionData?.ok === false ? actionData.result : undefined,
    onValidate: checkWith(loginInput),
    ...fieldByField,
  });
  const error = formMessage(form);

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-5 py-12">
      <div className="w-full max-w-sm">
        <Link to="/" className="mb-6 flex items-center justify-center gap-2 text-lg font-bold">
          <BrandMark logo={brand?.logo ?? null} />
          {brand?.name}
        </Link>
        <div className="rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
          <h1 className="text-2xl font-bold tracking-tight">Sign in to the product</h1>
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
                className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
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
                className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
              />
            </div>
            {error ? (
              <p id={form.errorId} role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
                {error}
              </p>
            ) : null}
            <button
              type="submit"
              disabled={submitting}
              className="w-full rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700 disabled:opacity-60"
            >
              {submitting ? "Signing in..." : "Sign in"}
            </button>
          </Form>
          <p className="mt-4 text-center text-sm">
            <Link to="/forgot-password" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
              Forgot your password?
            </Link>
          </p>
        </div>
      </div>
    </main>
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
