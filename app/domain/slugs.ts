import { isObjectId } from "./ids";

// A case study's address (docs/behaviour.md#addresses); safe for the browser: the editor checks with the same rules.

export const SLUG_MAX_LENGTH = 80;

/** What a title with no letter or digit left after cleaning (only emoji, say) is called. */
export const FALLBACK_SLUG = "case-study";

// Letters NFKD does not take apart into a base letter and a mark.
const FOLDED: Record<string, string> = {
  ß: "ss",
  æ: "ae",
  œ: "oe",
  ø: "o",
  đ: "d",
  ð: "d",
  ł: "l",
  þ: "th",
  ı: "i",
  ħ: "h",
};

/** Lowercase ASCII words joined by single hyphens, accents folded ("Café Ünïon" → "cafe-union"), "&" read as "and"; no length limit. */
export function slugWords(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[ßæœøđðłþıħ]/g, (letter) => FOLDED[letter]!)
    .replace(/&/g, " and ")
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** At most `max` characters, cut after a whole word when the cut would fall inside one (a single long word is cut where it must). */
export function cutAtWord(slug: string, max = SLUG_MAX_LENGTH): string {
  if (slug.length <= max) return slug;
  const cut = slug.slice(0, max + 1);
  const lastHyphen = cut.lastIndexOf("-");
  return (lastHyphen > 0 ? cut.slice(0, lastHyphen) : slug.slice(0, max)).replace(/-+$/, "");
}

/** The address a title gives: its words, at most 80 characters, cut at a word. Empty when no letter or digit is left. */
export function slugFromTitle(title: string): string {
  return cutAtWord(slugWords(title));
}

/** A slug must never read as an id: `/case-studies/{24 hex}` is the id route, which answers 301. */
export const looksLikeId = isObjectId;

/** The n-th candidate for a base that is taken: base, base-2, base-3…, each at most 80 characters and never an id's shape. */
export function slugCandidate(base: string, n: number): string {
  if (n <= 1 && !looksLikeId(base)) return base;
  const suffix = `-${Math.max(n, 2)}`;
  return `${cutAtWord(base, SLUG_MAX_LENGTH - suffix.length)}${suffix}`;
}
