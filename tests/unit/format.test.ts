import { describe, expect, it } from "vitest";
import { phoneDigits, whatsAppChatUrl } from "~/lib/phone-links";
import { dialableWhatsAppNumber, formatWhatsAppNumber } from "~/domain/phone";
import { responsiveImage } from "~/lib/images";
import { formatDuration, formatLongDateUtc, formatMonthYearUtc } from "~/domain/format";

describe("formatWhatsAppNumber (+1 (digits 2-4) digits 5-7-digits 8-11)", () => {
  it("lays out eleven digits", () => {
    expect(formatWhatsAppNumber("15551234567")).toBe("+1 (555) 123-4567");
  });

  it("keeps digits only from messy input", () => {
    expect(formatWhatsAppNumber("+1 (555) 123-4567")).toBe("+1 (555) 123-4567");
    expect(formatWhatsAppNumber(" 1.555.123.4567 ext")).toBe("+1 (555) 123-4567");
    expect(formatWhatsAppNumber("phone: 1-555-ABC-123-4567")).toBe("+1 (555) 123-4567");
  });

  it("takes ten digits as a US number without its country code", () => {
    expect(formatWhatsAppNumber("(555) 123-4567")).toBe("+1 (555) 123-4567");
  });

  it("drops digits past the eleventh", () => {
    expect(formatWhatsAppNumber("155512345678999")).toBe("+1 (555) 123-4567");
  });

  it("formats short input as far as it goes, without dangling separators", () => {
    expect(formatWhatsAppNumber("")).toBe("");
    expect(formatWhatsAppNumber("abc")).toBe("");
    expect(formatWhatsAppNumber("1")).toBe("+1");
    expect(formatWhatsAppNumber("155")).toBe("+1 (55");
    expect(formatWhatsAppNumber("1555")).toBe("+1 (555)");
    expect(formatWhatsAppNumber("155512")).toBe("+1 (555) 12");
    expect(formatWhatsAppNumber("15551234")).toBe("+1 (555) 123-4");
  });

  it("is stable when applied twice", () => {
    for (const input of ["15551234567", "5551234567", "1555", "+1 (555) 123-4567"]) {
      expect(formatWhatsAppNumber(formatWhatsAppNumber(input))).toBe(formatWhatsAppNumber(input));
    }
  });
});

describe("formatWhatsAppNumber outside North America (+ and the country code)", () => {
  it("lays out another country's number in international form as it is typed", () => {
    expect(formatWhatsAppNumber("+")).toBe("+");
    expect(formatWhatsAppNumber("+44")).toBe("+44");
    expect(formatWhatsAppNumber("+442079")).toBe("+44 20 79");
    expect(formatWhatsAppNumber("+442079460018")).toBe("+44 20 7946 0018");
    expect(formatWhatsAppNumber("+44 20 7946 0018")).toBe("+44 20 7946 0018");
    expect(formatWhatsAppNumber("+33.6.12.34.56.78")).toBe("+33 6 12 34 56 78");
  });

  it("keeps every digit of it", () => {
    expect(phoneDigits(formatWhatsAppNumber("+44 20 7946 00188"))).toBe("4420794600188");
  });
});

