import type { ApiContract } from "~/server/api/route.server";
import { generateOpenApiDocument, type DocumentedOperation, type OpenApiDocument } from "~/server/openapi.server";

// Every API route's loader carries its contract (apiRoute); the document is what they declare, nothing restated.
const loaders = import.meta.glob<{ contract?: ApiContract }>(["./{api,sanctum}.*.ts", "!./api.openapi*"], {
  eager: true,
  import: "loader",
});

/** A flat-routes file name as its path: `./api.case-studies.$id.ts` → `/api/case-studies/{id}`, `./api.leads[.]csv.ts` → `/api/leads.csv`. */
function pathOfRoute(file: string): string {
  const segments = file
    .replace(/^\.\//, "")
    .replace(/\.ts$/, "")
    .split(/\.(?![^[]*\])/);
  return `/${segments.map((segment) => (segment.startsWith("$") ? `{${segment.slice(1)}}` : segment.replace(/\[(.*?)\]/g, "$1"))).join("/")}`;
}

function operations(): DocumentedOperation[] {
  return Object.entries(loaders).flatMap(([file, loader]) =>
    Object.entries(loader.contract ?? {}).map(([method, operation]) => ({
      method: method.toLowerCase() as DocumentedOperation["method"],
      path: pathOfRoute(file),
      operation: operation(),
    })),
  );
}

let cached: OpenApiDocument | undefined;

/** Built once per process: SITE_URL and MAX_UPLOAD_MB are read then. */
export function getOpenApiDocument(): OpenApiDocument {
  cached ??= generateOpenApiDocument(operations());
  return cached;
}
