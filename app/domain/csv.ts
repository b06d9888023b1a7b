// CSV as RFC 4180 writes it, safe to open in a spreadsheet (docs/security.md#leads, decision 0052). Pure.

/** Excel reads a UTF-8 file without it in the system's legacy code page, so "Zoë" would arrive as "ZoÃ«". */
export const CSV_BOM = "\uFEFF";

// A spreadsheet runs a cell beginning with one of these as a formula (OWASP's "CSV injection").
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return "";
  const text = String(value);
  if (FORMULA_START.test(text)) return `"'${text.replaceAll('"', '""')}"`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (cells: readonly (string | number | boolean | null | undefined)[]) => `${cells.map(csvCell).join(",")}\r\n`;
