import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createLogger, type Rollup } from "vite";
import { defineConfig } from "vitest/config";
import { loadDotEnv } from "./scripts/load-env.mjs";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

const isVitest = Boolean(process.env.VITEST);
// The dev server reads .env like `npm start` does; tests never do, so they cannot touch a real database by accident.
if (!isVitest) loadDotEnv();

// The public pages' shared modules (frame, content, icons, helpers, and the few-hundred-byte modules every public
// page or most of them import) as one chunk: the home page loads 6 scripts, 10 with only the frame in it, and fewer,
// larger files compress better (decision 0045).
const shellModules =
  /\/app\/(content\/site|components\/site\/(frame|error-page|contact-topic)|components\/icons|components\/ui|lib\/images|lib\/seo|domain\/(page-content|lead-source|format|time-zone))\.tsx?$/;
function manualChunks(id: string) {
  if (shellModules.test(id) || id.includes("vite/preload-helper")) return "shell";
}

// Remix gives every route a browser chunk; a resource route (no default export) has nothing for the browser, so
// its chunk comes out empty with a warning (remix-run/remix#9055, left as is in Remix 2). Only those are expected.
const resourceRouteChunks = new Set(
  readdirSync("app/routes", { withFileTypes: true })
    .filter((entry) => entry.isFile() && /^[^_].*\.tsx?$/.test(entry.name))
    .filter((entry) => !/^export default\b/m.test(readFileSync(`app/routes/${entry.name}`, "utf8")))
    .map((entry) => entry.name.replace(/\.tsx?$/, "").replace(/[$[\]]/g, "_")),
);
function onwarn(warning: Rollup.RollupLog, warn: (warning: Rollup.RollupLog) => void) {
  if (warning.code === "EMPTY_BUNDLE" && warning.names?.every((name) => resourceRouteChunks.has(name))) return;
  warn(warning);
}

// BUILD_STRICT=1 (`npm test`) fails the build on any warning, so a new one is fixed instead of scrolling past at start.
const logger = createLogger();
if (process.env.BUILD_STRICT === "1") {
  logger.warn = logger.warnOnce = (message) => {
    throw new Error(`The build printed a warning (BUILD_STRICT=1): ${message}`);
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  customLogger: logger,
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  plugins: [
    tailwindcss(),
    // The Remix plugin is only for the app itself; vitest imports route modules directly.
    !isVitest &&
      remix({
        // BUILD_DIR lets parallel work trees' runs build side by side; `build` otherwise.
        buildDirectory: process.env.BUILD_DIR ?? "build",
        future: {
          v3_fetcherPersist: true,
          v3_relativeSplatPath: true,
          v3_throwAbortReason: true,
          v3_singleFetch: true,
          v3_lazyRouteDiscovery: true,
          v3_routeConfig: true,
        },
      }),
  ],
  // node20: entry.server awaits the database at the top level, so remix-serve listens only once the site can answer.
  build: isSsrBuild ? { target: "node20", rollupOptions: { onwarn } } : { rollupOptions: { onwarn, output: { manualChunks } } },
  server: { port: Number(process.env.PORT) || 3000 },
  test: {
    include: ["tests/unit/**/*.test.{ts,tsx}", "tests/integration/**/*.test.{ts,tsx}"],
    globalSetup: ["tests/support/global-setup.ts"],
    setupFiles: ["tests/support/setup.ts"],
    environment: "node",
    // Two files at a time on two cores: most of a file's time is spent waiting on the database engine, bcrypt's
    // worker threads and spawned servers (the whole run: 340 s with one worker, 217 s with two; each file has its
    // own database).
    maxWorkers: 2,
    minWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
}));
