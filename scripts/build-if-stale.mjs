// Builds the app when the build is missing or older than any source file. Run directly, or imported by start.mjs.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const inputs = ["app", "public", "package.json", "package-lock.json", "vite.config.ts", "tsconfig.json"];

export function serverBuildPath() {
  return path.join(path.resolve(root, process.env.BUILD_DIR ?? "build"), "server", "index.js");
}

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

export function buildIfStale() {
  const serverBuild = serverBuildPath();
  const builtAt = existsSync(serverBuild) ? statSync(serverBuild).mtimeMs : 0;
  const changedAt = Math.max(...inputs.map((input) => newestMtime(path.join(root, input))));
  if (changedAt <= builtAt) return;
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

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) buildIfStale();
