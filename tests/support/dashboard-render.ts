import { createElement, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";

/**
 * `element` inside the dashboard layout's route, as the server renders it, with `layout` as that route's loader
 * data (a role's `permissions`, the studio's `timeZone`).
 */
export async function renderInDashboard(element: ReactNode, layout: Record<string, unknown>) {
  const handler = createStaticHandler([{ id: "routes/dashboard", path: "/dashboard", loader: () => layout, Component: () => element }]);
  const context = await handler.query(new Request("http://localhost/dashboard"));
  if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
  return renderToString(
    createElement(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, context), context, hydrate: false }),
  );
}
