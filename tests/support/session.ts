import type { Role } from "~/domain/permissions";
import { createTestAdmin } from "./admins";
import { commitAdminSession } from "~/server/auth.server";
import { cookiesFrom, get } from "./remix";

/** Creates an admin and returns it with a Cookie header of a fresh session for it. */
export async function signedInAdmin(
  email = `admin-${Math.random().toString(36).slice(2, 8)}@example.com`,
  name = "Test Admin",
  role?: Role,
) {
  const result = await createTestAdmin({ name, email, password: "test-password" }, role);
  if (!result.ok) throw new Error(result.reason);
  const cookie = cookiesFrom(new Headers({ "Set-Cookie": await commitAdminSession(get("/login"), result.value.id) }));
  return { admin: result.value, cookie };
}
