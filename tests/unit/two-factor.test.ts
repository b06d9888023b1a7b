import { randomBytes } from "node:crypto";
import { generateTOTP } from "@epic-web/totp";
import { afterEach, describe, expect, it, vi } from "vitest";
import { base32, groupedKey, newRecoveryCodes, hashRecoveryCode, readCode, stepOfCode, TOTP } from "~/domain/two-factor.server";
import { newSignInMail } from "~/domain/sign-in-mail";
import { parseEnv } from "~/server/env.server";
import { decodeKey, newKey, openWith, sealWith } from "~/server/secret-box.server";

// The rules of two-factor sign-in that need no database (docs/behaviour.md#two-factor-sign-in, decision 0027).

afterEach(() => vi.useRealTimers());

describe("sealing secrets (AES-256-GCM)", () => {
  const key = randomBytes(32);

  it("opens what it sealed, with a fresh IV each time, and nothing else", () => {
    const sealed = sealWith(key, "JBSWY3DPEHPK3PXP", "two-factor:a");
    expect(sealed).toMatch(/^v1\.[\w-]{16}\.[\w-]{22}\.[\w-]+$/);
    expect(sealed).not.toContain("JBSWY3DPEHPK3PXP");
    expect(sealWith(key, "JBSWY3DPEHPK3PXP", "two-factor:a")).not.toBe(sealed);
    expect(openWith(key, sealed, "two-factor:a")).toBe("JBSWY3DPEHPK3PXP");
    // Another key, another admin's context, a changed byte, another format: none opens.
    expect(openWith(randomBytes(32), sealed, "two-factor:a")).toBeNull();
    expect(openWith(key, sealed, "two-factor:b")).toBeNull();
    const [format, iv, tag, data] = sealed.split(".");
    const flipped = Buffer.from(data!, "base64url");
    flipped[0]! ^= 1;
    expect(openWith(key, [format, iv, tag, flipped.toString("base64url")].join("."), "two-factor:a")).toBeNull();
    expect(openWith(key, `v2.${iv}.${tag}.${data}`, "two-factor:a")).toBeNull();
    expect(openWith(key, "not sealed", "two-factor:a")).toBeNull();
  });

  it("takes a key of exactly 32 bytes in base64 or base64url, and the environment says so without printing it", () => {
    const text = newKey();
    expect(decodeKey(text)).toHaveLength(32);
    expect(decodeKey(Buffer.from(text, "base64").toString("base64url"))).toEqual(decodeKey(text));
    expect(decodeKey(randomBytes(16).toString("base64"))).toBeNull();
    expect(decodeKey("not a key at all!")).toBeNull();
    expect(parseEnv({ TWO_FACTOR_KEY: text }).TWO_FACTOR_KEY).toBe(text);
    expect(() => parseEnv({ TWO_FACTOR_KEY: "short-secret" })).toThrow(
      'Invalid environment variable TWO_FACTOR_KEY: must be 32 random bytes in base64, such as the output of openssl rand -base64 32 (got "***")',
    );
  });
});

describe("codes", () => {
  it("writes keys in RFC 4648 base32, grouped by four for reading", () => {
    expect(base32(Buffer.from("foobar"))).toBe("MZXW6YTBOI");
    expect(base32(Buffer.from("fooba"))).toBe("MZXW6YTB");
    expect(base32(randomBytes(20))).toMatch(/^[A-Z2-7]{32}$/);
    expect(groupedKey("MZXW6YTBOIABCDEF")).toBe("MZXW 6YTB OIAB CDEF");
  });

  it("reads what was typed: 6 digits as an app's code, 16 characters as a recovery code, anything else as neither", () => {
    expect(readCode(" 123 456 ")).toEqual({ kind: "totp", code: "123456" });
    expect(readCode("12345")).toBeNull();
    expect(readCode("1234567")).toBeNull();
    expect(readCode("ABCD-EFGH-JKMN-PQRS")).toEqual({ kind: "recovery", code: "abcdefghjkmnpqrs" });
    // o, i and l are read as the digits they look like; u is in no code.
    expect(readCode("oIlO efgh jkmn pqrs")).toEqual({ kind: "recovery", code: "0110efghjkmnpqrs" });
    expect(readCode("uuuu-efgh-jkmn-pqrs")).toBeNull();
    expect(readCode("abcd-efgh-jkmn-pqr")).toBeNull();
  });

  it("makes ten distinct recovery codes of 80 bits, kept as SHA-256 hashes, none used", () => {
    const { codes, stored } = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{4}(-[0-9a-hjkmnp-tv-z]{4}){3}$/);
    expect(stored).toEqual(Object.fromEntries(codes.map((code) => [hashRecoveryCode(code.replace(/-/g, "")), false])));
    expect(Object.keys(stored)[0]).toMatch(/^[0-9a-f]{64}$/);
  });

  it("places an app's code in its time step, one step either way, and no further", async () => {
    const secret = base32(randomBytes(20));
    const now = Date.UTC(2026, 10, 26, 12, 0, 10);
    vi.useFakeTimers({ toFake: ["Date"] });
    const codeAt = async (ms: number) => {
      vi.setSystemTime(ms);
      return (await generateTOTP({ secret, period: TOTP.period, digits: TOTP.digits, algorithm: TOTP.algorithm })).otp;
    };
    const step = Math.floor(now / 30_000);
    const [before, current, after, twoLater] = [
      await codeAt(now - 30_000),
      await codeAt(now),
      await codeAt(now + 30_000),
      await codeAt(now + 60_000),
    ];
    vi.setSystemTime(now);
    expect(await stepOfCode(secret, current)).toBe(step);
    expect(await stepOfCode(secret, before)).toBe(step - 1);
    expect(await stepOfCode(secret, after)).toBe(step + 1);
    expect(await stepOfCode(secret, twoLater)).toBeNull();
    expect(await stepOfCode(base32(randomBytes(20)), current)).toBeNull();
  });
});

describe("the new sign-in email", () => {
  it("says when, which browser and which address, each escaped in HTML and kept to one line", () => {
    const mail = newSignInMail({
      admin: { id: "64b7f0c2a1b2c3d4e5f60718", name: "Ada\nBcc: x@evil.test", email: "ada@studio.test" },
      siteName: "Northbeam <Studio>",
      siteUrl: "https://studio.example/",
      at: new Date("2026-11-26T14:03:00Z"),
      address: "203.0.113.9",
      userAgent: 'Mozilla/5.0 "<img src=x onerror=alert(1)>"',
    });
    expect(mail.to).toBe("ada@studio.test");
    expect(mail.subject).toBe("A new sign-in to your Northbeam <Studio> account");
    expect(mail.text).toContain("Hello Ada Bcc: x@evil.test,");
    expect(mail.text).toContain("When: 26 Nov 2026, 14:03 UTC\n");
    expect(mail.text).toContain('Browser: Mozilla/5.0 "<img src=x onerror=alert(1)>"');
    expect(mail.text).toContain("Address: 203.0.113.9");
    expect(mail.text).toContain("https://studio.example/dashboard/users/64b7f0c2a1b2c3d4e5f60718/edit");
    expect(mail.html).not.toContain("<img");
    expect(mail.html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(mail.html).toContain("Northbeam &lt;Studio&gt;");
    const unknown = newSignInMail({
      ...{ admin: { id: "a", name: "A", email: "a@b.test" } },
      siteName: "S",
      siteUrl: "http://x",
      at: new Date(),
      address: null,
      userAgent: "",
    });
    expect(unknown.text).toContain("Address: not known");
    expect(unknown.text).toContain("Browser: not given");
  });
});
