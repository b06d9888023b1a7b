import { flatRoutes } from "@remix-run/fs-routes";
import type { RouteConfig } from "@remix-run/route-config";

// Modules named `__*` sit beside the routes that share them and are not routes themselves.
export default flatRoutes({ ignoredRouteFiles: ["**/__*.*"] }) satisfies RouteConfig;
