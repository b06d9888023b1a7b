import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useFrame } from "~/hooks/use-frame";
import { titleWith } from "~/domain/page-content";
import { Outlet, useLoaderData, useLocation, useRouteError } from "@remix-run/react";
import { DashboardSidebar } from "~/components/dashboard/sidebar";
import { ErrorPage, errorStatus, errorTitle } from "~/components/site/error-page";
import { SiteFrame } from "~/components/site/frame";
import { messages } from "~/domain/messages";
import { dashboardNav, dashboardTitle } from "~/components/dashboard/navigation";
import { countUnread } from "~/domain/contact-messages.server";
import { can, permissionsOf, type Permission } from "~/domain/permissions";
import { getTimeZone } from "~/domain/settings.server";
import { getAdmin, requireAdmin } from "~/server/auth.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context);
  const { role } = await getAdmin(request, context);
  // The entries the role can use (docs/security.md#roles); the unread count only for those who read leads.
  const allowed = (needs: Permission | null) => needs === null || (role !== null && can({ kind: "admin", role }, needs));
  const readsLeads = allowed("leads:read");
  const [unread, timeZone] = await Promise.all([readsLeads ? countUnread() : 0, getTimeZone()]);
  return {
    admin,
    nav: dashboardNav.filter((item) => allowed(item.needs)).map((item) => item.to),
    unread,
    permissions: role ? permissionsOf(role) : [],
    // Every page shows its times in it (app/hooks/use-studio-time.ts); loaders hand over ISO 8601 in UTC.
    timeZone,
  };
}

export default function DashboardLayout() {
  const { pathname } = useLocation();
  const { unread, nav } = useLoaderData<typeof loader>();
  const studio = useFrame()?.brand.name;
  return (
    <div className="min-h-screen bg-slate-50 md:flex">
      <DashboardSidebar studio={studio} nav={nav} unread={unread} />
      <div className="min-w-0 flex-1">
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
