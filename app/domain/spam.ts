// docs/behaviour.md#spam. Which rule files a contact message as spam; pure, so the rules are unit-tested alone.

const SPAM_REASONS = ["honeypot", "too-fast", "forged-time", "links", "words"] as const;
export type SpamReason = (typeof SPAM_REASONS)[number];
export const isSpamReason = (value: unknown): value is SpamReason => SPAM_REASONS.includes(value as SpamReason);

/** The contact form's hidden field with the signed time it was shown (app/server/form-time.server.ts). */
export const FORM_TIME_FIELD = "formShown";

/** No person fills in a name, an email, a message and the captcha's sum in less (decision 0050). */
export const SPAM_MIN_FILL_MS = 3_000;

/** Spam is kept this long for a studio to look through, then swept. */
export const SPAM_KEEP_DAYS = 30;

export type SpamRules = { maxLinks: number; words: string[] };
export const DEFAULT_SPAM_RULES: SpamRules = { maxLinks: 3, words: [] };
export const SPAM_MAX_LINKS_LIMIT = 100;
export const SPAM_WORDS_MAX = 200;
export const SPAM_WORD_MAX_LENGTH = 100;

/**
 * When the form was shown, as the server signed it: absent (a form or client that sends none is judged by the other
 * rules), forged (no form of this site sends one), or how long before the message it was shown.
 */
export type FormTiming = { kind: "absent" } | { kind: "forged" } | { kind: "shown"; elapsedMs: number };

// A scheme, or a bare www. host: what a mail program or browser would make a link of.
const LINK = /\bhttps?:\/\/|\bwww\.[a-z0-9-]/gi;

export function countLinks(text: string): number {
  return text.match(LINK)?.length ?? 0;
}

/** One word or phrase a line, trimmed and lowercased, each once; blank lines dropped. */
export function spamWordList(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/\r?\n/)
        .map((line) => line.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The first listed word found as a whole word (letters or digits on neither side), whatever its case. */
export function listedWordIn(text: string, words: readonly string[]): string | null {
  const lower = text.toLowerCase();
  for (const word of words) {
    const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(word.toLowerCase())}(?![\\p{L}\\p{N}])`, "u");
    if (pattern.test(lower)) return word;
  }
  return null;
}

export type SpamCheck = { honeypot: string; timing: FormTiming; name: string; email: string; message: string };

/** The first rule the message meets, or null for a message to deliver. */
export function spamReasonFor({ honeypot, timing, name, email, message }: SpamCheck, rules: SpamRules): SpamReason | null {
  if (honeypot !== "") return "honeypot";
  if (timing.kind === "forged") return "forged-time";
  if (timing.kind === "shown" && timing.elapsedMs < SPAM_MIN_FILL_MS) return "too-fast";
  if (countLinks(`${name}\n${message}`) > rules.maxLinks) return "links";
  if (listedWordIn(`${name}\n${email}\n${message}`, rules.words)) return "words";
  return null;
}
