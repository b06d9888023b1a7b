import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, createNonce } from "~/server/csp.server";

const nonce = "c2VjcmV0LW5vbmNlLTEyMw==";

/** The policy as a map of directive → its sources. */
const directives = (policy: string) =>
  new Map(policy.split("; ").map((directive) => [directive.split(" ")[0]!, directive.split(" ").slice(1)]));

describe("createNonce", () => {
  it("is 16 random bytes in base64, new each time", () => {
    const nonces = new Set(Array.from({ length: 100 }, createNonce));
    expect(nonces.size).toBe(100);
    for (const value of nonces) expect(Buffer.from(value, "base64")).toHaveLength(16);
    expect([...nonces][0]).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });
});

describe("contentSecurityPolicy", () => {
  it("without tracking ids: scripts by nonce only, everything else from this origin", () => {
    expect(contentSecurityPolicy({ nonce })).toBe(
      [
        "default-src 'self'",
        `script-src 'nonce-${nonce}' 'strict-dynamic'`,
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ].join("; "),
    );
  });

  it("with a tag manager id: Google Tag Manager's and Google Analytics' hosts for images and connections", () => {
    const policy = contentSecurityPolicy({ nonce, tagManagerId: "GTM-ABC123" });
    expect(policy).toBe(
      [
        "default-src 'self'",
        `script-src 'nonce-${nonce}' 'strict-dynamic'`,
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob: https://*.googletagmanager.com https://*.google-analytics.com",
        "font-src 'self'",
        "connect-src 'self' https://*.googletagmanager.com https://*.google-analytics.com https://*.analytics.google.com",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ].join("; "),
    );
    expect(policy).not.toContain("clarity");
  });

  it("with a session recording id: Microsoft Clarity's hosts only", () => {
    const policy = directives(contentSecurityPolicy({ nonce, sessionRecordingId: "k2x9z" }));
    expect(policy.get("img-src")).toEqual(["'self'", "data:", "blob:", "https://*.clarity.ms", "https://c.bing.com"]);
    expect(policy.get("connect-src")).toEqual(["'self'", "https://*.clarity.ms", "https://c.bing.com"]);
    expect(policy.get("script-src")).toEqual([`'nonce-${nonce}'`, "'strict-dynamic'"]);
    expect([...policy.values()].flat().join(" ")).not.toContain("google");
  });

  it("with both ids: both trackers' hosts, the script policy unchanged", () => {
    const policy = directives(contentSecurityPolicy({ nonce, tagManagerId: "GTM-ABC123", sessionRecordingId: "k2x9z" }));
    expect(policy.get("script-src")).toEqual([`'nonce-${nonce}'`, "'strict-dynamic'"]);
    expect(policy.get("connect-src")).toEqual([
      "'self'",
      "https://*.googletagmanager.com",
      "https://*.google-analytics.com",
      "https://*.analytics.google.com",
      "https://*.clarity.ms",
      "https://c.bing.com",
    ]);
    expect(policy.get("img-src")).toEqual([
      "'self'",
      "data:",
      "blob:",
      "https://*.googletagmanager.com",
      "https://*.google-analytics.com",
      "https://*.clarity.ms",
      "https://c.bing.com",
    ]);
  });

  it("never allows inline or evaluated script, plugins, a <base> or being framed", () => {
    const policy = contentSecurityPolicy({ nonce, tagManagerId: "GTM-ABC123", sessionRecordingId: "k2x9z" });
    const script = directives(policy).get("script-src")!;
    expect(script).not.toContain("'unsafe-inline'");
    expect(script).not.toContain("'unsafe-eval'");
    expect(script).not.toContain("'self'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
  });

  it("lets Vite's websocket through in development only", () => {
    expect(directives(contentSecurityPolicy({ nonce, development: true })).get("connect-src")).toEqual(["'self'", "ws:", "wss:"]);
    expect(directives(contentSecurityPolicy({ nonce })).get("connect-src")).toEqual(["'self'"]);
  });

  it("refuses a nonce that could break out of the header", () => {
    expect(() => contentSecurityPolicy({ nonce: "abc'; script-src *" })).toThrow();
    expect(() => contentSecurityPolicy({ nonce: "" })).toThrow();
  });
});
