import { formatDateTime } from "./format";
import { DEFAULT_TIME_ZONE } from "./time-zone";

// Every visitor value is escaped in the HTML part and kept to one line where a header or a label line takes it.

export type NewMessageMailInput = {
  message: { id: string; name: string; email: string; message: string; created_at: Date | string };
  siteUrl: string;
  siteName: string;
  /** The studio's zone, which the mail states the time in (docs/behaviour.md#time-zone). */
  timeZone?: string;
};

export type MailContent = { subject: string; text: string; html: string; replyTo: string };

export function messageLink(siteUrl: string, id: string): string {
  return `${siteUrl.replace(/\/+$/, "")}/dashboard/messages#message-${encodeURIComponent(id)}`;
}

export function newMessageMail({ message, siteUrl, siteName, timeZone = DEFAULT_TIME_ZONE }: NewMessageMailInput): MailContent {
  const name = oneLine(message.name);
  const email = oneLine(message.email);
  const body = message.message.replace(/\r\n?/g, "\n");
  const sent = formatDateTime(message.created_at, timeZone);
  const link = messageLink(siteUrl, message.id);

  const text = [
    `New message from the contact form of ${siteName}.`,
    "",
    `Name: ${name}`,
    `Email: ${email}`,
    `Sent: ${sent}`,
    "",
    "Message:",
    body,
    "",
    `Open it in the dashboard: ${link}`,
    "",
    `Reply to this email to answer ${name}.`,
    "",
  ].join("\n");

  const cell = "padding:4px 12px 4px 0;vertical-align:top;text-align:left";
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(`New message from ${name}`)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#0f172a">
<p>New message from the contact form of ${escapeHtml(siteName)}.</p>
<table role="presentation" style="border-collapse:collapse">
<tr><th scope="row" style="${cell}">Name</th><td style="${cell}">${escapeHtml(name)}</td></tr>
<tr><th scope="row" style="${cell}">Email</th><td style="${cell}"><a href="${escapeHtml(`mailto:${email}`)}">${escapeHtml(email)}</a></td></tr>
<tr><th scope="row" style="${cell}">Sent</th><td style="${cell}">${escapeHtml(sent)}</td></tr>
</table>
<p style="margin-top:16px;font-weight:bold">Message:</p>
<p>${escapeHtml(body).replace(/\n/g, "<br>\n")}</p>
<p><a href="${escapeHtml(link)}">Open it in the dashboard</a></p>
<p style="color:#475569">Reply to this email to answer ${escapeHtml(name)}.</p>
</body>
</html>
`;

  return { subject: `New message from ${name}`.slice(0, 200), text, html, replyTo: email };
}

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ENTITIES[char]!);
}

// So that no header or label line can be split by a visitor.
export function oneLine(value: string): string {
  return (
    value
      // eslint-disable-next-line no-control-regex -- control characters are what this replaces
      .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, " ")
      .replace(/ {2,}/g, " ")
      .trim()
  );
}

/** What the lead page's reply form starts with: a subject, and the lead's message quoted below a space to write in. */
export function replyDraft(
  lead: { name: string; message: string; created_at: Date | string },
  siteName: string,
  timeZone = DEFAULT_TIME_ZONE,
): { subject: string; body: string } {
  const quoted = lead.message
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) => (line ? `> ${line}` : ">"))
    .join("\n");
  return {
    subject: oneLine(`Re: your message to ${siteName}`).slice(0, 200),
    body: `\n\nOn ${formatDateTime(lead.created_at, timeZone)}, ${oneLine(lead.name)} wrote:\n${quoted}\n`,
  };
}

/** A reply as the admin wrote it: the text as typed, the HTML part escaped. */
export function leadReplyMail({ subject, body }: { subject: string; body: string }): Omit<MailContent, "replyTo"> {
  const text = body.replace(/\r\n?/g, "\n");
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(oneLine(subject))}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#0f172a">
<p>${escapeHtml(text).replace(/\n/g, "<br>\n")}</p>
</body>
</html>
`;
  return { subject: oneLine(subject).slice(0, 200), text, html };
}

/**
 * The autoresponder's mail: `{name}` and `{studio}` replaced once each, in one pass, so a name holding "{studio}" stays
 * as typed; the subject is one line, the HTML part escaped.
 */
export function autoReplyMail(
  { subject, text }: { subject: string; text: string },
  values: { name: string; studio: string },
): Omit<MailContent, "replyTo"> {
  const fill = (template: string) => template.replace(/\{(name|studio)\}/g, (_, key: "name" | "studio") => oneLine(values[key]));
  const body = fill(text.replace(/\r\n?/g, "\n"));
  const line = oneLine(fill(subject)).slice(0, 200);
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(line)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#0f172a">
<p>${escapeHtml(body).replace(/\n/g, "<br>\n")}</p>
</body>
</html>
`;
  return { subject: line, text: body, html };
}
