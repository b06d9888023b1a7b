import { Form, NavLink, useLocation } from "@remix-run/react";
import { dashboardNav, dashboardNavGroups } from "./navigation";
import { Icon, type IconName } from "../icons";

// docs/behaviour.md#dashboard: the sidebar on wide screens; on a phone the same navigation behind a "Menu" that is a
// <details>, so it opens without JavaScript.

const ICONS: Record<string, IconName> = {
  "/dashboard": "overview",
  "/dashboard/case-studies/upload": "upload",
  "/dashboard/case-studies/list": "caseStudies",
  "/dashboard/messages": "inbox",
  "/dashboard/analytics": "chart",
  "/dashboard/content": "page",
  "/dashboard/settings": "sliders",
  "/dashboard/users": "about",
  "/dashboard/audit-log": "clipboard",
  "/dashboard/account": "account",
};

type Entries = { nav: readonly string[]; unread: number };

export function DashboardSidebar({ studio, ...entries }: { studio: string | undefined } & Entries) {
  const { pathname } = useLocation();
  return (
    <aside className="relative border-b border-slate-200 bg-white md:sticky md:top-0 md:h-screen md:w-64 md:shrink-0 md:overflow-y-auto md:border-r md:border-b-0">
      <div className="flex items-center gap-2 px-4 py-3 md:flex-col md:items-start md:gap-1 md:px-5 md:py-4">
        <p className="min-w-0 flex-1 truncate text-base font-bold md:flex-none md:text-lg">{studio}</p>
        <a
          href="/"
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex shrink-0 items-center gap-1 text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
        >
          View site
          <Icon name="external" className="h-4 w-4" />
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
        {/* Keyed by the page, so a client-side change of page closes the menu as a full load would. */}
        <details key={pathname} className="shrink-0 md:hidden">
          <summary className="flex cursor-pointer list-none items-center gap-2 rounded-lg border border-slate-300 px-2.5 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100 [&::-webkit-details-marker]:hidden">
            <Icon name="menu" className="h-5 w-5" />
            Menu
          </summary>
          <div className="absolute inset-x-0 top-full z-40 border-b border-slate-200 bg-white pt-3 shadow-lg">
            <SidebarNav {...entries} idPrefix="phone-nav" />
          </div>
        </details>
      </div>
      <div className="hidden md:block">
        <SidebarNav {...entries} idPrefix="side-nav" />
      </div>
    </aside>
  );
}

function SidebarNav({ nav, unread, idPrefix }: Entries & { idPrefix: string }) {
  const entries = dashboardNav.filter((item) => nav.includes(item.to));
  return (
    <nav aria-label="Dashboard" className="px-3 pb-4">
      {dashboardNavGroups.map((group, index) => {
        const items = entries.filter((item) => item.group === group);
        if (items.length === 0) return null;
        const id = `${idPrefix}-${index}`;
        return (
          <div key={group} className="mb-4">
            <p id={id} className="px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-600">
              {group}
            </p>
            <ul aria-labelledby={id} className="space-y-0.5">
              {items.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    end
                    className={({ isActive }) =>
                      `flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium ${
                        isActive ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100"
                      }`
                    }
                  >
                    <Icon name={ICONS[item.to] ?? "link"} className="h-5 w-5 shrink-0" />
                    {item.label}
                    {item.to === "/dashboard/messages" && unread > 0 ? " " : null}
                    {item.to === "/dashboard/messages" && unread > 0 ? (
                      <span className="ml-auto rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white">
                        {unread}
                        <span className="sr-only"> unread</span>
                      </span>
                    ) : null}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
      <Form method="post" action="/logout" className="border-t border-slate-200 pt-3">
        <button
          type="submit"
          className="flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm font-medium text-red-700 hover:bg-red-50"
        >
          <Icon name="logout" className="h-5 w-5 shrink-0" />
          Logout
        </button>
      </Form>
    </nav>
  );
}
