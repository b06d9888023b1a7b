import { createAdmin, verifyCredentials } from "~/domain/admins.server";
import { adminInput, loginInput } from "~/domain/schemas";
import { passwords } from "~/server/passwords.server";

/** Creates an admin as the dashboard does (the fields parsed with its schema, then the domain), without an audit entry. */
export function createTestAdmin(fields: { name: string; email: string; password: string }) {
  return createAdmin(adminInput.parse(fields), passwords, null);
}

/** Checks credentials as the sign-in does: parsed with its schema (the email lowercased), then the domain. */
export function checkCredentials(fields: { email: string; password: string }) {
  return verifyCredentials(loginInput.parse(fields), passwords);
}
