import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useNavigate, useNavigation, useSearchParams, type ShouldRevalidateFunction } from "@remix-run/react";
import { useEffect } from "react";
import { ScriptedField, sentWithScript } from "~/components/scripted-field";
import { site } from "~/content/site";
import { REDIRECT_DELAY_MS } from "~/domain/constants";
import { messages } from "~/domain/messages";
import { seo } from "~/lib/seo";
import { getAdmin, login, safeRedirect } from "~/server/auth.server";
import { boundedRequest } from "~/server/bounded-body.server";
import { jsonWithSuccess, redirectWithSuccess } from "~/server/toast.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { admin } = await getAdmin(request);
  if (admin) throw redirect("/dashboard");
  return null;
}

export async function action({ request: sent }: ActionFunctionArgs) {
  // Anyone can post here: the body is read only up to a small cap (413 past it).
  const request = await boundedRequest(sent);
  const form = await request.clone().formData();
  const email = String(form.get("email") ?? "");
  const result = await login(request);
  if (!result.ok) {
    const headers: HeadersInit = result.retryAfterSeconds ? { "Retry-After": String(result.retryAfterSeconds) } : {};
    return data({ ok: false as const, message: result.message, values: { email } }, { status: result.status, headers });
  }
  const redirectTo = safeRedirect(form.get("redirectTo"));
  const headers = { "Set-Cookie": result.cookie };
  // With JavaScript the page shows the toast and moves on after 2 s (SPEC §2); without it, straight on.
  if (sentWithScript(form)) {
    return jsonWithSuccess({ ok: true as const, redirectTo }, messages.loginSuccess, { headers });
  }
  return redirectWithSuccess(redirectTo, messages.loginSuccess, { headers });
}

// The sign-in page is never cached; a refusal for too many attempts says when to try again.
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
  const navigation = useNavigation();
  const navigate = useNavigate();

  const signedIn = actionData?.ok === true ? actionData : null;
  useEffect(() => {
    if (!signedIn) return;
    const timer = setTimeout(() => navigate(signedIn.redirectTo, { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [signedIn, navigate]);

  const submitting = (navigation.state !== "idle" && navigation.formMethod === "POST") || Boolean(signedIn);
  const error = actionData?.ok === false ? actionData : null;

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-5 py-12">
      <div className="w-full max-w-sm">
        <Link to="/" className="mb-6 flex items-center justify-center gap-2 text-lg font-bold">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          {site.name}
        </Link>
        <div className="rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
          <h1 className="text-2xl font-bold tracking-tight">Sign in to the product</h1>
          <Form method="post" className="mt-6 space-y-4" noValidate aria-describedby={error ? "login-error" : undefined}>
            <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
            <ScriptedField />
            <div>
              <label htmlFor="email" className="block text-sm font-medium">Email</label>
              <input
                id="email"
                name="email"
                type="email"
                autoComplete="email"
                required
                defaultValue={error?.values.email}
                aria-invalid={error ? true : undefined}
                className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
              />
            </div>
            <div>
              <label htmlFor="password" className="block text-sm font-medium">Password</label>
              <input
                id="password"
                name="password"
                type="password"
                autoComplete="current-password"
                required
                aria-invalid={error ? true : undefined}
                className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
              />
            </div>
            {error ? (
              <p id="login-error" role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
                {error.message || messages.loginFailed}
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
        </div>
      </div>
    </main>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  seo({ matches, path: "/login", title: `Sign in | ${site.name}`, description: `Sign in to the ${site.name} dashboard.`, noindex: true });
