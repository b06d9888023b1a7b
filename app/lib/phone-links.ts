/** The number's digits: what `tel:` and wa.me links take, the saved number being in E.164 form once its layout is removed. */
export function phoneDigits(phone: string): string {
  return phone.replace(/\D/g, "");
}

export function whatsAppChatUrl(phone: string, text?: string): string {
  const base = `https://wa.me/${phoneDigits(phone)}`;
  return text ? `${base}?text=${encodeURIComponent(text)}` : base;
}
