import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ScreenHeading } from "~/components/dashboard/dashboard-ui";
import { listAdminTokens, listAdminSessions } from "~/domain/access.server";
import { titleWith } from "~/domain/page-content";
import { hasTwoFactor } from "~/domain/two-factor.server";
import { requireAdmin } from "~/server/auth.server";

// docs/behaviour.md#my-account: the signed-in admin's own account; each part has its own page.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context);
  const [sessions, tokens, twoFactorOn] = await Promise.all([
    listAdminSessions(admin.id, ""),
    listAdminTokens(admin.id),
    hasTwoFactor(admin.id),
  ]);
  return { admin, access: { sessions: sessions.length, tokens: tokens.length }, twoFactorOn };
}

export default function Account() {
  const { admin, access, twoFactorOn } = useLoaderData<typeof loader>();
  const linkClass = "font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800";
  return (
    <div className="max-w-2xl space-y-6">
      <ScreenHeading title="My account" />
      <section aria-labelledby="account-details" className="rounded-2xl border border-slate-200 bg-white p-6">
        <h3 id="account-details" className="text-lg font-semibold">
          {admin.name}
        </h3>
        <p className="mt-1 break-words text-slate-700">{admin.email}</p>
        <p className="mt-4">
          <Link to={`/dashboard/users/${admin.id}/edit`} className={linkClass}>
            Change your name, email or password
          </Link>
        </p>
      </section>
      <section aria-labelledby="account-sessions" className="rounded-2xl border border-slate-200 bg-white p-6">
        <h3 id="account-sessions" className="text-lg font-semibold">
          My sessions
        </h3>
        <p className="mt-1 text-slate-700">
          {access.sessions === 1 ? "1 signed-in browser" : `${access.sessions} signed-in browsers`} and{" "}
          {access.tokens === 1 ? "1 API token" : `${access.tokens} API tokens`}.
        </p>
        <p className="mt-4">
          <Link to="/dashboard/account/sessions" className={linkClass}>
            See and end your sessions
          </Link>
        </p>
      </section>
      <section aria-labelledby="account-two-factor" className="rounded-2xl border border-slate-200 bg-white p-6">
        <h3 id="account-two-factor" className="text-lg font-semibold">
          Two-factor sign-in
        </h3>
        <p className="mt-1 text-slate-700">
          {twoFactorOn ? "On: signing in asks for a code from your authenticator app." : "Off: your password alone signs you in."}
        </p>
        <p className="mt-4">
          <Link to="/dashboard/account/two-factor" className={linkClass}>
            {twoFactorOn ? "Manage two-factor sign-in" : "Set up two-factor sign-in"}
          </Link>
        </p>
      </section>
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) => [{ title: titleWith(matches, "My account") }, { name: "robots", content: "noindex" }];
