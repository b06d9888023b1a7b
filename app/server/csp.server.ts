import { randomBytes } from "node:crypto";

/**
 * The Content-Security-Policy of every HTML answer (entry.server.tsx), built in one place.
 *
 * Scripts run only when they carry the response's nonce ('strict-dynamic' then trusts what those scripts
 * load or create: the page's modules, lazy chunks, the tag manager's own scripts). Everything else comes
 * from this origin, plus the hosts the configured tag manager (Google Tag Manager / Google Analytics) and
 * session recorder (Microsoft Clarity) send their data to, and only when their ids are set.
 *
 * Styles allow 'unsafe-inline': the stylesheet is inlined in a <style> (~/components/server-inline),
 * sonner inserts a <style> of its own and framer-motion animates through `style` attributes. A nonce in
 * style-src would turn 'unsafe-inline' off for all of them, so it is not used for styles.
 */

/** A fresh nonce for one response: 128 random bits, base64. */
export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

export type CspOptions = {
  nonce: string;
  /** TAG_MANAGER_ID (GTM-…): Google Tag Manager and the Google Analytics it usually loads. */
  tagManagerId?: string | null;
  /** SESSION_RECORDING_ID: Microsoft Clarity. */
  sessionRecordingId?: string | null;
  /** `remix vite:dev`: Vite's HMR websocket. */
  development?: boolean;
};

/** Where Google Tag Manager and Google Analytics 4 load images (pixels) from and send their hits to. */
export const TAG_MANAGER_HOSTS = {
  img: ["https://*.googletagmanager.com", "https://*.google-analytics.com"],
  connect: ["https://*.googletagmanager.com", "https://*.google-analytics.com", "https://*.analytics.google.com"],
} as const;

/** Where Microsoft Clarity sends its recordings (https://*.clarity.ms/collect) and its sync pixels. */
export const SESSION_RECORDING_HOSTS = {
  img: ["https://*.clarity.ms", "https://c.bing.com"],
  connect: ["https://*.clarity.ms", "https://c.bing.com"],
} as const;

/** The header's value: directives separated by "; ", in a fixed order. */
export function contentSecurityPolicy({ nonce, tagManagerId, sessionRecordingId, development = false }: CspOptions): string {
  if (!/^[A-Za-z0-9+/=_-]+$/.test(nonce)) throw new Error("a CSP nonce must be base64");
  const img = ["'self'", "data:", "blob:"];
  const connect = ["'self'"];
  if (tagManagerId) {
    img.push(...TAG_MANAGER_HOSTS.img);
    connect.push(...TAG_MANAGER_HOSTS.connect);
  }
  if (sessionRecordingId) {
    img.push(...SESSION_RECORDING_HOSTS.img);
    connect.push(...SESSION_RECORDING_HOSTS.connect);
  }
  if (development) connect.push("ws:", "wss:");
  const directives: [string, string[]][] = [
    ["default-src", ["'self'"]],
    ["script-src", [`'nonce-${nonce}'`, "'strict-dynamic'"]],
    ["style-src", ["'self'", "'unsafe-inline'"]],
    ["img-src", unique(img)],
    ["font-src", ["'self'"]],
    ["connect-src", unique(connect)],
    ["object-src", ["'none'"]],
    ["base-uri", ["'none'"]],
    ["form-action", ["'self'"]],
    ["frame-ancestors", ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(" ")}`).join("; ");
}

const unique = (items: string[]) => [...new Set(items)];
