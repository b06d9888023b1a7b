import { useRouteLoaderData } from "@remix-run/react";
import type { Permission } from "~/domain/permissions";

/**
 * Whether the signed-in admin's role holds `permission`, from the dashboard layout's loader: for leaving out what the
 * server would refuse with a 403 (which it still does: this only spares the click).
 */
export function useCan(permission: Permission): boolean {
  const data = useRouteLoaderData("routes/dashboard") as { permissions?: Permission[] } | undefined;
  return data?.permissions?.includes(permission) ?? false;
}
