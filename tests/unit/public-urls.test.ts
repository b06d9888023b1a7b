import { describe, expect, it } from "vitest";
import { parseEnv } from "~/server/env.server";
import { absoluteUrl, addressesConfigured, siteOrigin } from "~/server/api/responses.server";

const request = (headers: Record<string, string> = {}, at = "http://10.0.0.5:3000/api/case-studies") => new Request(at, { headers });
const IMAGE = "/uploads/0123456789abcdef0123456789abcdef-1600.webp";

describe("the site's origin for the API's absolute addresses", () => {
  it("is SITE_URL's when set, whatever the request says", () => {
    const env = parseEnv({ SITE_URL: "https://studio.example/", TRUST_PROXY: "1" });
    const forged = request({ Host: "evil.example", "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "http" });
    expect(siteOrigin(forged, env)).toBe("https://studio.example");
    expect(absoluteUrl(IMAGE, forged, env)).toBe(`https://studio.example${IMAGE}`);
  });

  it("without SITE_URL, is the host the client asked for; forwarding headers count only behind TRUST_PROXY proxies", () => {
    const direct = parseEnv({});
    expect(siteOrigin(request({ Host: "192.168.1.20:3000" }), direct)).toBe("http://192.168.1.20:3000");
    expect(siteOrigin(request({}), direct)).toBe("http://10.0.0.5:3000");
    const forwarded = { Host: "app:3000", "X-Forwarded-Host": "studio.example", "X-Forwarded-Proto": "https" };
    expect(siteOrigin(request(forwarded), direct)).toBe("http://app:3000");
    expect(siteOrigin(request(forwarded), parseEnv({ TRUST_PROXY: "1" }))).toBe("https://studio.example");
    // The client's own entry, left of the proxy's, is not believed.
    const prepended = { ...forwarded, "X-Forwarded-Host": "evil.example, studio.example" };
    expect(siteOrigin(request(prepended), parseEnv({ TRUST_PROXY: "1" }))).toBe("https://studio.example");
  });

  it("falls back to the default SITE_URL for a host or protocol no address can hold", () => {
    const env = parseEnv({ PORT: "3000", TRUST_PROXY: "1" });
    expect(siteOrigin(request({ Host: "evil.example/path?" }), env)).toBe("http://localhost:3000");
    expect(siteOrigin(request({ Host: "studio.example", "X-Forwarded-Proto": "javascript" }), env)).toBe("http://localhost:3000");
  });
});

describe("addressesConfigured", () => {
  it("holds with SITE_URL or ASSET_URL set, the only bases a shared answer's addresses may have", () => {
    expect(addressesConfigured(parseEnv({ SITE_URL: "https://studio.example" }))).toBe(true);
    expect(addressesConfigured(parseEnv({ ASSET_URL: "https://cdn.example" }))).toBe(true);
    expect(addressesConfigured(parseEnv({ TRUST_PROXY: "1" }))).toBe(false);
  });
});

describe("absoluteUrl", () => {
  it("puts a root-relative path under ASSET_URL when set, and leaves an absolute address alone", () => {
    const env = parseEnv({ SITE_URL: "https://studio.example", ASSET_URL: "https://cdn.example/studio/" });
    expect(absoluteUrl(IMAGE, request(), env)).toBe(`https://cdn.example/studio${IMAGE}`);
    expect(absoluteUrl("https://elsewhere.example/a.webp", request(), env)).toBe("https://elsewhere.example/a.webp");
    expect(absoluteUrl("//elsewhere.example/a.webp", request(), env)).toBe("//elsewhere.example/a.webp");
  });

  it("ASSET_URL must be an absolute http(s) URL without a query", () => {
    for (const value of ["cdn.example", "ftp://cdn.example", "https://cdn.example/?v=1", "/static"]) {
      expect(() => parseEnv({ ASSET_URL: value }), value).toThrow(
        /^Invalid environment variable ASSET_URL: must be an absolute http\(s\) URL/,
      );
    }
    expect(parseEnv({}).ASSET_URL).toBeUndefined();
  });
});
