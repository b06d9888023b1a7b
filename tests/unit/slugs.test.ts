import { describe, expect, it } from "vitest";
import { messages } from "~/domain/messages";
import { caseStudyInput, caseStudyPatchInput, fieldErrors } from "~/domain/schemas";
import { cutAtWord, SLUG_MAX_LENGTH, slugCandidate, slugFromTitle } from "~/domain/shared";

describe("slugFromTitle", () => {
  it.each([
    ["Café Ünïon", "cafe-union"],
    ["Hearth & Harrow: e-commerce rebuild!", "hearth-and-harrow-e-commerce-rebuild"],
    ["Straße, Øresund, Æther, Łódź, Œuvre", "strasse-oresund-aether-lodz-oeuvre"],
    ["  --Night   Run--  ", "night-run"],
    ["The studio's 2nd app", "the-studios-2nd-app"],
    ["Ｆｕｌｌ ｗｉｄｔｈ №1", "full-width-no1"],
    ["🚀 ✨", ""],
    ["日本語のサイト", ""],
  ])("%j → %j", (title, slug) => {
    expect(slugFromTitle(title)).toBe(slug);
  });

  it("cuts a long title after a whole word, at most 80 characters, with no hyphen at the end", () => {
    const title = "A platform that schedules every delivery truck of a regional freight carrier in real time across nine depots";
    const slug = slugFromTitle(title);
    expect(slug.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
    expect(slug).toBe("a-platform-that-schedules-every-delivery-truck-of-a-regional-freight-carrier-in");
    expect(slugFromTitle("x".repeat(100))).toBe("x".repeat(80));
    expect(cutAtWord("abc-def", 3)).toBe("abc");
    expect(cutAtWord("abc-def", 4)).toBe("abc");
  });
});

describe("slugCandidate", () => {
  it("numbers from -2, stays within 80 characters, and never gives an id's shape", () => {
    expect([1, 2, 3].map((n) => slugCandidate("night-run", n))).toEqual(["night-run", "night-run-2", "night-run-3"]);
    const long = slugFromTitle("word ".repeat(40));
    expect(slugCandidate(long, 12)).toMatch(/^(word-)+word-12$/);
    expect(slugCandidate(long, 12).length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
    expect(slugCandidate("64b7f0000000000000000000", 1)).toBe("64b7f0000000000000000000-2");
  });
});

describe("the slug field of the case study schema", () => {
  const parse = (slug: unknown) => caseStudyPatchInput.safeParse({ slug });

  it("cleans what is typed, and reads empty or null as 'from the title' and absent as unchanged", () => {
    expect(parse("  Our New Shop! ").data?.slug).toBe("our-new-shop");
    expect(parse("").data?.slug).toBeNull();
    expect(parse(null).data?.slug).toBeNull();
    expect(caseStudyInput.partial().parse({}).slug).toBeUndefined();
  });

  it.each([
    ["!!!", messages.caseStudySlugEmpty],
    ["64B7F0000000000000000000", messages.caseStudySlugLooksLikeId],
    [`${"word ".repeat(16)}x`, messages.caseStudySlugTooLong(SLUG_MAX_LENGTH)],
    [42, messages.caseStudySlugInvalid],
  ])("refuses %j with its message under slug", (slug, message) => {
    const parsed = parse(slug);
    expect(parsed.success).toBe(false);
    expect(fieldErrors(parsed.error!).errors).toEqual({ slug: [message] });
  });
});
