// docs/behaviour.md#audit-log: what an entry stores in short (its door, the server's "direct" when no proxy named
// the address), in the words its readers use.

const DOORS: Record<string, string> = {
  form: "the dashboard",
  account: "the dashboard",
  api: "the API",
  "command line": "the command line",
  schedule: "the schedule",
};

const valueText = (value: unknown) =>
  Array.isArray(value) ? value.join(", ") : typeof value === "object" && value !== null ? JSON.stringify(value) : String(value);

/** How the change came: the door it names, or the schedule that made it. */
function doorOf(details: Record<string, unknown>): string | null {
  const door = details.by === "schedule" ? "schedule" : details.door;
  return typeof door === "string" ? (DOORS[door] ?? door) : null;
}

/** "through the API", for a line that leaves out the address and browser; null when the entry names no door. */
export function auditThrough(details: Record<string, unknown>): string | null {
  const door = doorOf(details);
  return door ? `through ${door}` : null;
}

/** "From 203.0.113.9, Firefox, through the API"; the server's own work is "On the server, through the schedule". */
export function auditPlace(address: string, browser: string, details: Record<string, unknown>): string {
  const door = doorOf(details);
  if (address === "server") return `On the server, through ${door ?? "the command line or the schedule"}`;
  // No trusted proxy named the client (TRUST_PROXY=0): the server knows no address.
  const where = address === "" || address === "direct" ? "an unknown address" : address;
  return `From ${where}, ${browser}${door ? `, through ${door}` : ""}`;
}

/** The rest of an entry's details ("two factor: totp; reason: wrong-code"); the door is in its place. */
export function auditDetails(details: Record<string, unknown>): string {
  return Object.entries(details)
    .filter(([key, value]) => key !== "door" && !(key === "by" && value === "schedule"))
    .map(([key, value]) => `${key.replaceAll("_", " ")}: ${valueText(value)}`)
    .join("; ")
    .slice(0, 300);
}
