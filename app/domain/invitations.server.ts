import mongoose from "mongoose";
import { AccountLinkModel, type AccountLinkDoc } from "~/models/account-link.server";
import { claimLink, createLink, endLinks, findLink, linkUrl, releaseLink, type Delivery } from "./account-links.server";
import { validityOf, type LinkRefusal } from "./account-links";
import { invitationMail } from "./account-mail";
import { createAdmin, isEmailTaken } from "./admins.server";
import { adminTarget, recordEvent, type AdminOrigin, type Origin } from "./audit-log.server";
import { isObjectId, ok, refused, type Result } from "./shared";
import type { Passwords } from "./ports";
import type { InvitationInput } from "./schemas";
import { getPublishedContent } from "./site-content.server";
import { can, DEFAULT_ROLE, isRole, type Actor, type Role } from "./permissions";
import type { AdminAccount } from "./types";

// docs/behaviour.md#invitations. An admin invites a name and an email; the invitee chooses the password through a
// one-time link valid 48 hours, which makes the account.

export type Invitation = {
  id: string;
  name: string;
  email: string;
  role: Role;
  created_at: string;
  expires_at: string;
  expired: boolean;
};

const roleOf = (doc: Pick<AccountLinkDoc, "role">): Role => (isRole(doc.role) ? doc.role : DEFAULT_ROLE);

/** `link` is for the route to show once when the mail did not go (mail off, or the queue failed); it is never stored. */
export type SentInvitation = { invitation: Invitation; link: string; emailed: boolean };

const invitationTarget = (invitation: { id: string; name: string; email: string }) => ({
  type: "invitation",
  id: invitation.id,
  label: `${invitation.name} <${invitation.email}>`,
});

function toInvitation(doc: AccountLinkDoc, now: Date): Invitation {
  return {
    id: doc._id.toString(),
    name: doc.name,
    email: doc.email,
    role: roleOf(doc),
    created_at: doc.created_at.toISOString(),
    expires_at: doc.expires_at.toISOString(),
    expired: doc.expires_at.getTime() <= now.getTime(),
  };
}

const notEnded = { purpose: "invitation" as const, used_at: null, withdrawn_at: null };

/** Pending and expired ones (an expired one can be re-sent), oldest first; used and withdrawn ones are done. */
export async function listInvitations(now = new Date()): Promise<Invitation[]> {
  const docs = await AccountLinkModel.find(notEnded).sort({ created_at: 1, _id: 1 }).lean();
  return docs.map((doc) => toInvitation(doc, now));
}

export async function isEmailInvited(email: string, now = new Date()): Promise<boolean> {
  return Boolean(await AccountLinkModel.exists({ ...notEnded, email, expires_at: { $gt: now } }));
}

async function send(
  doc: AccountLinkDoc,
  token: string,
  { origin, action }: { origin: AdminOrigin; action: "invitation.sent" | "invitation.resent" },
  delivery: Delivery,
  now: Date,
): Promise<SentInvitation> {
  const by = origin.actor;
  const link = linkUrl(delivery.siteUrl, "/invitation", token);
  let emailed = false;
  if (delivery.mail.enabled()) {
    const { brand } = await getPublishedContent();
    const mail = invitationMail({
      to: doc.email,
      name: doc.name,
      inviterName: by.name,
      siteName: brand.name,
      link,
      validFor: validityOf("invitation"),
      role: roleOf(doc),
    });
    emailed = await delivery.mail.send(mail);
  }
  const invitation = toInvitation(doc, now);
  await recordEvent(origin, action, { target: invitationTarget(invitation), details: { emailed, role: invitation.role } });
  return { invitation, link, emailed };
}

/** Inviting an Owner needs `owners:write` (`by`): the invitation gives its role to the admin it makes. */
export async function inviteAdmin(
  input: InvitationInput,
  origin: AdminOrigin,
  delivery: Delivery,
  { by, now = new Date() }: { by: Actor; now?: Date },
): Promise<Result<SentInvitation, "email-taken" | "already-invited" | "forbidden">> {
  if (input.role === "owner" && !can(by, "owners:write")) return refused("forbidden");
  if (await isEmailTaken(input.email)) return refused("email-taken");
  if (await isEmailInvited(input.email, now)) return refused("already-invited");
  const { doc, token } = await createLink({
    purpose: "invitation",
    email: input.email,
    name: input.name,
    role: input.role,
    createdBy: origin.actor.id,
    now,
  });
  // One open invitation per email: an expired one, or the loser of two invitations sent at once, ends here (the newest stays).
  await endLinks({ purpose: "invitation", email: input.email, _id: { $lt: doc._id } }, { now, replacedBy: doc._id });
  return ok(await send(doc, token, { origin, action: "invitation.sent" }, delivery, now));
}

