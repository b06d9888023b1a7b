import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// A module is found by its name (in an editor, a stack trace, a review): outside app/models, where a model and the
// domain module of its entity may share one, no two files of app/ have the same name.

const APP = path.resolve(import.meta.dirname, "../../app");

// Remix names a folder route's module `route.tsx`.
const namedByTheFramework = (file: string) => /^routes\/[^/]+\/route\.tsx?$/.test(file);

function sharedNames(): Record<string, string[]> {
  const byName = new Map<string, string[]>();
  for (const entry of readdirSync(APP, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.relative(APP, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
    if (file.startsWith("models/") || namedByTheFramework(file)) continue;
    byName.set(entry.name, [...(byName.get(entry.name) ?? []), file]);
  }
  return Object.fromEntries([...byName].filter(([, files]) => files.length > 1));
}

describe("module names", () => {
  it("are unique in app/ outside app/models", () => {
    expect(sharedNames()).toEqual({});
  });
});
