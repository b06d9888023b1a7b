import type { LoaderFunctionArgs } from "@remix-run/node";
import { getEnv } from "~/server/env.server";
import { withSecurityHeadersOn } from "~/server/security-headers.server";

/** /robots.txt: crawl everything public; keep out of the dashboard, the sign-in page and the API. */
export function robotsTxt(siteUrl: string): string {
  return ["User-agent: *", "Allow: /", "Disallow: /dashboard", "Disallow: /login", "Disallow: /api/", "", `Sitemap: ${siteUrl}/sitemap.xml`, ""].join("\n");
}

export const loader = withSecurityHeadersOn((_: LoaderFunctionArgs) => {
  return new Response(robotsTxt(getEnv().SITE_URL), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=86400",
    },
  });
});
