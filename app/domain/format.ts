// Ten digits are taken as a US number without its country code.
export function formatWhatsAppNumber(raw: string): string {
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

export function phoneDigits(phone: string): string {
  return phone.replace(/\D/g, "");
}

export function whatsAppChatUrl(phone: string, text?: string): string {
  const base = `https://wa.me/${phoneDigits(phone)}`;
  return text ? `${base}?text=${encodeURIComponent(text)}` : base;
}

const utcDateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

// In UTC, so it reads the same on every server and browser.
export function formatDateTimeUtc(date: Date | string): string {
  return `${utcDateTime.format(new Date(date))} UTC`;
}
