import { AsYouType, parsePhoneNumberFromString } from "libphonenumber-js/min";

// A leading + followed by anything but 1 names another country; everything else is read as North American.
const otherCountry = /^\s*\+\s*[02-9]/;

export function formatWhatsAppNumber(raw: string): string {
  if (/^\s*\+\s*$/.test(raw)) return "+";
  if (otherCountry.test(raw)) return new AsYouType().input(raw.replace(/[^\d+]/g, ""));
  return formatNorthAmerican(raw);
}

// Ten digits are taken as a US number without its country code; digits past the eleventh are dropped.
function formatNorthAmerican(raw: string): string {
  let digits = raw.replace(/\D/g, "");
  if (digits.length === 10 && !digits.startsWith("1")) digits = `1${digits}`;
  digits = digits.slice(0, 11);
  if (digits.length === 0) return "";
  let formatted = "+1";
  if (digits.length > 1) formatted += ` (${digits.slice(1, 4)}`;
  if (digits.length >= 4) formatted += ")";
  if (digits.length > 4) formatted += ` ${digits.slice(4, 7)}`;
  if (digits.length > 7) formatted += `-${digits.slice(7, 11)}`;
  return formatted;
}

/** The number laid out for saving, or undefined when no one could dial it (libphonenumber-js's validity check). */
export function dialableWhatsAppNumber(raw: string): string | undefined {
  const laidOut = formatWhatsAppNumber(raw);
  const parsed = parsePhoneNumberFromString(laidOut);
  if (!parsed?.isValid()) return undefined;
  return parsed.countryCallingCode === "1" ? laidOut : parsed.formatInternational();
}
