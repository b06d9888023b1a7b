import type { LoaderFunctionArgs } from "@remix-run/node";
import { getEnv } from "~/server/env.server";
import { withSecurityHeadersOn } from "~/server/security-headers.server";

export function robotsTxt(siteUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /dashboard",
    "Disallow: /login",
    "Disallow: /api/",
    "",
    `Sitemap: ${siteUrl}/sitemap.xml`,
    "",
  ].join("\n");
}

export const loader = withSecurityHeadersOn((_: LoaderFunctionArgs) => {
  return new Response(robotsTxt(getEnv().SITE_URL), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=86400",
    },
  });
});
