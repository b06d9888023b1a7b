import { roleLabel, roleSummary } from "./messages";
import { escapeHtml, oneLine } from "./notifications";
import type { AccountMail } from "./ports";

// The invitation and password reset mails (docs/behaviour.md#invitations): every value escaped in the HTML part and
// kept to one line where a header or a sentence takes it. The link is the only way in, so both parts carry it whole.

type Paragraph = string | { link: string; label: string };

function compose({ to, subject, greeting, paragraphs }: { to: string; subject: string; greeting: string; paragraphs: Paragraph[] }) {
  const text = [greeting, "", ...paragraphs.flatMap((part) => [typeof part === "string" ? part : `${part.label}:\n${part.link}`, ""])].join(
    "\n",
  );
  const button =
    "display:inline-block;padding:10px 18px;border-radius:8px;background:#1e40af;color:#ffffff;text-decoration:none;font-weight:bold";
  const body = paragraphs
    .map((part) =>
      typeof part === "string"
        ? `<p>${escapeHtml(part)}</p>`
        : `<p><a href="${escapeHtml(part.link)}" style="${button}">${escapeHtml(part.label)}</a></p>\n<p style="color:#475569;font-size:13px">${escapeHtml("Or copy this address into your browser:")}<br>${escapeHtml(part.link)}</p>`,
    )
    .join("\n");
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#0f172a">
<p>${escapeHtml(greeting)}</p>
${body}
</body>
</html>
`;
  return { to, subject: subject.slice(0, 200), text, html } satisfies AccountMail;
}

export function invitationMail(input: {
  to: string;
  name: string;
  inviterName: string;
  siteName: string;
  link: string;
  validFor: string;
  role: string;
}) {
  const siteName = oneLine(input.siteName);
  return compose({
    to: input.to,
    subject: `You are invited to the ${siteName} dashboard`,
    greeting: `Hello ${oneLine(input.name)},`,
    paragraphs: [
      `${oneLine(input.inviterName)} has invited you to be an admin of ${siteName}'s website, with the role ${roleLabel(input.role)}: ${roleSummary(input.role)}`,
      { label: "Choose your password", link: input.link },
      `The link works once, for ${input.validFor}. If it has expired, ask for a new invitation.`,
      "If you did not expect this invitation, you can ignore this email: no account is made until you choose a password.",
    ],
  });
}

export function passwordResetMail(input: { to: string; name: string; siteName: string; link: string; validFor: string }) {
  const siteName = oneLine(input.siteName);
  return compose({
    to: input.to,
    subject: `Choose a new password for ${siteName}`,
    greeting: `Hello ${oneLine(input.name)},`,
    paragraphs: [
      `Someone asked to reset the password of your admin account at ${siteName}.`,
      { label: "Choose a new password", link: input.link },
      `The link works once, for ${input.validFor}. A new password ends every session and API token of your account.`,
      "If you did not ask for this, ignore this email: your password stays as it is.",
    ],
  });
}
