import type { LoaderFunctionArgs } from "@remix-run/node";
import { listCaseStudyIdsForSitemap } from "~/domain/case-studies.server";
import { requireDb } from "~/server/db.server";
import { getEnv } from "~/server/env.server";
import { withSecurityHeadersOn } from "~/server/security-headers.server";

export const SITEMAP_PAGES = ["/", "/services", "/about", "/case-studies", "/contact", "/privacy", "/terms", "/disclaimer"] as const;

const priority: Record<string, string> = { "/": "1.0", "/services": "0.9", "/case-studies": "0.9", "/about": "0.8", "/contact": "0.7" };

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[char]!);
}

function urlEntry(loc: string, extra: { lastmod?: Date; changefreq?: string; priority?: string }): string {
  return [
    "  <url>",
    `    <loc>${escapeXml(loc)}</loc>`,
    extra.lastmod ? `    <lastmod>${extra.lastmod.toISOString()}</lastmod>` : null,
    extra.changefreq ? `    <changefreq>${extra.changefreq}</changefreq>` : null,
    extra.priority ? `    <priority>${extra.priority}</priority>` : null,
    "  </url>",
  ]
    .filter(Boolean)
    .join("\n");
}

export const loader = withSecurityHeadersOn(async (_: LoaderFunctionArgs) => {
  await requireDb();
  const siteUrl = getEnv().SITE_URL;
  const studies = await listCaseStudyIdsForSitemap();
  const newest = studies.reduce<Date | undefined>(
    (latest, { lastModified }) => (!latest || lastModified > latest ? lastModified : latest),
    undefined,
  );

  const entries = [
    ...SITEMAP_PAGES.map((path) =>
      urlEntry(siteUrl + path, {
        lastmod: path === "/case-studies" ? newest : undefined,
        changefreq: path === "/case-studies" ? "weekly" : "monthly",
        priority: priority[path] ?? "0.3",
      }),
    ),
    ...studies.map(({ slug, lastModified }) =>
      urlEntry(`${siteUrl}/case-studies/${slug}`, { lastmod: lastModified, changefreq: "monthly", priority: "0.7" }),
    ),
  ];
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</urlset>\n`;

  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600, stale-while-revalidate=86400",
    },
  });
});
