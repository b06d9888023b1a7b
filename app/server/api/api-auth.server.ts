import { findTokenAdmin, type AdminAccess } from "~/domain/access.server";
import { messages } from "~/domain/messages";
import type { Admin } from "~/domain/types";
import { getAdmin } from "../auth.server";
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

export type ApiAuth = { admin: Admin; via: "token" | "session" };

const unauthenticated = () => new ApiError(401, messages.apiUnauthenticated);

/** A cookie session must also pass the XSRF check on state-changing methods (419 otherwise), as with Sanctum. */
export async function requireApiAdmin(request: Request): Promise<ApiAuth> {
  await requireDb();
  const token = bearerToken(request);
  // The token's admin may have been deleted since.
  const found = token ? await findTokenAdmin(token) : null;
  if (found?.access) return allowed(found.access, "token");
  const { admin, mustSetUpTwoFactor } = await getAdmin(request);
  if (!admin) throw unauthenticated();
  if (STATE_CHANGING.has(request.method.toUpperCase())) requireXsrf(request);
  return allowed({ admin, mustSetUpTwoFactor }, "session");
}

/** With two-factor sign-in required, an admin without it gets 403 until it is set up on the dashboard (docs/api.md#authentication). */
function allowed({ admin, mustSetUpTwoFactor }: AdminAccess, via: ApiAuth["via"]): ApiAuth {
  if (mustSetUpTwoFactor) throw new ApiError(403, messages.apiTwoFactorSetupRequired);
  return { admin, via };
}
