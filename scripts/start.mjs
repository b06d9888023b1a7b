// `npm start`: builds when the build is missing or older than any source file, then runs
// remix-serve in this same process (one Node process serves the site).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { loadDotEnv } from "./load-env.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
loadDotEnv(root);
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
const serverBuild = path.join(buildDir, "server", "index.js");
const inputs = ["app", "public", "package.json", "package-lock.json", "vite.config.ts", "tsconfig.json"];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const builtAt = existsSync(serverBuild) ? statSync(serverBuild).mtimeMs : 0;
const changedAt = Math.max(...inputs.map((input) => newestMtime(path.join(root, input))));

if (changedAt > builtAt) {
  console.log(builtAt ? "The code changed since the last build: building..." : "No build yet: building...");
  const started = Date.now();
  const remix = path.join(root, "node_modules", ".bin", "remix");
  const build = spawnSync(remix, ["vite:build"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
  if (build.status !== 0) {
    console.error("The build failed; run `npm run build` to see why.");
    process.exit(build.status ?? 1);
  }
  console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

const require = createRequire(import.meta.url);
process.argv = [process.argv[0], require.resolve("@remix-run/serve/dist/cli.js"), serverBuild];
require("@remix-run/serve/dist/cli.js");
