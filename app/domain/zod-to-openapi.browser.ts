import type { z } from "zod";

// The browser's stand-in for @asteasolutions/zod-to-openapi (package.json "browser"): the browser checks input with
// the domain's schemas but never builds the API's document, so `.openapi(...)` there leaves a schema as it is.
export function extendZodWithOpenApi(zod: typeof z): void {
  // As the library does: never replace a `.openapi` already there.
  if (typeof zod.ZodType.prototype.openapi !== "undefined") return;
  zod.ZodType.prototype.openapi = function <T>(this: T): T {
    return this;
  };
}
