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
