// The benches' server: a fresh built server on the embedded engine, on a free port, with demo content; or, with
// BENCH_URL, a server that is already running. Shared by bench-lighthouse.mjs and bench-sign-in.mjs.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildIfStale, root } from "./build-if-stale.mjs";

function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Debian's Chromium as the machine runs it (no sandbox, GPU or background traffic); both browser benchmarks use it. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export async function startBenchServer(env = {}) {
  if (process.env.BENCH_URL) return { base: process.env.BENCH_URL.replace(/\/$/, ""), stop: () => {} };
  buildIfStale();
  const port = await freePort();
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      SITE_URL: `http://localhost:${port}`,
      MONGODB_URI: "",
      NO_DOTENV: "1",
      // A first start each time: fresh demo content, never the developer's own data.
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "studio-bench-data-")),
      UPLOAD_DIR: mkdtempSync(path.join(tmpdir(), "studio-bench-uploads-")),
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await listening(child);
  return { base: `http://localhost:${port}`, stop: () => child.kill("SIGTERM") };
}

/** Resolves once remix-serve has printed its URL. */
function listening(child) {
  return new Promise((resolve, reject) => {
    let out = "";
    const onData = (chunk) => {
      out += chunk;
      if (/\[remix-serve\] http/.test(out)) {
        child.stdout.off("data", onData);
        resolve();
      }
    };
    child.stdout.on("data", onData);
    child.once("exit", (code) => reject(new Error(`server exited with ${code}:\n${out}`)));
  }).then(() => child.stdout.resume());
}

/** Stock Remix (scripts/stock-remix) built into a temporary folder and served by remix-serve, as the template runs. */
export async function startStockRemix() {
  // Inside the checkout, so the server build finds react and Remix in its node_modules.
  const cache = path.join(root, "node_modules", ".cache");
  mkdirSync(cache, { recursive: true });
  const buildDir = mkdtempSync(path.join(cache, "stock-remix-build-"));
  const built = spawnSync(
    path.join(root, "node_modules", ".bin", "remix"),
    ["vite:build", "--config", "scripts/stock-remix/vite.config.mjs", "--emptyOutDir"],
    {
      cwd: root,
      env: { ...process.env, STOCK_BUILD_DIR: buildDir },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  if (built.status !== 0) throw new Error("stock Remix did not build");
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [path.join(root, "node_modules/@remix-run/serve/dist/cli.js"), path.join(buildDir, "server/index.js")],
    {
      cwd: root,
      env: { ...process.env, NODE_ENV: "production", PORT: String(port) },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  await listening(child);
  return {
    base: `http://localhost:${port}`,
    stop: () => {
      child.kill("SIGTERM");
      rmSync(buildDir, { recursive: true, force: true });
    },
  };
}
