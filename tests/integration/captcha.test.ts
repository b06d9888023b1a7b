import { beforeAll, describe, expect, it } from "vitest";
import { CaptchaNonceModel } from "~/models/captcha-nonce.server";
import { connectDb } from "~/server/db.server";
import { CAPTCHA_MAX, CAPTCHA_MIN, captchaQuestion, digitsOnly, drawOperand, isCorrectSum } from "~/domain/captcha";
import { CAPTCHA_TTL_MS, createCaptcha, verifyCaptcha as verify } from "~/server/captcha.server";

/** The verdict with `reason` readable on either branch. */
const verifyCaptcha = async (...args: Parameters<typeof verify>) => (await verify(...args)) as { ok: boolean; reason?: string };

beforeAll(() => connectDb());

/** A token whose payload says other operands, keeping the original signature. */
function withOperands(token: string, a: number, b: number): string {
  return token.replace(/^\d{1,2}\.\d{1,2}\./, `${a}.${b}.`);
}

describe("operands (integers from 1 to 10 inclusive)", () => {
  it("has the documented range", async () => {
    expect([CAPTCHA_MIN, CAPTCHA_MAX]).toEqual([1, 10]);
  });

  it("drawOperand covers exactly 1..10 at the ends of the random source", async () => {
    expect(drawOperand(() => 0)).toBe(1);
    expect(drawOperand(() => 0.999999)).toBe(10);
    const seen = new Set(Array.from({ length: 100 }, (_, index) => drawOperand(() => index / 100)));
    expect([...seen].sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it("createCaptcha draws integers from 1 to 10, each value reached, over many draws", async () => {
    const seen = new Set<number>();
    for (let draw = 0; draw < 2000; draw++) {
      const { a, b } = createCaptcha();
      for (const operand of [a, b]) {
        expect(Number.isInteger(operand)).toBe(true);
        expect(operand).toBeGreaterThanOrEqual(1);
        expect(operand).toBeLessThanOrEqual(10);
        seen.add(operand);
      }
    }
    expect([...seen].sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it("asks the question as 'What is A + B?'", async () => {
    expect(captchaQuestion(3, 7)).toBe("What is 3 + 7?");
  });
});

describe("digit-only answers", () => {
  it.each([
    ["12", "12"],
    ["1a2", "12"],
    [" 7 ", "7"],
    ["-5", "5"],
    ["4.0", "40"],
    ["٣", ""],
    ["abc", ""],
    ["", ""],
  ])("digitsOnly(%j) is %j", (typed, kept) => {
    expect(digitsOnly(typed)).toBe(kept);
  });

  it("isCorrectSum compares the digits typed with the sum", async () => {
    expect(isCorrectSum(3, 4, "7")).toBe(true);
    expect(isCorrectSum(3, 4, " 7")).toBe(true);
    expect(isCorrectSum(10, 10, "20")).toBe(true);
    expect(isCorrectSum(3, 4, "8")).toBe(false);
    expect(isCorrectSum(3, 4, "")).toBe(false);
    expect(isCorrectSum(3, 4, "seven")).toBe(false);
    expect(isCorrectSum(3, 4, "0007")).toBe(false);
  });
});

describe("signed challenges", () => {
  it("accepts the right sum once", async () => {
    const { a, b, token } = createCaptcha();
    expect(await verifyCaptcha(token, String(a + b))).toEqual({ ok: true });
  });

  it("refuses a wrong sum, an empty answer and a missing answer", async () => {
    for (const answer of [(sum: number) => String(sum + 1), () => "", () => undefined]) {
      const { a, b, token } = createCaptcha();
      expect(await verifyCaptcha(token, answer(a + b))).toEqual({ ok: false, reason: "wrong" });
    }
  });

  it("refuses a token that was used, whether the first answer was right or wrong", async () => {
    const right = createCaptcha();
    expect((await verifyCaptcha(right.token, String(right.a + right.b))).ok).toBe(true);
    expect(await verifyCaptcha(right.token, String(right.a + right.b))).toEqual({ ok: false, reason: "reused" });

    // No second guess on the same question either.
    const wrong = createCaptcha();
    expect((await verifyCaptcha(wrong.token, String(wrong.a + wrong.b + 1))).reason).toBe("wrong");
    expect(await verifyCaptcha(wrong.token, String(wrong.a + wrong.b))).toEqual({ ok: false, reason: "reused" });
  });

  it("refuses an expired token, and accepts one just before it expires", async () => {
    const issued = Date.now() - CAPTCHA_TTL_MS - 1;
    const stale = createCaptcha({ now: issued });
    expect(await verifyCaptcha(stale.token, String(stale.a + stale.b))).toEqual({ ok: false, reason: "expired" });

    const fresh = createCaptcha({ now: Date.now() - CAPTCHA_TTL_MS + 5_000 });
    expect(await verifyCaptcha(fresh.token, String(fresh.a + fresh.b))).toEqual({ ok: true });
  });

  it("lasts 30 minutes", async () => {
    const now = 1_700_000_000_000;
    const { a, b, token } = createCaptcha({ now });
    expect(token.split(".")[2]).toBe(String(now + 30 * 60 * 1000));
    expect((await verifyCaptcha(token, String(a + b), { now: now + 30 * 60 * 1000 })).reason).toBe("expired");
  });

  it("refuses tampered operands, even when the answer matches them, and never trusts a sent sum", async () => {
    const { a, b, token } = createCaptcha();
    const easier = withOperands(token, a === 1 ? 2 : 1, 1);
    expect(await verifyCaptcha(easier, String((a === 1 ? 2 : 1) + 1))).toEqual({ ok: false, reason: "tampered" });
    // Out-of-range operands never verify.
    expect((await verifyCaptcha(withOperands(token, 0, 0), "0")).ok).toBe(false);
    // The original is still unused and still works.
    expect(await verifyCaptcha(token, String(a + b))).toEqual({ ok: true });
  });

  it("refuses a tampered expiry, nonce or signature", async () => {
    const { a, b, token } = createCaptcha();
    const [ta, tb, expires, nonce, signature] = token.split(".") as [string, string, string, string, string];
    const later = [ta, tb, String(Number(expires) + 3_600_000), nonce, signature].join(".");
    const otherNonce = [ta, tb, expires, `${nonce.slice(0, -1)}${nonce.endsWith("A") ? "B" : "A"}`, signature].join(".");
    const otherSignature = [ta, tb, expires, nonce, `${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`].join(".");
    for (const forged of [later, otherNonce, otherSignature]) {
      expect(await verifyCaptcha(forged, String(a + b))).toEqual({ ok: false, reason: "tampered" });
    }
  });

  it("refuses missing and malformed tokens", async () => {
    expect((await verifyCaptcha(undefined, "5")).reason).toBe("missing");
    expect((await verifyCaptcha("", "5")).reason).toBe("missing");
    expect((await verifyCaptcha(["a"], "5")).reason).toBe("missing");
    expect((await verifyCaptcha("3.4", "7")).reason).toBe("malformed");
    expect((await verifyCaptcha("3.4.99999999999999.nonce.signature", "7")).reason).toBe("malformed");
  });

  it("refuses a token signed with another secret", async () => {
    const { createHmac } = await import("node:crypto");
    const payload = `3.4.${Date.now() + 60_000}.AAAAAAAAAAAAAAAA`;
    const key = createHmac("sha256", "another-secret-another-secret-0000").update("northbeam:contact-captcha:v1").digest();
    const forged = `${payload}.${createHmac("sha256", key).update(payload).digest("base64url")}`;
    expect(await verifyCaptcha(forged, "7")).toEqual({ ok: false, reason: "tampered" });
  });

  it("records a used token in the database, so every instance refuses it, until it would have expired", async () => {
    const { a, b, token } = createCaptcha();
    expect(await verifyCaptcha(token, String(a + b))).toEqual({ ok: true });
    const nonce = token.split(".")[3]!;
    const used = await CaptchaNonceModel.findById(nonce).lean();
    expect(used?.expires_at.getTime()).toBe(Number(token.split(".")[2]));
    // Another instance has no memory of this process: only the database can refuse the replay.
    await CaptchaNonceModel.deleteOne({ _id: nonce });
    expect(await verifyCaptcha(token, String(a + b))).toEqual({ ok: true });
    expect(await verifyCaptcha(token, String(a + b))).toEqual({ ok: false, reason: "reused" });
  });

  it("gives every challenge its own token", async () => {
    const tokens = new Set(Array.from({ length: 200 }, () => createCaptcha().token));
    expect(tokens.size).toBe(200);
  });
});
