import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useFrame } from "~/hooks/use-frame";
import { titleWith } from "~/domain/page-content";
import { Form, NavLink, Outlet, useLoaderData, useLocation, useRouteError } from "@remix-run/react";
import { ErrorPage, errorStatus, errorTitle } from "~/components/site/error-page";
import { SiteFrame } from "~/components/site/frame";
import { messages } from "~/domain/messages";
import { dashboardNav, dashboardTitle } from "~/content/dashboard";
import { countUnread } from "~/domain/contact-messages.server";
import { can, permissionsOf, type Permission } from "~/domain/permissions";
import { getAdmin, requireAdmin } from "~/server/auth.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context);
  const { role } = await getAdmin(request, context);
  // The entries the role can use (docs/security.md#roles); the unread count only for those who read leads.
  const allowed = (needs: Permission | null) => needs === null || (role !== null && can({ kind: "admin", role }, needs));
  const readsLeads = allowed("leads:read");
  return {
    admin,
    nav: dashboardNav.filter((item) => allowed(item.needs)).map((item) => item.to),
    unread: readsLeads ? await countUnread() : 0,
    permissions: role ? permissionsOf(role) : [],
  };
}

export default function DashboardLayout() {
  const { pathname } = useLocation();
  const { unread, nav } = useLoaderData<typeof loader>();
  const studio = useFrame()?.brand.name;
  return (
    <div className="min-h-screen bg-slate-50 md:flex">
      <aside className="border-b border-slate-200 bg-white md:min-h-screen md:w-64 md:border-r md:border-b-0">
        <p className="px-5 py-4 text-lg font-bold">{studio}</p>
        <nav aria-label="Dashboard">
          {/* On phones every entry wraps into view: a scrolling strip would hide half of them. */}
          <ul className="flex flex-wrap gap-1 px-3 pb-3 md:flex-col md:flex-nowrap">
            {dashboardNav
              .filter((item) => nav.includes(item.to))
              .map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    end
                    className={({ isActive }) =>
                      `relative block whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium ${
                        isActive ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100"
                      }`
                    }
                  >
                    {item.label}
                    {item.to === "/dashboard/messages" && unread > 0 ? " " : null}
                    {item.to === "/dashboard/messages" && unread > 0 ? (
                      <span className="ml-1 rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white">
                        {unread}
                        <span className="sr-only"> unread</span>
                      </span>
                    ) : null}
                  </NavLink>
                </li>
              ))}
            <li>
              <Form method="post" action="/logout">
                <button
                  type="submit"
                  className="whitespace-nowrap rounded-lg px-3 py-2 text-left md:w-full text-sm font-medium text-red-700 hover:bg-red-50"
                >
                  Logout
                </button>
              </Form>
            </li>
          </ul>
        </nav>
      </aside>
      <div className="flex-1">
        {/* Sticky, and as tall as the toasts on screen (toast-center.tsx): a toast covers the header, never a field. */}
        <header
          data-dashboard-header
          className="sticky top-0 z-30 flex min-h-[max(4rem,var(--toast-space,0px))] items-center justify-between border-b border-slate-200 bg-white px-6 py-4"
        >
          <h1 className="text-xl font-bold tracking-tight">{dashboardTitle(pathname)}</h1>
          <p className="text-sm text-slate-600">Welcome, Admin</p>
        </header>
        <main className="p-6">
          <Outlet />
        </main>
      </div>
    </div>
  );
}

export const meta: MetaFunction = ({ error, matches }) => [
  { title: titleWith(matches, errorStatus(error) === 403 ? errorTitle(error) : "Dashboard") },
  { name: "robots", content: "noindex" },
];

/** A role's 403 (docs/security.md#roles) leads back to the overview; any other error is the site's error page. */
export function ErrorBoundary() {
  const error = useRouteError();
  const back = errorStatus(error) === 403 ? { to: "/dashboard", label: messages.forbiddenBack } : undefined;
  return (
    <SiteFrame settings={null}>
      <ErrorPage error={error} back={back} />
    </SiteFrame>
  );
}
