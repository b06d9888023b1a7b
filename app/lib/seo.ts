import type { MetaDescriptor } from "@remix-run/node";

/** What a page's meta function needs to know about the site, taken from the root loader's data. */
type Matches = readonly { id: string; data: unknown }[];

export function siteUrlFrom(matches: Matches): string {
  const root = matches.find((match) => match.id === "root")?.data as { siteUrl?: string } | undefined;
  return root?.siteUrl ?? "";
}

/**
 * Title, description, canonical URL and Open Graph/Twitter tags for one page.
 * `path` is the canonical path (without query, unless the query selects distinct content).
 */
export function seo({
  matches,
  path,
  title,
  description,
  image = "/images/og-default.png",
  imageAlt,
  type = "website",
  noindex = false,
}: {
  matches: Matches;
  path: string;
  title: string;
  description: string;
  image?: string;
  /** The image's alt text, for og:image:alt and twitter:image:alt (a case study's alt text or title). */
  imageAlt?: string;
  type?: "website" | "article";
  noindex?: boolean;
}): MetaDescriptor[] {
  const siteUrl = siteUrlFrom(matches);
  const url = siteUrl + path;
  const imageUrl = image.startsWith("http") ? image : siteUrl + image;
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: type },
    { property: "og:url", content: url },
    { property: "og:image", content: imageUrl },
    ...(imageAlt ? [{ property: "og:image:alt", content: imageAlt }, { name: "twitter:image:alt", content: imageAlt }] : []),
    { name: "twitter:card", content: "summary_large_image" },
    ...(noindex ? [{ name: "robots", content: "noindex" }] : []),
  ];
}

/** A JSON-LD block as a meta descriptor (Remix renders it as a script tag). */
export function jsonLd(data: Record<string, unknown>): MetaDescriptor {
  return { "script:ld+json": data };
}
