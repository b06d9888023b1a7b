import { describe, expect, it } from "vitest";
import { installed, PATCHED, published } from "../../scripts/route-matching";

// docs/decisions/0029-route-matching-cache.md: the router keeps each pattern's compiled RegExp. It must match
// exactly as the published router does.

type Route = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: Route[] };

// The shapes the app's routes take: layouts with and without a path, index routes, static and dynamic segments,
// escaped and dotted names, optional segments, splats, a case-sensitive route, and patterns that share prefixes.
const table: Route[] = [
  {
    id: "root",
    path: "",
    children: [
      {
        id: "site",
        children: [
          { id: "home", index: true },
          { id: "about", path: "about" },
          { id: "studies", path: "case-studies", children: [{ id: "studies-index", index: true }] },
          { id: "study", path: "case-studies/:id" },
          { id: "site-splat", path: "*" },
        ],
      },
      {
        id: "dashboard",
        path: "dashboard",
        children: [
          { id: "overview", index: true },
          { id: "history", path: "case-studies/:id/history" },
          { id: "version", path: "case-studies/:id/history/:n" },
          { id: "lang", path: ":lang?/settings" },
          { id: "dashboard-splat", path: "*" },
        ],
      },
      { id: "sitemap", path: "sitemap.xml" },
      { id: "api-restore", path: "api/content/:part/versions/:n/restore" },
      { id: "api-part", path: "api/content/:part" },
      { id: "api-splat", path: "api/*" },
      { id: "exact", path: "Exact", caseSensitive: true },
      { id: "uploads", path: "uploads/*" },
    ],
  },
];

const routes = table as Parameters<typeof installed.matchRoutes>[0];

const paths = [
  "/",
  "/about",
  "/About/",
  "/case-studies",
  "/case-studies/",
  "/case-studies/quillstack",
  "/case-studies/a%20b",
  "/case-studies/x/y",
  "/dashboard",
  "/dashboard/case-studies/1/history",
  "/dashboard/case-studies/1/history/2",
  "/dashboard/settings",
  "/dashboard/en/settings",
  "/dashboard/nope/deeper",
  "/sitemap.xml",
  "/sitemapxxml",
  "/api/content/brand/versions/3/restore",
  "/api/content/brand",
  "/api/unknown/route",
  "/Exact",
  "/exact",
  "/uploads/a/b.webp",
  "/nothing/here",
];

const summary = (matches: ReturnType<typeof installed.matchRoutes>) =>
  matches?.map((match) => ({ id: match.route.id, params: match.params, pathname: match.pathname, base: match.pathnameBase })) ?? null;

describe("route matching with compiled patterns kept", () => {
  it("is what the installed router does (npm install applies the patch)", () => {
    expect(PATCHED).toBe(true);
  });

  it("matches every path as the published router does, on the first call and on later ones", () => {
    for (let round = 0; round < 3; round++) {
      for (const path of paths)
        expect(summary(installed.matchRoutes(routes, path)), path).toEqual(summary(published.matchRoutes(routes, path)));
    }
    expect(installed.matchPath("case-studies/:id", "/case-studies/7")?.params).toEqual({ id: "7" });
    expect(installed.matchPath({ path: "/Exact", caseSensitive: true }, "/exact")).toBeNull();
    expect(installed.matchPath({ path: "/Exact", caseSensitive: false }, "/exact")).not.toBeNull();
    expect(installed.matchPath({ path: "/api", end: false }, "/api/content")?.pathnameBase).toBe("/api");
    expect(installed.matchPath({ path: "/api", end: true }, "/api/content")).toBeNull();
  });

  it("ranks each routes array once: another array is matched as itself", () => {
    const narrower = structuredClone(table);
    narrower[0]!.children = narrower[0]!.children!.filter((route) => route.id !== "site");
    const narrowerRoutes = narrower as typeof routes;
    for (let round = 0; round < 2; round++) {
      expect(summary(installed.matchRoutes(routes, "/about"))?.at(-1)?.id).toBe("about");
      expect(summary(installed.matchRoutes(narrowerRoutes, "/about"))).toBeNull();
    }
  });

  it("sees at once a route that lazy route discovery adds in place during a navigation", async () => {
    const routesFor = () => [{ id: "root", path: "/", children: [{ id: "a", path: "a" }] }] as typeof routes;
    const navigateToB = async (discovers: boolean) => {
      const router = installed
        .createRouter({
          routes: routesFor(),
          history: installed.createMemoryHistory({ initialEntries: ["/a"] }),
          patchRoutesOnNavigation: ({ path, patch }) => {
            if (discovers && path === "/b") patch("root", [{ id: "b", path: "b" }]);
          },
        })
        .initialize();
      await router.navigate("/b");
      const ids = router.state.matches.map((match) => match.route.id);
      router.dispose();
      return { ids, errors: router.state.errors };
    };
    // The first match of /b, before the route exists, ranks the tree; the route is then added to that same array.
    expect(await navigateToB(true)).toEqual({ ids: ["root", "b"], errors: null });
    expect((await navigateToB(false)).errors?.root).toMatchObject({ status: 404 });
  });
});
