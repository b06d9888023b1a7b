// The studio's time zone (docs/behaviour.md#time-zone): pure helpers on Intl, shared by the server and the browser.
// Formatters are made on first use and kept per zone: making one costs far more than using it.

export const DEFAULT_TIME_ZONE = "UTC";

let zones: Set<string> | undefined;

/** The runtime's IANA zone names (which leave out "UTC" itself), plus "UTC". */
export function timeZoneNames(): string[] {
  zones ??= new Set([DEFAULT_TIME_ZONE, ...Intl.supportedValuesOf("timeZone")]);
  return [...zones];
}

export function isTimeZone(name: string): boolean {
  if (!zones) timeZoneNames();
  return zones!.has(name);
}

const wallFormats = new Map<string, Intl.DateTimeFormat>();

function wallFormat(zone: string): Intl.DateTimeFormat {
  let format = wallFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    wallFormats.set(zone, format);
  }
  return format;
}

/** The wall clock in `zone` at `date`, as if it were UTC: its difference from `date` is the zone's offset. */
function wallClockMs(date: Date, zone: string): number {
  const part: Record<string, number> = {};
  for (const { type, value } of wallFormat(zone).formatToParts(date)) if (type !== "literal") part[type] = Number(value);
  return Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!, date.getUTCMilliseconds());
}

const offsetMs = (date: Date, zone: string) => wallClockMs(date, zone) - date.getTime();

const pad = (n: number) => String(n).padStart(2, "0");

/** "2026-12-01T10:00": `date` on the wall clock in `zone`, as a `datetime-local` field shows it. */
export function wallTimeIn(date: Date | string, zone: string): string {
  const wall = new Date(wallClockMs(new Date(date), zone));
  return `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}T${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`;
}

const DAY_MS = 86_400_000;

/**
 * The instant a wall time ("2026-12-01T10:00", seconds optional) names in `zone`. A wall time the clocks skip is
 * moved forward by the gap (02:30 on a spring-forward night is 03:30); one they pass twice is the earlier.
 */
export function wallTimeToDate(wall: string, zone: string): Date {
  const asUtc = Date.parse(`${wall}Z`);
  if (Number.isNaN(asUtc)) return new Date(Number.NaN);
  // No zone changes its offset twice within a day: the offsets a day either side are the only candidates.
  const before = offsetMs(new Date(asUtc - DAY_MS), zone);
  const after = offsetMs(new Date(asUtc + DAY_MS), zone);
  const fits = [before, after].filter((offset) => offsetMs(new Date(asUtc - offset), zone) === offset);
  // Fitting both, the earlier instant is the one with the larger offset; fitting neither, the clock skipped it.
  if (fits.length) return new Date(asUtc - Math.max(...fits));
  return new Date(asUtc - before);
}

const nameFormats = new Map<string, Intl.DateTimeFormat>();

function zoneName(date: Date, zone: string, locale: string): string {
  const key = `${locale} ${zone}`;
  let format = nameFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: "short" });
    nameFormats.set(key, format);
  }
  return format.formatToParts(date).find((part) => part.type === "timeZoneName")?.value ?? zone;
}

/** "CET", "EST", "UTC"; "GMT+9" for a zone with no common abbreviation. */
export function zoneAbbreviation(date: Date | string, zone: string): string {
  const at = new Date(date);
  // British English names Europe's zones and American English America's; each gives the other as an offset.
  const british = zoneName(at, zone, "en-GB");
  if (!/^GMT[+-]/.test(british)) return british;
  const american = zoneName(at, zone, "en-US");
  return /^GMT[+-]/.test(american) ? british : american;
}