/**
 * A new link, pending or expired alike; the old one stops working. An Owner's invitation only by an Owner (`by`): the
 * link may be handed to whoever sends it.
 */
export async function resendInvitation(
  id: string,
  origin: AdminOrigin,
  delivery: Delivery,
  { by, now = new Date() }: { by: Actor; now?: Date },
): Promise<Result<SentInvitation, "not-found" | "email-taken" | "forbidden">> {
  if (!isObjectId(id)) return refused("not-found");
  const old = await AccountLinkModel.findOne({ _id: id, ...notEnded }).lean();
  if (!old) return refused("not-found");
  if (roleOf(old) === "owner" && !can(by, "owners:write")) return refused("forbidden");
  if (await isEmailTaken(old.email)) return refused("email-taken");
  const newId = new mongoose.Types.ObjectId();
  // Ended first, on the condition that it is still open: a re-send racing the invitee's acceptance (or a withdrawal) loses.
  if (!(await endLinks({ purpose: "invitation", _id: old._id }, { now, replacedBy: newId }))) return refused("not-found");
  const { doc, token } = await createLink({
    purpose: "invitation",
    email: old.email,
    name: old.name,
    role: old.role,
    createdBy: origin.actor.id,
    id: newId,
    now,
  });
  return ok(await send(doc, token, { origin, action: "invitation.resent" }, delivery, now));
}

export async function withdrawInvitation(id: string, origin: Origin, now = new Date()): Promise<Result<Invitation, "not-found">> {
  if (!isObjectId(id)) return refused("not-found");
  const doc = await AccountLinkModel.findOne({ _id: id, ...notEnded }).lean();
  if (!doc || !(await endLinks({ purpose: "invitation", _id: doc._id }, { now }))) return refused("not-found");
  const withdrawn = toInvitation(doc, now);
  await recordEvent(origin, "invitation.withdrawn", { target: invitationTarget(withdrawn) });
  return ok(withdrawn);
}

/** The invitee's name and email only while the link can be used; otherwise only what became of it. */
export async function invitationByToken(
  token: string,
  now = new Date(),
): Promise<{ state: "pending"; invitee: { name: string; email: string; role: Role } } | { state: LinkRefusal }> {
  const found = await findLink("invitation", token, now);
  if (found.state !== "pending") return { state: found.state };
  return { state: found.state, invitee: { name: found.doc.name, email: found.doc.email, role: roleOf(found.doc) } };
}

/**
 * Makes the admin with the invitation's name and email and the password the invitee chose; the link is used up.
 * Recorded as done by the admin it made.
 */
export async function acceptInvitation(
  token: string,
  password: string,
  passwords: Passwords,
  origin: Origin,
  now = new Date(),
): Promise<Result<AdminAccount, LinkRefusal | "email-taken">> {
  const found = await findLink("invitation", token, now);
  if (found.state !== "pending") return refused(found.state);
  const { doc } = found;
  // Before the claim, so that the link stays usable while the answer is "sign in instead"; unless another tab has just
  // used this very link to make the account, which that tab's visitor is told.
  if (await isEmailTaken(doc.email)) {
    const again = await findLink("invitation", token, now);
    return refused(again.state === "pending" ? "email-taken" : again.state);
  }
  if (!(await claimLink(doc, now))) {
    const again = await findLink("invitation", token, now);
    return refused(again.state === "pending" ? "used" : again.state);
  }
  let created: Awaited<ReturnType<typeof createAdmin>>;
  try {
    created = await createAdmin({ name: doc.name, email: doc.email, password, role: roleOf(doc) }, passwords, null);
  } catch (error) {
    await releaseLink(doc, now);
    throw error;
  }
  // An admin added with this email in the meantime: the invitation has nothing left to do.
  // No `by`: the role was checked when the invitation was sent, so "forbidden" cannot come back.
  if (!created.ok) return refused(created.reason === "forbidden" ? "email-taken" : created.reason);
  const admin = created.value;
  await recordEvent(origin, "invitation.accepted", { actor: admin, target: adminTarget(admin) });
  return ok(admin);
}
