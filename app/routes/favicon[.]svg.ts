import type { LoaderFunctionArgs } from "@remix-run/node";
import { getPublishedContent } from "~/domain/site-content.server";
import { faviconSvg } from "~/server/brand-images.server";
import { requireDb } from "~/server/db.server";
import { withCachePolicy } from "~/server/http-cache.server";
import { withSecurityHeadersOn } from "~/server/security-headers.server";

// The published brand's mark; cached like a public page, so a publish changes the ETag.
export const loader = withSecurityHeadersOn(async ({ request }: LoaderFunctionArgs) => {
  await requireDb();
  const { brand } = await getPublishedContent();
  const headers = { "Content-Type": "image/svg+xml; charset=utf-8", "X-Content-Type-Options": "nosniff" };
  return withCachePolicy(request, new Response(faviconSvg(brand), { headers }));
});
