// docs/behaviour.md#dashboard
export const dashboardNav = [
  { label: "Dashboard", to: "/dashboard" },
  { label: "Upload Case Study", to: "/dashboard/case-studies/upload" },
  { label: "Case Study List", to: "/dashboard/case-studies/list" },
  { label: "Analytics", to: "/dashboard/analytics" },
  { label: "Site content", to: "/dashboard/content" },
  { label: "Settings", to: "/dashboard/settings" },
  { label: "Users", to: "/dashboard/users" },
  { label: "Messages", to: "/dashboard/messages" },
  { label: "Audit log", to: "/dashboard/audit-log" },
  { label: "My account", to: "/dashboard/account" },
] as const;

export const overviewCards = [
  { title: "Upload Case Study", text: "Publish a new project to the portfolio.", to: "/dashboard/case-studies/upload" },
  { title: "Analytics", text: "See how the portfolio and inbox are doing.", to: "/dashboard/analytics" },
  { title: "User Management", text: "Add and remove administrators.", to: "/dashboard/users" },
  { title: "Settings", text: "Contact number and email shown on the site.", to: "/dashboard/settings" },
] as const;

export function dashboardTitle(pathname: string): string {
  if (pathname.startsWith("/dashboard/users")) return "User Management";
  if (pathname.startsWith("/dashboard/settings")) return "Settings";
  if (pathname.startsWith("/dashboard/account")) return "My account";
  return "Dashboard";
}
