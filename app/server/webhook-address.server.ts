import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import type { WebhookGuard, WebhookUrlRefusal } from "~/domain/ports";
import { getEnv } from "./env.server";

// docs/security.md#webhooks: a webhook's address may lead only to the public internet, checked when it is saved and again
// at each delivery, whose connection then goes to the very address checked (DNS cannot answer differently in between).

/** Every address `host` resolves to; throws when it resolves to none. */
export type Resolver = (host: string) => Promise<string[]>;

const systemResolver: Resolver = async (host) => (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

export type WebhookNetwork = { resolve: Resolver; allowHttp: boolean; allowPrivate: boolean };

export const webhookNetwork = (): WebhookNetwork => ({
  resolve: systemResolver,
  allowHttp: getEnv().WEBHOOK_ALLOW_HTTP,
  allowPrivate: getEnv().WEBHOOK_ALLOW_PRIVATE,
});

const v4Number = (address: string) => address.split(".").reduce((sum, part) => sum * 256 + Number(part), 0);

// [first address, prefix length]: loopback, private, link-local (the cloud metadata address included), CGNAT,
// unspecified, and what is never a public host (benchmarking, documentation, multicast, reserved, broadcast).
const V4_BLOCKED: [string, number][] = [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
];

function isBlockedV4(address: string): boolean {
  const value = v4Number(address);
  return V4_BLOCKED.some(([first, bits]) => {
    const size = 2 ** (32 - bits);
    const start = v4Number(first);
    return value >= start && value < start + size;
  });
}

/** The eight 16-bit groups of an IPv6 address (with an IPv4 tail, as in ::ffff:10.0.0.1, turned into two groups). */
function v6Groups(address: string): number[] {
  let text = address.toLowerCase().split("%")[0]!;
  const v4Tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4Tail) {
    const value = v4Number(v4Tail[1]!);
    text = `${text.slice(0, -v4Tail[1]!.length)}${(value >>> 16).toString(16)}:${(value & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.split("::");
  const part = (side: string | undefined) => (side ? side.split(":").map((group) => parseInt(group, 16)) : []);
  const first = part(head);
  const last = part(tail);
  return tail === undefined ? first : [...first, ...Array<number>(8 - first.length - last.length).fill(0), ...last];
}

const v4Of = (high: number, low: number) => [high >>> 8, high & 0xff, low >>> 8, low & 0xff].join(".");

function isBlockedV6(address: string): boolean {
  const groups = v6Groups(address);
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g = 0, h = 0] = groups;
  const zeroesBefore = (count: number) => groups.slice(0, count).every((group) => group === 0);
  if (zeroesBefore(8)) return true; // ::
  if (zeroesBefore(7) && h === 1) return true; // ::1
  // IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d), NAT64 (64:ff9b::a.b.c.d): the IPv4 address decides.
  if (zeroesBefore(5) && f === 0xffff) return isBlockedV4(v4Of(g, h));
  if (zeroesBefore(6)) return isBlockedV4(v4Of(g, h));
  if (a === 0x64 && b === 0xff9b && c === 0 && d === 0 && e === 0 && f === 0) return isBlockedV4(v4Of(g, h));
  if (a === 0x2002) return isBlockedV4(v4Of(b, c)); // 6to4
  if ((a & 0xfe00) === 0xfc00) return true; // fc00::/7, unique local
  if ((a & 0xffc0) === 0xfe80) return true; // fe80::/10, link-local
  if ((a & 0xff00) === 0xff00) return true; // multicast
  return a === 0x2001 && b === 0x0db8; // documentation
}

/** Whether `address` (an IP literal) is one a webhook may not reach. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return isBlockedV4(address);
  if (family === 6) return isBlockedV6(address);
  return true;
}

export type CheckedTarget = { url: URL; address: string; family: 4 | 6 };

/** The address a delivery connects to, once the URL's scheme and every address its host resolves to are allowed. */
export async function checkWebhookTarget(
  text: string,
  network: WebhookNetwork,
): Promise<{ ok: true; target: CheckedTarget } | { ok: false; reason: WebhookUrlRefusal }> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, reason: "webhook-url-invalid" };
  }
  if (url.username || url.password || !url.hostname) return { ok: false, reason: "webhook-url-invalid" };
  if (url.protocol !== "https:" && !(url.protocol === "http:" && network.allowHttp)) return { ok: false, reason: "webhook-url-scheme" };
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = await network.resolve(host);
    } catch {
      return { ok: false, reason: "webhook-url-unresolved" };
    }
  }
  if (!addresses.length || addresses.some((address) => !isIP(address))) return { ok: false, reason: "webhook-url-unresolved" };
  if (!network.allowPrivate && addresses.some(isPrivateAddress)) return { ok: false, reason: "webhook-url-private" };
  const address = addresses[0]!;
  return { ok: true, target: { url, address, family: isIP(address) === 6 ? 6 : 4 } };
}

/** The guard the domain is given (app/server/ports.server.ts); `network` for tests. */
export const webhookGuard = (network: () => WebhookNetwork = webhookNetwork): WebhookGuard => ({
  async check(url) {
    const checked = await checkWebhookTarget(url, network());
    return checked.ok ? null : checked.reason;
  },
});
