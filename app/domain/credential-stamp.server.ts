import { createHash } from "node:crypto";

// Whether an admin's credentials are still what they were: a one-time link and a two-factor code step each keep this
// from when they were made and end once it differs (docs/security.md). 96 bits of a SHA-256 tell a change apart and
// give nothing to guess the password from.
export function credentialStamp(admin: { email: string; passwordHash: string }): string {
  return createHash("sha256")
    .update(JSON.stringify([admin.email, admin.passwordHash]))
    .digest("base64url")
    .slice(0, 16);
}
