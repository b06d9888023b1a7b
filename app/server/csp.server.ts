import { randomBytes } from "node:crypto";

// 'strict-dynamic': the nonced scripts may load others (lazy chunks, the tag manager's own scripts).
// Styles allow 'unsafe-inline' (inlined stylesheet, sonner's <style>, framer-motion's style attributes): a nonce in style-src would turn it off.

export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

export type CspOptions = {
  nonce: string;
  tagManagerId?: string | null;
  sessionRecordingId?: string | null;
  development?: boolean;
};

const TAG_MANAGER_HOSTS = {
  img: ["https://*.googletagmanager.com", "https://*.google-analytics.com"],
  connect: ["https://*.googletagmanager.com", "https://*.google-analytics.com", "https://*.analytics.google.com"],
} as const;

const SESSION_RECORDING_HOSTS = {
  img: ["https://*.clarity.ms", "https://c.bing.com"],
  connect: ["https://*.clarity.ms", "https://c.bing.com"],
} as const;

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
