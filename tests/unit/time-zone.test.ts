import { describe, expect, it } from "vitest";
import { formatDateTime } from "~/domain/format";
import { isTimeZone, wallTimeIn, wallTimeToDate, zoneAbbreviation } from "~/domain/time-zone";

// Berlin moves its clocks at 01:00 UTC: forward on 29 March 2026 (02:00 → 03:00), back on 25 October 2026 (03:00 → 02:00).

describe("isTimeZone", () => {
  it("takes the runtime's IANA names and UTC, nothing else", () => {
    expect(isTimeZone("Europe/Berlin")).toBe(true);
    expect(isTimeZone("America/New_York")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Europe/Atlantis")).toBe(false);
    expect(isTimeZone("europe/berlin")).toBe(false);
    expect(isTimeZone("")).toBe(false);
    expect(isTimeZone("+01:00")).toBe(false);
  });
});

describe("wallTimeIn: an instant as a datetime-local value in a zone", () => {
  it("shows the zone's wall time on both sides of a DST change", () => {
    expect(wallTimeIn(new Date("2026-03-29T00:59:00Z"), "Europe/Berlin")).toBe("2026-03-29T01:59");
    expect(wallTimeIn(new Date("2026-03-29T01:00:00Z"), "Europe/Berlin")).toBe("2026-03-29T03:00");
    expect(wallTimeIn(new Date("2026-10-25T00:30:00Z"), "Europe/Berlin")).toBe("2026-10-25T02:30");
    expect(wallTimeIn(new Date("2026-10-25T01:30:00Z"), "Europe/Berlin")).toBe("2026-10-25T02:30");
    expect(wallTimeIn(new Date("2026-12-01T09:00:00Z"), "UTC")).toBe("2026-12-01T09:00");
    expect(wallTimeIn(new Date("2026-12-31T23:30:00Z"), "America/New_York")).toBe("2026-12-31T18:30");
  });
});

describe("wallTimeToDate: a datetime-local value read in a zone", () => {
  it("reads an ordinary wall time with the zone's offset, winter and summer", () => {
    expect(wallTimeToDate("2026-01-15T09:00", "Europe/Berlin").toISOString()).toBe("2026-01-15T08:00:00.000Z");
    expect(wallTimeToDate("2026-07-15T09:00", "Europe/Berlin").toISOString()).toBe("2026-07-15T07:00:00.000Z");
    expect(wallTimeToDate("2026-07-15T09:00", "America/New_York").toISOString()).toBe("2026-07-15T13:00:00.000Z");
    expect(wallTimeToDate("2026-07-15T09:00:30", "UTC").toISOString()).toBe("2026-07-15T09:00:30.000Z");
  });

  it("moves a wall time the clocks skip forward by the gap", () => {
    // 02:30 does not happen in Berlin on 29 March: it is read as 03:30 CEST.
    expect(wallTimeToDate("2026-03-29T02:30", "Europe/Berlin").toISOString()).toBe("2026-03-29T01:30:00.000Z");
    expect(wallTimeToDate("2026-03-29T02:00", "Europe/Berlin").toISOString()).toBe("2026-03-29T01:00:00.000Z");
    expect(wallTimeToDate("2026-03-29T03:00", "Europe/Berlin").toISOString()).toBe("2026-03-29T01:00:00.000Z");
  });

  it("takes the earlier of a wall time the clocks pass twice", () => {
    // 02:30 happens twice in Berlin on 25 October: first in CEST (00:30 UTC), then in CET (01:30 UTC).
    expect(wallTimeToDate("2026-10-25T02:30", "Europe/Berlin").toISOString()).toBe("2026-10-25T00:30:00.000Z");
    expect(wallTimeToDate("2026-11-01T01:30", "America/New_York").toISOString()).toBe("2026-11-01T05:30:00.000Z");
  });

  it("round-trips with wallTimeIn across both changes", () => {
    for (let t = Date.parse("2026-03-28T20:00:00Z"); t < Date.parse("2026-03-29T06:00:00Z"); t += 15 * 60_000)
      expect(wallTimeToDate(wallTimeIn(new Date(t), "Europe/Berlin"), "Europe/Berlin").getTime()).toBe(t);
    // Past the repeated hour, every wall time is read back to its instant.
    for (let t = Date.parse("2026-10-25T01:00:00Z"); t < Date.parse("2026-10-25T06:00:00Z"); t += 15 * 60_000)
      expect(wallTimeToDate(wallTimeIn(new Date(t), "Europe/Berlin"), "Europe/Berlin").getTime()).toBe(
        t - (t < Date.parse("2026-10-25T02:00:00Z") ? 3_600_000 : 0),
      );
  });
});

describe("zoneAbbreviation and formatDateTime: the dashboard's one format", () => {
  it("names the zone as people read it, the offset where it has no common name", () => {
    expect(zoneAbbreviation(new Date("2026-11-28T13:03:00Z"), "Europe/Berlin")).toBe("CET");
    expect(zoneAbbreviation(new Date("2026-07-01T12:00:00Z"), "Europe/Berlin")).toBe("CEST");
    expect(zoneAbbreviation(new Date("2026-11-28T13:03:00Z"), "America/New_York")).toBe("EST");
    expect(zoneAbbreviation(new Date("2026-11-28T13:03:00Z"), "UTC")).toBe("UTC");
    expect(zoneAbbreviation(new Date("2026-11-28T13:03:00Z"), "Asia/Tokyo")).toBe("GMT+9");
  });

  it('reads "28 Nov 2026, 14:03 CET" in the studio\'s zone', () => {
    expect(formatDateTime("2026-11-28T13:03:00Z", "Europe/Berlin")).toBe("28 Nov 2026, 14:03 CET");
    expect(formatDateTime(new Date("2026-07-01T12:00:00Z"), "Europe/Berlin")).toBe("1 Jul 2026, 14:00 CEST");
    expect(formatDateTime("2026-11-28T13:03:00Z", "UTC")).toBe("28 Nov 2026, 13:03 UTC");
    expect(formatDateTime("2026-11-28T23:30:00Z", "America/New_York")).toBe("28 Nov 2026, 18:30 EST");
  });
});
