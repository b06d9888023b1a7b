import { isIP } from "node:net";
import { getEnv } from "./env.server";

// A client can write anything into X-Forwarded-For, so only the TRUST_PROXY-th entry from the right counts.
// remix-serve hands route modules no socket address: with TRUST_PROXY=0 every client shares DIRECT_CLIENT.
export const DIRECT_CLIENT = "direct";

export function clientAddress(request: Request, trustedProxies = getEnv().TRUST_PROXY): string {
  const entry = trustedForwarded(request, "X-Forwarded-For", trustedProxies);
  return (entry && normalise(entry)) ?? DIRECT_CLIENT;
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
