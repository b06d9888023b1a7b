import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { SESSION_LIFETIME_MS } from "~/domain/constants";
import { messages } from "~/domain/messages";
import { getEnv, isSecureSite } from "../env.server";
import { ApiError } from "./responses.server";

/** CSRF as Sanctum does it: the XSRF-TOKEN cookie, echoed in the X-XSRF-TOKEN header by cookie-session clients. */

export const XSRF_COOKIE = "XSRF-TOKEN";

function sign(nonce: string): string {
  return createHmac("sha256", getEnv().SESSION_SECRET).update(`xsrf:${nonce}`).digest("base64url");
}

/** A new random XSRF token, signed with SESSION_SECRET so that only this server's tokens are accepted. */
function newXsrfToken(): string {
  const nonce = randomBytes(32).toString("base64url");
  return `${nonce}.${sign(nonce)}`;
}

// Not HttpOnly: cookie-session clients read it to echo it in X-XSRF-TOKEN.
export function xsrfCookieHeader(token = newXsrfToken()): string {
  const parts = [`${XSRF_COOKIE}=${encodeURIComponent(token)}`, "Path=/", `Max-Age=${SESSION_LIFETIME_MS / 1000}`, "SameSite=Lax"];
  const domain = getEnv().COOKIE_DOMAIN;
  if (domain) parts.push(`Domain=${domain}`);
  if (isSecureSite()) parts.push("Secure");
  return parts.join("; ");
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function readCookie(request: Request, name: string): string | null {
  for (const pair of (request.headers.get("Cookie") ?? "").split(/;\s*/)) {
    const at = pair.indexOf("=");
    if (at > 0 && pair.slice(0, at).trim() === name) return safeDecode(pair.slice(at + 1).trim());
  }
  return null;
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function hasValidXsrf(request: Request): boolean {
  const cookie = readCookie(request, XSRF_COOKIE);
  const header = request.headers.get("X-XSRF-TOKEN") ?? request.headers.get("X-CSRF-TOKEN");
  if (!cookie || !header || !sameText(safeDecode(header), cookie)) return false;
  const [nonce, signature, ...rest] = cookie.split(".");
  return Boolean(nonce && signature && rest.length === 0 && sameText(signature, sign(nonce)));
}

export function requireXsrf(request: Request): void {
  if (!hasValidXsrf(request)) throw new ApiError(419, messages.apiCsrfMismatch);
}
