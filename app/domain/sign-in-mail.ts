import { formatDateTime } from "./format";
import { escapeHtml, oneLine } from "./notifications";
import type { AccountMail } from "./ports";
import { DEFAULT_TIME_ZONE } from "./time-zone";

// "A new sign-in to your account" (docs/behaviour.md#two-factor-sign-in): sent after a password sign-in of an admin without
// two-factor sign-in. The browser and address are whatever the request said, so they are escaped like a visitor's words.

type NewSignInMailInput = {
  admin: { id: string; name: string; email: string };
  siteName: string;
  siteUrl: string;
  at: Date;
  /** The client address as the server saw it; null when it sees none (TRUST_PROXY=0). */
  address: string | null;
  userAgent: string;
  /** The studio's zone, which the mail states the time in (docs/behaviour.md#time-zone). */
  timeZone?: string;
};

export function newSignInMail({
  admin,
  siteName,
  siteUrl,
  at,
  address,
  userAgent,
  timeZone = DEFAULT_TIME_ZONE,
}: NewSignInMailInput): AccountMail {
  const site = oneLine(siteName);
  const base = siteUrl.replace(/\/+$/, "");
  const accountLink = `${base}/dashboard/users/${encodeURIComponent(admin.id)}/edit`;
  const twoFactorLink = `${base}/dashboard/account/two-factor`;
  const browser = oneLine(userAgent).slice(0, 300) || "not given";
  const from = address ? oneLine(address) : "not known (the server is not told client addresses)";
  const when = formatDateTime(at, timeZone);
  const name = oneLine(admin.name);

  const text = [
    `Hello ${name},`,
    "",
    `Someone just signed in to your ${site} admin account (${oneLine(admin.email)}) with your password.`,
    "",
    `When: ${when}`,
    `Browser: ${browser}`,
    `Address: ${from}`,
    "",
    "If this was you, there is nothing to do.",
    "",
    "If it was not you, someone knows your password:",
    `1. Change your password and choose "Sign out everywhere" on your account page: ${accountLink}`,
    "   (this ends every session and API token of yours, theirs included).",
    `2. Turn on two-factor sign-in, so that a password alone is no longer enough: ${twoFactorLink}`,
    "3. Tell the other admins, and look at what was changed while they were signed in.",
    "",
    `This email is sent after each sign-in to ${site} with a password alone.`,
    "",
  ].join("\n");

  const cell = "padding:4px 12px 4px 0;vertical-align:top;text-align:left";
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(`A new sign-in to your ${site} account`)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#0f172a">
<p>Hello ${escapeHtml(name)},</p>
<p>Someone just signed in to your ${escapeHtml(site)} admin account (${escapeHtml(oneLine(admin.email))}) with your password.</p>
<table role="presentation" style="border-collapse:collapse">
<tr><th scope="row" style="${cell}">When</th><td style="${cell}">${escapeHtml(when)}</td></tr>
<tr><th scope="row" style="${cell}">Browser</th><td style="${cell}">${escapeHtml(browser)}</td></tr>
<tr><th scope="row" style="${cell}">Address</th><td style="${cell}">${escapeHtml(from)}</td></tr>
</table>
<p>If this was you, there is nothing to do.</p>
<p style="font-weight:bold">If it was not you, someone knows your password:</p>
<ol>
<li><a href="${escapeHtml(accountLink)}">Change your password and choose &ldquo;Sign out everywhere&rdquo;</a> (this ends every session and API token of yours, theirs included).</li>
<li><a href="${escapeHtml(twoFactorLink)}">Turn on two-factor sign-in</a>, so that a password alone is no longer enough.</li>
<li>Tell the other admins, and look at what was changed while they were signed in.</li>
</ol>
<p style="color:#475569">This email is sent after each sign-in to ${escapeHtml(site)} with a password alone.</p>
</body>
</html>
`;

  return { to: admin.email, subject: `A new sign-in to your ${site} account`.slice(0, 200), text, html };
}
