// Stock Remix for the benches: the create-remix template's shape (root, two routes, a loader each, no styling
// work), built by `scripts/bench-pages.mjs` into STOCK_BUILD_DIR so its figures sit beside the site's in one run.
import { vitePlugin as remix } from "@remix-run/dev";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const here = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  root: here,
  logLevel: "warn",
  plugins: [
    remix({
      appDirectory: path.join(here, "app"),
      buildDirectory: process.env.STOCK_BUILD_DIR ?? path.join(here, "build"),
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
  ],
});
