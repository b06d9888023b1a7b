import { describe, expect, it } from "vitest";
import { CSV_BOM, csvCell, csvLine } from "~/domain/csv";

describe("csvCell", () => {
  it("leaves plain text as it is", () => {
    expect(csvCell("Ada Lovelace")).toBe("Ada Lovelace");
    expect(csvCell("")).toBe("");
    expect(csvCell("Zoë 東京")).toBe("Zoë 東京");
  });

  it("writes nothing for null and undefined, and numbers and booleans as text", () => {
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell(3)).toBe("3");
    expect(csvCell(false)).toBe("false");
  });

  it("quotes a cell with a comma, a quote or a line break, doubling quotes (RFC 4180)", () => {
    expect(csvCell("Acme, Inc.")).toBe('"Acme, Inc."');
    expect(csvCell('She said "hi"')).toBe('"She said ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell("two\r\nlines")).toBe('"two\r\nlines"');
  });

  it("escapes a cell a spreadsheet would run as a formula: = + - @ tab and carriage return first", () => {
    expect(csvCell('=HYPERLINK("https://evil.example","x")')).toBe('"\'=HYPERLINK(""https://evil.example"",""x"")"');
    expect(csvCell("+1 555 0100")).toBe('"\'+1 555 0100"');
    expect(csvCell("-2+3")).toBe('"\'-2+3"');
    expect(csvCell("@SUM(A1)")).toBe('"\'@SUM(A1)"');
    expect(csvCell("\t=1")).toBe('"\'\t=1"');
    expect(csvCell("\r=1")).toBe('"\'\r=1"');
  });

  it("leaves those characters alone anywhere but first", () => {
    expect(csvCell("a=b")).toBe("a=b");
    expect(csvCell("ada@example.com")).toBe("ada@example.com");
    expect(csvCell("2026-11-28T10:00:00.000Z")).toBe("2026-11-28T10:00:00.000Z");
  });
});

describe("csvLine", () => {
  it("joins cells with commas and ends with CRLF", () => {
    expect(csvLine(["id", "a,b", "=1", null])).toBe('id,"a,b","\'=1",\r\n');
  });

  it("the BOM is the UTF-8 byte order mark", () => {
    expect(new TextEncoder().encode(CSV_BOM)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
  });
});
