import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, expect, it } from "vitest";
import { buildIfStale, root } from "../support/processes";

const build = path.resolve(root, process.env.BUILD_DIR ?? "build");

beforeAll(buildIfStale, 180_000);

// The domain's schemas call `.openapi(...)`; the library behind it builds the API's document, which only the server does.
it("browser scripts carry no zod-to-openapi code, and the server's build loads the library", () => {
  const assets = path.join(build, "client/assets");
  const scripts = readdirSync(assets).filter((name) => name.endsWith(".js"));
  expect(scripts.length).toBeGreaterThan(0);
  // `extendedFrom`: the metadata the library's `.openapi` keeps on every schema, a name minifying leaves as is.
  const withLibrary = scripts.filter((name) => readFileSync(path.join(assets, name), "utf8").includes("extendedFrom"));
  expect(withLibrary).toEqual([]);
  expect(readFileSync(path.join(build, "server/index.js"), "utf8")).toContain('from "@asteasolutions/zod-to-openapi"');
});
