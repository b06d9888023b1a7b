// Browsers drop tabs and newlines inside URLs and read a backslash as a slash (`/\t/evil.example` means
// `//evil.example`), so any control character, whitespace or backslash refuses the target outright.
// eslint-disable-next-line no-control-regex -- control characters are what this pattern refuses
const UNSAFE = /[\u0000-\u0020\u007f-\u00a0\u1680\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff\\]/;

export function safeRedirect(to: unknown, origin: string, fallback = "/dashboard"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || UNSAFE.test(to)) return fallback;
  // The path once more, percent-decoded, for a proxy or a router downstream that decodes it.
  let decoded: string;
  try {
    decoded = decodeURIComponent(to.split(/[?#]/, 1)[0]!);
  } catch {
    return fallback;
  }
  if (UNSAFE.test(decoded) || decoded.startsWith("//")) return fallback;
  let url: URL;
  try {
    url = new URL(to, origin);
  } catch {
    return fallback;
  }
  if (url.origin !== new URL(origin).origin) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
