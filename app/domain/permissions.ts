// One permission model for people and API keys (docs/security.md#roles): a role is a set of permissions, a key a set
// of scopes, and every door asks `can` before it acts. Scopes are the permissions a key may hold; the rest are a
// person's only.

export const ROLES = ["owner", "admin", "editor", "sales", "viewer"] as const;
export type Role = (typeof ROLES)[number];

/** Every account made before roles, and every admin made without one, is an Admin. */
export const DEFAULT_ROLE: Role = "admin";

export const isRole = (value: unknown): value is Role => typeof value === "string" && (ROLES as readonly string[]).includes(value);

export const SCOPES = [
  "case_studies:read",
  "case_studies:write",
  "content:read",
  "content:write",
  "leads:read",
  "leads:write",
  "admins:read",
  "admins:write",
  "audit:read",
  "webhooks:write",
] as const;
export type Scope = (typeof SCOPES)[number];

export const isScope = (value: unknown): value is Scope => typeof value === "string" && (SCOPES as readonly string[]).includes(value);

/** What no key holds: the site's settings, keys themselves, the settings that secure the site, and Owners. */
const PERSON_ONLY = ["settings:write", "keys:write", "security:write", "owners:write"] as const;
export type Permission = Scope | (typeof PERSON_ONLY)[number];

const EVERYTHING: readonly Permission[] = [...SCOPES, ...PERSON_ONLY];

const ROLE_PERMISSIONS: Record<Role, ReadonlySet<Permission>> = {
  owner: new Set(EVERYTHING),
  admin: new Set(EVERYTHING.filter((permission) => permission !== "owners:write" && permission !== "security:write")),
  editor: new Set(["case_studies:read", "case_studies:write", "content:read", "content:write"]),
  sales: new Set(["leads:read", "leads:write", "case_studies:read", "content:read"]),
  viewer: new Set(["case_studies:read", "content:read"]),
};

/** Who acts: a signed-in admin (by session or sign-in token) with their role, or an API key with its scopes. */
export type Actor = { kind: "admin"; role: Role } | { kind: "key"; scopes: readonly Scope[] };

export function can(actor: Actor, permission: Permission): boolean {
  return actor.kind === "admin"
    ? ROLE_PERMISSIONS[actor.role].has(permission)
    : (actor.scopes as readonly Permission[]).includes(permission);
}

/** The permissions a role holds, in the order of the table. */
export const permissionsOf = (role: Role): Permission[] => EVERYTHING.filter((permission) => ROLE_PERMISSIONS[role].has(permission));

/** Making an Owner, or changing or removing one, needs `owners:write`; giving any other role, `admins:write`. */
export const canAssignRole = (by: Actor, from: Role | null, to: Role | null): boolean =>
  can(by, from === "owner" || to === "owner" ? "owners:write" : "admins:write");
