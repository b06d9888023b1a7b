import type { LoaderFunctionArgs } from "@remix-run/node";
import { getPublishedContent } from "~/domain/site-content.server";
import { socialImagePng } from "~/server/brand-images.server";
import { requireDb } from "~/server/db.server";
import { withCachePolicy } from "~/server/http-cache.server";
import { withSecurityHeadersOn } from "~/server/security-headers.server";

// The og:image of pages without their own (app/lib/seo.ts), drawn from the published brand; a publish changes the ETag.
export const loader = withSecurityHeadersOn(async ({ request }: LoaderFunctionArgs) => {
  await requireDb();
  const { brand } = await getPublishedContent();
  const png = await socialImagePng(brand);
  const headers = { "Content-Type": "image/png", "X-Content-Type-Options": "nosniff" };
  return withCachePolicy(request, new Response(new Uint8Array(png), { headers }));
});
