import { isIP } from "node:net";
import type { AdminOrigin, Door, Origin } from "~/domain/audit-log.server";
import { getEnv } from "./env.server";

// A client can write anything into X-Forwarded-For, so only the TRUST_PROXY-th entry from the right counts.
// remix-serve hands route modules no socket address: with TRUST_PROXY=0 every client shares DIRECT_CLIENT.
export const DIRECT_CLIENT = "direct";

export function clientAddress(request: Request, trustedProxies = getEnv().TRUST_PROXY): string {
  const entry = trustedForwarded(request, "X-Forwarded-For", trustedProxies);
  return (entry && normalise(entry)) ?? DIRECT_CLIENT;
}

/** Where a request came from, as the server saw it: the address through TRUST_PROXY only, the browser as it says. */
export function requestClient(request: Request): { address: string; userAgent: string } {
  return { address: clientAddress(request), userAgent: (request.headers.get("User-Agent") ?? "").slice(0, 300) };
}

type Actor = { id: string; name: string; email: string };

/** The JSON API's door or a page's form, by the path. */
const doorOf = (request: Request): Door => (new URL(request.url).pathname.startsWith("/api/") ? "api" : "form");

/** Who acted through which door, from where: what a domain write records in the audit log. */
export function requestOrigin(request: Request, admin: Actor, door?: Door): AdminOrigin;
export function requestOrigin(request: Request, admin: Actor | null, door?: Door): Origin;
export function requestOrigin(request: Request, admin: Actor | null, door = doorOf(request)): Origin {
  return { actor: admin && { id: admin.id, name: admin.name, email: admin.email }, door, ...requestClient(request) };
}

/** The entry of a forwarding header that the trusted proxies wrote (the TRUST_PROXY-th from the right), or null. */
export function trustedForwarded(request: Request, header: string, trustedProxies = getEnv().TRUST_PROXY): string | null {
  if (trustedProxies < 1) return null;
  const entries = (request.headers.get(header) ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return null;
  return entries[Math.max(0, entries.length - trustedProxies)]!;
}

function normalise(entry: string): string | null {
  if (entry.length > 64) return null;
  let address = entry;
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) address = bracketed[1]!;
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(":"));
  return isIP(address) ? address.toLowerCase() : null;
}
