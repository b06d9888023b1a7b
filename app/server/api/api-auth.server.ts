import { findTokenAdmin, type AdminAccess } from "~/domain/access.server";
import { findApiKey, keyActor, looksLikeApiKey, type KeyAccess } from "~/domain/api-keys.server";
import { messages } from "~/domain/messages";
import { can, type Actor, type Permission } from "~/domain/permissions";
import { countRefusal } from "~/domain/roles.server";
import type { Admin } from "~/domain/types";
import { getAdmin } from "../auth.server";
import { requestClient } from "../client-address.server";
import { requireDb } from "../db.server";
import { ApiError } from "./responses.server";
import { requireXsrf } from "./xsrf.server";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** null without an Authorization header; "" when it is not a bearer token. */
export function bearerToken(request: Request): string | null {
  const header = request.headers.get("Authorization");
  if (header === null) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : "";
}

/**
 * `admin`: who the request's writes name as their author; for an API key, the key itself (keyActor), which is no
 * admin: `key` says so.
 */
export type ApiAuth = { admin: Admin; actor: Actor; via: "token" | "session" | "key"; key: KeyAccess | null };

const unauthenticated = () => new ApiError(401, messages.apiUnauthenticated);

/** What a route that any authenticated caller may use asks for: an admin of any role, or a key of any scopes. */
export const ANY_CALLER = "any caller";

/**
 * A cookie session must also pass the XSRF check on state-changing methods (419 otherwise), as with Sanctum. With
 * `permission`, an actor without it gets 403 naming it (docs/api.md#permissions). Without one, an API key is refused:
 * a key reaches only what its scopes name, so a route that names none is closed to keys.
 */
export async function requireApiAdmin(request: Request, permission?: Permission | typeof ANY_CALLER): Promise<ApiAuth> {
  const auth = await authenticate(request);
  if (permission === ANY_CALLER) return auth;
  if (permission && !can(auth.actor, permission)) throw await apiForbidden(auth, permission);
  if (!permission && auth.key) throw new ApiError(403, messages.apiKeyRouteClosed);
  return auth;
}

/** The API's 403 naming `permission`, counted with the dashboard's (docs/security.md#roles); also for a refusal the domain gave. */
export async function apiForbidden(auth: ApiAuth, permission: Permission): Promise<ApiError> {
  if (auth.actor.kind === "admin")
    await countRefusal(auth.admin.id, permission).catch((error: unknown) => console.error("Counting a refusal failed:", error));
  return new ApiError(403, messages.apiForbidden(permission));
}

async function authenticate(request: Request): Promise<ApiAuth> {
  await requireDb();
  const token = bearerToken(request);
  // A key is only ever a bearer credential, so no XSRF check; unknown, revoked or expired is 401, with no cookie fallback.
  if (token && looksLikeApiKey(token)) {
    const key = await findApiKey(token, requestClient(request).address);
    if (!key) throw unauthenticated();
    return { admin: keyActor(key), actor: { kind: "key", scopes: key.scopes }, via: "key", key };
  }
  // The token's admin may have been deleted since.
  const found = token ? await findTokenAdmin(token) : null;
  if (found?.access) return allowed(found.access, "token");
  const { admin, role, mustSetUpTwoFactor } = await getAdmin(request);
  if (!admin || !role) throw unauthenticated();
  if (STATE_CHANGING.has(request.method.toUpperCase())) requireXsrf(request);
  return allowed({ admin, role, mustSetUpTwoFactor }, "session");
}

/** With two-factor sign-in required, an admin without it gets 403 until it is set up on the dashboard (docs/api.md#authentication). */
function allowed({ admin, role, mustSetUpTwoFactor }: AdminAccess, via: ApiAuth["via"]): ApiAuth {
  if (mustSetUpTwoFactor) throw new ApiError(403, messages.apiTwoFactorSetupRequired);
  return { admin, actor: { kind: "admin", role }, via, key: null };
}
