import { createAdmin, verifyCredentials } from "~/domain/admins.server";
import type { Role } from "~/domain/permissions";
import { adminInput, loginInput } from "~/domain/schemas";
import { passwords } from "~/server/passwords.server";

/**
 * Creates an admin as the dashboard does (the fields parsed with its schema, then the domain), without an audit entry;
 * an Admin unless `role` says otherwise (the first admin of a test's database is its Owner).
 */
export function createTestAdmin(fields: { name: string; email: string; password: string }, role?: Role) {
  return createAdmin({ ...adminInput.parse(fields), role }, passwords, null);
}

/** Checks credentials as the sign-in does: parsed with its schema (the email lowercased), then the domain. */
export function checkCredentials(fields: { email: string; password: string }) {
  return verifyCredentials(loginInput.parse(fields), passwords);
}
