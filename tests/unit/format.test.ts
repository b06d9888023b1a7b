import { describe, expect, it } from "vitest";
import { formatWhatsAppNumber, phoneDigits, whatsAppChatUrl } from "~/domain/format";
import { responsiveImage } from "~/lib/images";

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

describe("WhatsApp links", () => {
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
