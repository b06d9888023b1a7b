import { extendZodWithOpenApi } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";

// A schema documents its own field (`.openapi(...)`: plain data, which app/server/openapi.server.ts reads), so the
// API's document is generated from the schema the route parses with. Schemas that call `.openapi` import `z` from here.
// Browser bundles get zod-to-openapi.browser.ts for the library (package.json "browser", decision 0046).
extendZodWithOpenApi(z);

export { z };

/** A string's limit in UTF-8 bytes, which JSON Schema cannot state (its maxLength counts characters). */
export const MAX_BYTES_KEYWORD = "x-max-bytes";
