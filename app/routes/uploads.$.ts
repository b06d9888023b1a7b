import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { createReadableStreamFromReadable, type LoaderFunctionArgs } from "@remix-run/node";
import { storedFilePath } from "~/server/uploads.server";

/** Serves uploaded images: random, never-reused names, so they may be cached for a year. */
export async function loader({ params }: LoaderFunctionArgs) {
  const file = storedFilePath(params["*"] ?? "");
  const info = file ? await stat(file).catch(() => null) : null;
  if (!file || !info?.isFile()) throw new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  return new Response(createReadableStreamFromReadable(createReadStream(file)), {
    headers: {
      "Content-Type": "image/webp",
      "Content-Length": String(info.size),
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