describe("dialableWhatsAppNumber: the number as saved, or undefined when no one could dial it", () => {
  it.each([
    ["US, eleven digits", "12015550123", "+1 (201) 555-0123"],
    ["US, ten digits without its country code", "(201) 555-0123", "+1 (201) 555-0123"],
    ["US, with dots", "1.212.555.0147", "+1 (212) 555-0147"],
    ["Canada", "+1 416 555 0199", "+1 (416) 555-0199"],
    ["UK, spaces", "+44 20 7946 0018", "+44 20 7946 0018"],
    ["UK, dashes and no spaces", "+44-20-7946-0018", "+44 20 7946 0018"],
    ["UK, written with its trunk 0", "+44 (0)20 7946 0018", "+44 20 7946 0018"],
    ["France, dots", "+33.1.23.45.67.89", "+33 1 23 45 67 89"],
    ["France, mobile", "+33 6 12 34 56 78", "+33 6 12 34 56 78"],
  ])("%s: %s → %s", (_case, typed, saved) => {
    expect(dialableWhatsAppNumber(typed)).toBe(saved);
    expect(dialableWhatsAppNumber(saved)).toBe(saved);
  });

  it.each([
    ["too short", "12345"],
    ["letters", "call us"],
    ["no area code 555 in North America", "+1 (555) 123-4567"],
    ["a UK number missing a digit", "+44 20 7946 001"],
    ["a UK number with a digit too many", "+44 20 7946 00188"],
    ["another country's number without its +", "0044 20 7946 0018"],
    ["a plus alone", "+"],
  ])("refuses %s: %s", (_case, typed) => {
    expect(dialableWhatsAppNumber(typed)).toBeUndefined();
  });
});

describe("WhatsApp links", () => {
  it("use the E.164 digits of the saved number", () => {
    expect(whatsAppChatUrl(dialableWhatsAppNumber("+44 20 7946 0018")!)).toBe("https://wa.me/442079460018");
    expect(whatsAppChatUrl(dialableWhatsAppNumber("(201) 555-0123")!)).toBe("https://wa.me/12015550123");
  });

  it("strips non-digits from the number", () => {
    expect(phoneDigits("+1 (555) 123-4567")).toBe("15551234567");
  });

  it("builds a wa.me chat link with encoded prefilled text", () => {
    expect(whatsAppChatUrl("+1 (555) 123-4567")).toBe("https://wa.me/15551234567");
    expect(whatsAppChatUrl("+1 (555) 123-4567", "Hi! I'm interested in UI/UX Design & more")).toBe(
      "https://wa.me/15551234567?text=Hi!%20I'm%20interested%20in%20UI%2FUX%20Design%20%26%20more",
    );
  });
});

describe("responsiveImage", () => {
  it("offers the 480, 960 and 1600 variants of a -1600.webp image", () => {
    expect(responsiveImage("/images/case-studies/shop-1600.webp", "100vw")).toEqual({
      src: "/images/case-studies/shop-960.webp",
      srcSet: "/images/case-studies/shop-480.webp 480w, /images/case-studies/shop-960.webp 960w, /images/case-studies/shop-1600.webp 1600w",
      sizes: "100vw",
    });
  });

  it("leaves other images alone", () => {
    expect(responsiveImage("/uploads/photo.jpg")).toEqual({ src: "/uploads/photo.jpg" });
  });
});

describe("dates on the public pages, written without Intl", () => {
  const days = Array.from({ length: 40 }, (_, i) => new Date(Date.UTC(1999 + i, (i * 5) % 12, 1 + ((i * 7) % 28), (i * 13) % 24)));

  it("read as Intl's long date and month-year in UTC would", () => {
    const long = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });
    const monthYear = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
    for (const day of days) {
      expect(formatLongDateUtc(day)).toBe(long.format(day));
      expect(formatMonthYearUtc(day.toISOString())).toBe(monthYear.format(day));
    }
  });

  it("take the day in UTC, not the machine's zone", () => {
    expect(formatLongDateUtc("2026-11-28T23:30:00-05:00")).toBe("November 29, 2026");
    expect(formatMonthYearUtc("2026-12-31T23:59:59Z")).toBe("December 2026");
  });
});

describe("formatDuration (speed to lead)", () => {
  it.each([
    [-5_000, "0 min"],
    [59_999, "0 min"],
    [45 * 60_000, "45 min"],
    [60 * 60_000, "1 h"],
    [(5 * 60 + 20) * 60_000, "5 h 20 min"],
    [47 * 3_600_000 + 59 * 60_000, "47 h 59 min"],
    [48 * 3_600_000, "2 days"],
    [76 * 3_600_000 + 30 * 60_000, "3 days 4 h"],
  ])("of %d ms is %j, rounded down", (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });
});
