import { isIP } from "node:net";
import { getEnv } from "./env.server";

/**
 * The client's address, on which the rate limits rest. A client can write anything into X-Forwarded-For,
 * so only the entries our own proxies appended count: TRUST_PROXY says how many proxies stand in front,
 * and the address is the TRUST_PROXY-th entry from the right (the leftmost there is, if the header is
 * shorter). With TRUST_PROXY=0 every forwarding header is ignored; remix-serve hands route modules no
 * socket address, so every client then shares the one key DIRECT_CLIENT.
 */
export const DIRECT_CLIENT = "direct";

export function clientAddress(request: Request, trustedProxies = getEnv().TRUST_PROXY): string {
  if (trustedProxies < 1) return DIRECT_CLIENT;
  const entries = (request.headers.get("X-Forwarded-For") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return DIRECT_CLIENT;
  const entry = entries[Math.max(0, entries.length - trustedProxies)]!;
  return normalise(entry) ?? DIRECT_CLIENT;
}

/** An IPv4 or IPv6 address as written by a proxy (a port or IPv6 brackets removed), or null. */
function normalise(entry: string): string | null {
  if (entry.length > 64) return null;
  let address = entry;
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) address = bracketed[1]!;
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(":"));
  return isIP(address) ? address.toLowerCase() : null;
}
