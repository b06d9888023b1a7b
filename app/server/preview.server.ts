import { createCookie } from "@remix-run/node";
import { defaultSiteContent } from "~/domain/content-defaults";
import type { SiteContent } from "~/domain/content-schemas";
import { getContentWithDrafts, getPublishedContent } from "~/domain/site-content.server";
import { getAdmin, PREVIEW_COOKIE } from "./auth.server";
import { isDbConnected } from "./db.server";
import { isSecureSite } from "./env.server";

// docs/behaviour.md#preview: a signed-in admin can see the public pages with every draft applied. The cookie only
// asks for it; a request gets drafts when it also carries a live admin session, so the cookie alone shows nothing.

let cookie: ReturnType<typeof createCookie> | undefined;

function previewCookie() {
  // Ends with the browser session; unsigned, since it grants nothing by itself.
  cookie ??= createCookie(PREVIEW_COOKIE, { httpOnly: true, sameSite: "lax", path: "/", secure: isSecureSite() });
  return cookie;
}

export function previewCookieHeader(on: boolean): Promise<string> {
  return on ? previewCookie().serialize("1") : previewCookie().serialize("", { maxAge: undefined, expires: new Date(0) });
}

function asksForPreview(request: Request): boolean {
  return (request.headers.get("Cookie") ?? "").split(/;\s*/).some((pair) => pair.split("=", 1)[0]?.trim() === PREVIEW_COOKIE);
}

export type ContentFor = { content: SiteContent; preview: boolean };

/**
 * The content a public page shows this request: the published content (cached, usually no database read), or, in
 * an admin's preview, the drafts (read each time). Each page's loader calls it for the parts it shows.
 */
export async function siteContentFor(request: Request): Promise<ContentFor> {
  if (asksForPreview(request) && (await getAdmin(request)).admin) return { content: await getContentWithDrafts(), preview: true };
  const content = await getPublishedContent();
  lastPublished = content;
  return { content, preview: false };
}

let lastPublished: SiteContent | null = null;

/**
 * For the root loader, whose frame (the studio's name, the footer) every page and error page shows: with the database
 * away it is the content last read, else the seed's, so an error page keeps its frame instead of failing too.
 */
export async function frameContentFor(request: Request): Promise<ContentFor> {
  const fallback = () => ({ content: lastPublished ?? defaultSiteContent(), preview: false });
  if (!isDbConnected()) return fallback();
  try {
    return await siteContentFor(request);
  } catch (error) {
    if (error instanceof Response && error.status !== 503) throw error;
    if (!(error instanceof Response)) console.error(`Reading the site's content failed: ${(error as Error).message}`);
    return fallback();
  }
}
