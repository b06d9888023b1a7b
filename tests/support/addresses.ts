import { randomBytes } from "node:crypto";

/** A client address of its own (IPv6, in the documentation range 2001:db8::/32), so rate limits never leak between tests. */
export function randomAddress(): string {
  const groups = Array.from({ length: 6 }, () => randomBytes(2).toString("hex"));
  return `2001:db8:${groups.join(":")}`;
}
