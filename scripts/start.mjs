// `npm start`: builds when the build is missing or older than any source file, then runs
// remix-serve in this same process (one Node process serves the site). `npm start -- --reset` starts from scratch.
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { buildIfStale, root, serverBuildPath } from "./build-if-stale.mjs";
import { loadDotEnv } from "./load-env.mjs";

loadDotEnv(root);
buildIfStale();

if (process.argv.includes("--reset")) {
  const reset = spawnSync(path.join(root, "node_modules", ".bin", "tsx"), [path.join(root, "scripts", "reset.ts")], { stdio: "inherit" });
  if (reset.status !== 0) process.exit(reset.status ?? 1);
}

const require = createRequire(import.meta.url);
process.argv = [process.argv[0], require.resolve("@remix-run/serve/dist/cli.js"), serverBuildPath()];
require("@remix-run/serve/dist/cli.js");
