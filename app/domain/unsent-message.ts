import { messages } from "./messages";

export type TypedMessage = { name?: unknown; email?: unknown; message?: unknown };

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

/** docs/behaviour.md#nothing-lost: a mailto: link to the studio whose subject and body carry what the visitor typed. */
export function unsentMailto(to: string, typed: TypedMessage): string {
  const name = text(typed.name);
  const email = text(typed.email);
  const header = [name && `Name: ${name}`, email && `Email: ${email}`].filter(Boolean);
  const body = header.length > 0 ? `${header.join("\n")}\n\n${text(typed.message)}` : text(typed.message);
  const query = `subject=${encodeURIComponent(messages.contactMailSubject(name))}&body=${encodeURIComponent(body)}`;
  return `mailto:${encodeURIComponent(to).replace("%40", "@")}?${query}`;
}
