import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireDb } from "~/server/db.server";
import { imageStore, isStoredName } from "~/server/uploads.server";
import { withSecurityHeadersOn } from "~/server/security-headers.server";

// Names are random and never reused, so a file may be cached for a year and its ETag never changes.
export const loader = withSecurityHeadersOn(async ({ request, params }: LoaderFunctionArgs) => {
  const name = params["*"] ?? "";
  const store = imageStore();
  if (!isStoredName(name)) throw notFound();
  if (store.kind === "gridfs") await requireDb();
  const image = await store.open(name);
  if (!image) throw notFound();
  const headers = new Headers({
    "Content-Type": "image/webp",
    "Cache-Control": "public, max-age=31536000, immutable",
    "X-Content-Type-Options": "nosniff",
    ETag: image.etag,
  });
  if (matches(request.headers.get("If-None-Match"), image.etag)) return new Response(null, { status: 304, headers });
  headers.set("Content-Length", String(image.size));
  return new Response(image.body(), { headers });
});

function notFound() {
  return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain", "X-Content-Type-Options": "nosniff" } });
}

function matches(header: string | null, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, "");
    return tag === "*" || tag === etag;
  });
}
