import type { MetaDescriptor } from "@remix-run/node";

type Matches = readonly { id: string; data: unknown }[];

export function siteUrlFrom(matches: Matches): string {
  const root = matches.find((match) => match.id === "root")?.data as { siteUrl?: string } | undefined;
  return root?.siteUrl ?? "";
}

// `path` is the canonical path: without query, unless the query selects distinct content.
export function seo({
  matches,
  path,
  title,
  description,
  image = "/social-image.png",
  imageAlt,
  type = "website",
  noindex = false,
}: {
  matches: Matches;
  path: string;
  title: string;
  description: string;
  image?: string;
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
    ...(imageAlt
      ? [
          { property: "og:image:alt", content: imageAlt },
          { name: "twitter:image:alt", content: imageAlt },
        ]
      : []),
    { name: "twitter:card", content: "summary_large_image" },
    ...(noindex ? [{ name: "robots", content: "noindex" }] : []),
  ];
}

export function jsonLd(data: Record<string, unknown>): MetaDescriptor {
  return { "script:ld+json": data };
}
