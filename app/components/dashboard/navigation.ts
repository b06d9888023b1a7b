import type { Permission } from "~/domain/permissions";

/** The sidebar's groups, in order. */
export const dashboardNavGroups = ["Work", "Site", "People and settings"] as const;

// docs/behaviour.md#dashboard: the spec's entries keep its names and its order within each group. `needs`: what a
// role must hold to see the entry (docs/security.md#roles); the page asks for it again.
export const dashboardNav: readonly {
  label: string;
  to: string;
  needs: Permission | null;
  group: (typeof dashboardNavGroups)[number];
}[] = [
  { label: "Dashboard", to: "/dashboard", needs: null, group: "Work" },
  { label: "Upload Case Study", to: "/dashboard/case-studies/upload", needs: "case_studies:write", group: "Work" },
  { label: "Case Study List", to: "/dashboard/case-studies/list", needs: "case_studies:read", group: "Work" },
  { label: "Messages", to: "/dashboard/messages", needs: "leads:read", group: "Work" },
  { label: "Analytics", to: "/dashboard/analytics", needs: "leads:read", group: "Work" },
  { label: "Site content", to: "/dashboard/content", needs: "content:read", group: "Site" },
  { label: "Settings", to: "/dashboard/settings", needs: "settings:write", group: "People and settings" },
  { label: "Users", to: "/dashboard/users", needs: "admins:read", group: "People and settings" },
  { label: "Audit log", to: "/dashboard/audit-log", needs: "audit:read", group: "People and settings" },
  { label: "My account", to: "/dashboard/account", needs: null, group: "People and settings" },
];

export const overviewCards: readonly { title: string; text: string; to: string; needs: Permission }[] = [
  {
    title: "Upload Case Study",
    text: "Publish a new project to the portfolio.",
    to: "/dashboard/case-studies/upload",
    needs: "case_studies:write",
  },
  { title: "Analytics", text: "See how the portfolio and inbox are doing.", to: "/dashboard/analytics", needs: "leads:read" },
  { title: "User Management", text: "Add and remove administrators.", to: "/dashboard/users", needs: "admins:read" },
  { title: "Settings", text: "Contact number and email shown on the site.", to: "/dashboard/settings", needs: "settings:write" },
];

export function dashboardTitle(pathname: string): string {
  if (pathname.startsWith("/dashboard/users")) return "User Management";
  if (pathname.startsWith("/dashboard/settings")) return "Settings";
  if (pathname.startsWith("/dashboard/account")) return "My account";
  return "Dashboard";
}
