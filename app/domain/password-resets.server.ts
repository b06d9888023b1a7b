import { AccountLinkModel } from "~/models/account-link.server";
import { AdminModel } from "~/models/admin.server";
import { claimLink, createLink, endAccountLinks, endLinks, findLink, linkUrl, releaseLink } from "./account-links.server";
import { validityOf, type LinkRefusal } from "./account-links";
import { passwordResetMail } from "./account-mail";
import { adminTarget, recordEvent, type Origin } from "./audit-log.server";
import type { AccountMail, Passwords } from "./ports";
import { ok, refused, type Result } from "./shared";
import { endAdminAccess } from "./access.server";
import { getPublishedContent } from "./site-content.server";
import type { Admin } from "./types";

// docs/behaviour.md#password-reset. Whoever asks is answered the same way, after the same work, whether or not an
// admin has the email: the request is queued either way, and the mail outbox's next turn makes the link and the
// mail (decision 0026).

async function adminWithEmail(email: string): Promise<Admin | null> {
  const doc = await AdminModel.findOne({ email }).lean();
  return doc ? { id: doc._id.toString(), name: doc.name, email: doc.email } : null;
}

/** A request for a link, recorded with the email as typed (lowercased) and the admin who has it, if one does. */
export async function recordResetRequest(email: string, origin: Origin): Promise<void> {
  const admin = await adminWithEmail(email);
  await recordEvent(origin, "password.reset-requested", { email, ...(admin ? { target: adminTarget(admin) } : {}) });
}

/** The mail with a one-time link for the admin with this email, whose older links end; null when no admin has it. */
export async function prepareResetMail(email: string, siteUrl: string, now = new Date()): Promise<AccountMail | null> {
  const admin = await adminWithEmail(email);
  if (!admin) return null;
  const { doc, token } = await createLink({ purpose: "reset", email: admin.email, adminId: admin.id, now });
  await endLinks({ purpose: "reset", admin_id: doc.admin_id, _id: { $lt: doc._id } }, { now, replacedBy: doc._id });
  const { brand } = await getPublishedContent();
  return passwordResetMail({
    to: admin.email,
    name: admin.name,
    siteName: brand.name,
    link: linkUrl(siteUrl, "/reset-password", token),
    validFor: validityOf("reset"),
  });
}

/** The account's email only while the link can be used (its page offers it to password managers); otherwise only what became of it. */
export async function resetLinkByToken(
  token: string,
  now = new Date(),
): Promise<{ state: "pending"; email: string } | { state: LinkRefusal }> {
  const found = await findLink("reset", token, now);
  return found.state === "pending" ? { state: found.state, email: found.doc.email } : { state: found.state };
}

export type PasswordReset = { admin: Admin; ended: { sessions: number; tokens: number } };

/**
 * Sets the password the link's holder chose and ends every session and API token of the admin; the link is used up.
 * Recorded as done by that admin.
 */
export async function resetPassword(
  token: string,
  password: string,
  passwords: Passwords,
  origin: Origin,
  now = new Date(),
): Promise<Result<PasswordReset, LinkRefusal>> {
  const found = await findLink("reset", token, now);
  if (found.state !== "pending") return refused(found.state);
  const { doc, account } = found;
  // Hashed before the claim: the hash is the slow part, and a link is not used up by a failure before the change.
  const passwordHash = await passwords.hash(password);
  if (!(await claimLink(doc, now))) {
    const again = await findLink("reset", token, now);
    return refused(again.state === "pending" ? "used" : again.state);
  }
  let changed;
  try {
    // Only while the account is as the link was judged against: a change racing this one ends the link instead.
    changed = await AdminModel.findOneAndUpdate(
      { _id: account._id, email: account.email, passwordHash: account.passwordHash },
      { $set: { passwordHash } },
      { returnDocument: "after" },
    ).lean();
  } catch (error) {
    await releaseLink(doc, now);
    throw error;
  }
  if (!changed) {
    // The admin was deleted or changed since the link was judged: the link ends as withdrawn, not as used.
    await AccountLinkModel.updateOne({ _id: doc._id, used_at: now }, { $set: { used_at: null, withdrawn_at: now } });
    return refused("withdrawn");
  }
  const adminId = changed._id.toString();
  await endAccountLinks(adminId, now);
  const ended = await endAdminAccess(adminId);
  const admin = { id: adminId, name: changed.name, email: changed.email };
  await recordEvent(origin, "password.reset", {
    actor: admin,
    target: adminTarget(admin),
    details: { sessions_ended: ended.sessions, tokens_revoked: ended.tokens },
  });
  return ok({ admin, ended });
}
