import type { AdminOrigin, Origin } from "~/domain/audit-log.server";

type Actor = { id: string; name: string; email: string };

/** Who a test's direct call of a domain write acts as, and from where: what a route builds with requestOrigin. */
export function testOrigin(actor: Actor): AdminOrigin;
export function testOrigin(actor?: null): Origin;
export function testOrigin(actor: Actor | null = null): Origin {
  return { actor: actor && { id: actor.id, name: actor.name, email: actor.email }, address: "test", userAgent: "vitest", door: "form" };
}
