const utcDateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

// In UTC, so it reads the same on every server and browser.
export function formatDateTimeUtc(date: Date | string): string {
  return `${utcDateTime.format(new Date(date))} UTC`;
}

const shortUtcDateTime = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "UTC",
});

/** "26 Nov 2026, 14:03 UTC": a version's time in a list line. */
export function formatShortDateTimeUtc(date: Date | string): string {
  return `${shortUtcDateTime.format(new Date(date))} UTC`;
}
