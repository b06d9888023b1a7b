import { describe, expect, it } from "vitest";
import { countLinks, DEFAULT_SPAM_RULES, listedWordIn, spamReasonFor, spamWordList, SPAM_MIN_FILL_MS, type SpamCheck } from "~/domain/spam";

const person: SpamCheck = {
  honeypot: "",
  timing: { kind: "shown", elapsedMs: 60_000 },
  name: "Grace Hopper",
  email: "grace@example.com",
  message: "We need a new booking app. Our site is https://grace.example.",
};

describe("spamReasonFor", () => {
  it("lets a person's message through", () => {
    expect(spamReasonFor(person, DEFAULT_SPAM_RULES)).toBeNull();
  });

  it("files a filled honeypot first, whatever else holds", () => {
    expect(spamReasonFor({ ...person, honeypot: "https://spam.example" }, DEFAULT_SPAM_RULES)).toBe("honeypot");
    expect(spamReasonFor({ ...person, honeypot: " " }, DEFAULT_SPAM_RULES)).toBe("honeypot");
  });

  it("files a message sent sooner than the threshold after the form was shown", () => {
    expect(spamReasonFor({ ...person, timing: { kind: "shown", elapsedMs: SPAM_MIN_FILL_MS - 1 } }, DEFAULT_SPAM_RULES)).toBe("too-fast");
    expect(spamReasonFor({ ...person, timing: { kind: "shown", elapsedMs: SPAM_MIN_FILL_MS } }, DEFAULT_SPAM_RULES)).toBeNull();
  });

  it("files a forged time, and judges a message without one by the other rules", () => {
    expect(spamReasonFor({ ...person, timing: { kind: "forged" } }, DEFAULT_SPAM_RULES)).toBe("forged-time");
    expect(spamReasonFor({ ...person, timing: { kind: "absent" } }, DEFAULT_SPAM_RULES)).toBeNull();
  });

  it("files more links than the rule allows, in the message or the name", () => {
    const four = "a http://a.example b https://b.example c www.c.example d https://d.example";
    expect(spamReasonFor({ ...person, message: four }, DEFAULT_SPAM_RULES)).toBe("links");
    expect(spamReasonFor({ ...person, message: four }, { ...DEFAULT_SPAM_RULES, maxLinks: 4 })).toBeNull();
    expect(spamReasonFor({ ...person, name: "https://x.example", message: "www.a.example" }, { maxLinks: 1, words: [] })).toBe("links");
    expect(spamReasonFor({ ...person, message: "one https://a.example" }, { maxLinks: 0, words: [] })).toBe("links");
  });

  it("files a listed word found whole, in any case, in the name, the email or the message", () => {
    const rules = { maxLinks: 3, words: ["casino", "seo services"] };
    expect(spamReasonFor({ ...person, message: "Best CASINO offers!" }, rules)).toBe("words");
    expect(spamReasonFor({ ...person, message: "Cheap SEO   services" }, rules)).toBeNull();
    expect(spamReasonFor({ ...person, message: "We sell seo services." }, rules)).toBe("words");
    expect(spamReasonFor({ ...person, email: "casino@spam.example" }, rules)).toBe("words");
    expect(spamReasonFor({ ...person, message: "Casinos and occasional casino-like games" }, rules)).toBe("words");
    expect(spamReasonFor({ ...person, message: "Casinos are occasional" }, rules)).toBeNull();
  });
});

describe("the rules' pieces", () => {
  it("counts links by scheme or www.", () => {
    expect(countLinks("no links, example.com and mail@x.example")).toBe(0);
    expect(countLinks("HTTP://A.EXAMPLE and https://b.example/path?q=http and www.c.example")).toBe(3);
  });

  it("matches whole words only, with letters of any alphabet around", () => {
    expect(listedWordIn("crypto!", ["crypto"])).toBe("crypto");
    expect(listedWordIn("cryptography", ["crypto"])).toBeNull();
    expect(listedWordIn("écrypto", ["crypto"])).toBeNull();
    expect(listedWordIn("a (b+c) d", ["(b+c)"])).toBe("(b+c)");
    expect(listedWordIn("anything", [])).toBeNull();
  });

  it("reads the words one a line, trimmed, lowercased, each once", () => {
    expect(spamWordList(" Casino \r\n\n casino\nSEO services\n  ")).toEqual(["casino", "seo services"]);
  });
});
