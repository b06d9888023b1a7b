import { trustedForwarded } from "./client-address.server";
import { getEnv, type Env } from "./env.server";

const HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * Whether absolute addresses come from configuration alone (ASSET_URL, SITE_URL). When not, they name the request's
 * host (a header a client can choose), so an answer holding them must not be kept by a shared cache.
 */
export const addressesConfigured = (env: Env = getEnv()) => env.ASSET_URL !== undefined || env.SITE_URL_SET;

/** Where clients reach the site: SITE_URL when set; else the request's own host, with forwarded values only from trusted proxies. */
export function siteOrigin(request: Request, env: Env = getEnv()): string {
  if (env.SITE_URL_SET) return new URL(env.SITE_URL).origin;
  const url = new URL(request.url);
  const protocol = trustedForwarded(request, "X-Forwarded-Proto", env.TRUST_PROXY)?.toLowerCase() ?? url.protocol.slice(0, -1);
  // The Host header rather than request.url's host: Remix takes the latter's port from X-Forwarded-Host, trusted or not.
  const host = trustedForwarded(request, "X-Forwarded-Host", env.TRUST_PROXY) ?? request.headers.get("Host") ?? url.host;
  if ((protocol !== "http" && protocol !== "https") || !HOST.test(host)) return new URL(env.SITE_URL).origin;
  return `${protocol}://${host.toLowerCase()}`;
}

/** A root-relative path of the site as an address a client on any host can load: under ASSET_URL when a CDN serves them. */
export function absoluteUrl(path: string, request: Request, env: Env = getEnv()): string {
  if (!path.startsWith("/") || path.startsWith("//")) return path;
  return `${env.ASSET_URL ?? siteOrigin(request, env)}${path}`;
}

type StudyImages = { image_url: string; gallery?: { url: string }[]; seo_image_url?: string | null };

/** A case study as the JSON API answers it: its images' addresses absolute (pages keep them root-relative). */
export function withAbsoluteImage<Study extends StudyImages>(study: Study, request: Request): Study {
  const images: Partial<StudyImages> = { image_url: absoluteUrl(study.image_url, request) };
  if (study.gallery) images.gallery = study.gallery.map((image) => ({ ...image, url: absoluteUrl(image.url, request) }));
  if (study.seo_image_url) images.seo_image_url = absoluteUrl(study.seo_image_url, request);
  return { ...study, ...images };
}
