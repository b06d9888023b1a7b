// Public pages format dates by hand: creating the first Intl.DateTimeFormat in a page costs about 90 ms of main
// thread (Chromium loads its locale and time-zone data), which a phone pays during hydration (decision 0045).
import { zoneAbbreviation } from "./time-zone";

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/** "November 28, 2026", the day in UTC, so the server and the browser agree. */
export function formatLongDateUtc(date: Date | string): string {
  const day = new Date(date);
  return `${MONTHS[day.getUTCMonth()]} ${day.getUTCDate()}, ${day.getUTCFullYear()}`;
}

/** "November 2026", in UTC. */
export function formatMonthYearUtc(date: Date | string): string {
  const day = new Date(date);
  return `${MONTHS[day.getUTCMonth()]} ${day.getUTCFullYear()}`;
}

let dateTimeFormats: Map<string, Intl.DateTimeFormat> | undefined;

/** "28 Nov 2026, 14:03 CET": every time the dashboard shows, in the studio's zone (docs/behaviour.md#time-zone). */
export function formatDateTime(date: Date | string, zone: string): string {
  const at = new Date(date);
  dateTimeFormats ??= new Map();
  let format = dateTimeFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-GB", {
      day: "numeric",
      month: "short",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
      timeZone: zone,
    });
    dateTimeFormats.set(zone, format);
  }
  return `${format.format(at)} ${zoneAbbreviation(at, zone)}`;
}

/** "45 min", "5 h 20 min", "3 days 4 h": a wait, rounded down to the minute. */
export function formatDuration(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} days ${hours % 24} h` : `${days} days`;
}
