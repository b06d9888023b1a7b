import type { Admin } from "~/domain/types";

// How the audit log names the accounts and invitations an event is about (docs/behaviour.md#audit-log).

export const adminTarget = (admin: Admin) => ({ type: "admin", id: admin.id, label: `${admin.name} <${admin.email}>` });

export const invitationTarget = (invitation: { id: string; name: string; email: string }) => ({
  type: "invitation",
  id: invitation.id,
  label: `${invitation.name} <${invitation.email}>`,
});
