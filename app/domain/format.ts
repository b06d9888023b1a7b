const utcDateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

// In UTC, so it reads the same on every server and browser.
export function formatDateTimeUtc(date: Date | string): string {
  return `${utcDateTime.format(new Date(date))} UTC`;
}
