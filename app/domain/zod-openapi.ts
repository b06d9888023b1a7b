import { extendZodWithOpenApi } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";

// A schema documents its own field (`.openapi(...)`: plain data, which app/server/openapi.server.ts reads), so the
// API's document is generated from the schema the route parses with. Schemas that call `.openapi` import `z` from here.
extendZodWithOpenApi(z);

export { z };

/** A string's limit in UTF-8 bytes, which JSON Schema cannot state (its maxLength counts characters). */
export const MAX_BYTES_KEYWORD = "x-max-bytes";
