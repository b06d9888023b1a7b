// `npm start`: builds when the build is missing or older than any source file, then runs
// remix-serve in this same process (one Node process serves the site).
import { createRequire } from "node:module";
import { buildIfStale, root, serverBuildPath } from "./build-if-stale.mjs";
import { loadDotEnv } from "./load-env.mjs";

loadDotEnv(root);
buildIfStale();

const require = createRequire(import.meta.url);
process.argv = [process.argv[0], require.resolve("@remix-run/serve/dist/cli.js"), serverBuildPath()];
require("@remix-run/serve/dist/cli.js");
