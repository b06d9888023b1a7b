// The router as installed (patched: patches/@remix-run+router+*.patch) and as published, side by side, for the
// bench and the test of docs/decisions/0029-route-matching-cache.md. The published one is the installed file with
// its cache lookups taken out, compiled as a module of its own.
import { readFileSync } from "node:fs";
import Module, { createRequire } from "node:module";
import path from "node:path";

type Router = typeof import("@remix-run/router");

const require = createRequire(import.meta.url);
const file = require.resolve("@remix-run/router/dist/router.cjs.js");
const source = readFileSync(file, "utf8");

export const PATCHED = source.includes("const compiledPaths = new Map();");

export const installed = require(file) as Router;

function compiledCopy(name: string, code: string): Router {
  const module = new Module(`${file}#${name}`) as Module & { _compile(code: string, filename: string): void };
  module.filename = file;
  module.paths = (Module as unknown as { _nodeModulePaths(dir: string): string[] })._nodeModulePaths(path.dirname(file));
  module._compile(code, file);
  return module.exports as Router;
}

export const published = compiledCopy(
  "published",
  source
    .replace("let compiled = compiledPaths.get(key);", "let compiled;")
    .replace("let branches = rankedBranches.get(routes);", "let branches;"),
);
