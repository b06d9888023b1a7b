// `npm run bench:routes`: the time of one matchRoutes call over the built app's route table (docs/decisions/
// 0029-route-matching-cache.md), with the router as installed (its compiled patterns kept) and as published; Remix
// calls it four times for each document request. Importing the build starts the app on a temporary embedded
// database, which is stopped at the end. Prints figures; not a test.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { buildIfStale, serverBuildPath } from "./build-if-stale.mjs";
import { installed, PATCHED, published } from "./route-matching";

process.env.DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "bench-routes-data-"));
process.env.UPLOAD_DIR ??= mkdtempSync(path.join(tmpdir(), "bench-routes-uploads-"));
buildIfStale();
const build = await import(pathToFileURL(serverBuildPath()).href);

type ManifestRoute = { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean };
type Route = Omit<ManifestRoute, "parentId"> & { children: Route[] };

const tree = (manifest: Record<string, ManifestRoute>, parentId: string | undefined): Route[] =>
  Object.values(manifest)
    .filter((route) => route.parentId === parentId)
    .map((route) => ({
      id: route.id,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
      children: tree(manifest, route.id),
    }));
const routes = tree(build.routes as Record<string, ManifestRoute>, undefined) as Parameters<typeof installed.matchRoutes>[0];
const paths = (process.env.BENCH_PATHS ?? "/,/about,/case-studies/quillstack-growth-campaign,/dashboard/case-studies/list").split(",");

function perCall(router: typeof installed, pathname: string): number {
  for (let i = 0; i < 2_000; i++) router.matchRoutes(routes, pathname);
  const calls = 20_000;
  const started = performance.now();
  for (let i = 0; i < calls; i++) router.matchRoutes(routes, pathname);
  return ((performance.now() - started) / calls) * 1000;
}

console.log(
  `${Object.keys(build.routes).length} routes; the installed router ${PATCHED ? "keeps compiled patterns" : "is NOT patched (run npm install)"}.`,
);
for (const pathname of paths) {
  const [cached, plain] = [perCall(installed, pathname), perCall(published, pathname)];
  console.log(
    `${pathname}: ${cached.toFixed(1)} µs per call as installed, ${plain.toFixed(1)} µs as published (${(plain / cached).toFixed(1)}×)`,
  );
}
process.exit(0);
