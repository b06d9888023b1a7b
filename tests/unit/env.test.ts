import { describe, expect, it } from "vitest";
import { parseEnv } from "~/server/env.server";

describe("parseEnv", () => {
  it("fills in defaults for a bare environment and generates a session secret", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      NODE_ENV: "development",
      PORT: 3000,
      UPLOAD_DIR: "uploads",
      MAX_UPLOAD_MB: 5,
      UPLOAD_STORE: "disk",
      TRUST_PROXY: 0,
      SITE_URL: "http://localhost:3000",
      SESSION_SECRET_GENERATED: true,
    });
    expect(env.MONGODB_URI).toBeUndefined();
    expect(env.SESSION_SECRET).toMatch(/^[0-9a-f]{64}$/);
    expect(parseEnv({}).SESSION_SECRET).not.toBe(env.SESSION_SECRET);
  });

  it("reads and coerces given values, treating empty ones as unset", () => {
    const env = parseEnv({
      PORT: "8080",
      MAX_UPLOAD_MB: "2.5",
      SITE_URL: "https://studio.example/",
      MONGODB_URI: "mongodb+srv://user:pw@cluster.example/studio",
      SESSION_SECRET: "x".repeat(32),
      ADMIN_EMAIL: "",
      UPLOAD_STORE: "gridfs",
      TRUST_PROXY: "2",
    });
    expect(env).toMatchObject({
      PORT: 8080,
      MAX_UPLOAD_MB: 2.5,
      UPLOAD_STORE: "gridfs",
      TRUST_PROXY: 2,
      SITE_URL: "https://studio.example",
      SESSION_SECRET_GENERATED: false,
    });
    expect(env.ADMIN_EMAIL).toBeUndefined();
  });

  it.each([
    [{ PORT: "abc" }, /^Invalid environment variable PORT: must be a number \(got "abc"\)$/],
    [{ PORT: "70000" }, /^Invalid environment variable PORT: must be between 1 and 65535/],
    [{ MONGODB_URI: "postgres://db" }, /^Invalid environment variable MONGODB_URI: must start with mongodb:\/\//],
    [{ MAX_UPLOAD_MB: "-1" }, /^Invalid environment variable MAX_UPLOAD_MB: must be greater than 0/],
    [{ SITE_URL: "not a url" }, /^Invalid environment variable SITE_URL: must be an absolute URL/],
    [{ SESSION_SECRET: "short" }, /^Invalid environment variable SESSION_SECRET: must be at least 32 characters long \(got "\*\*\*"\)$/],
    [{ UPLOAD_STORE: "s3" }, /^Invalid environment variable UPLOAD_STORE: must be "disk" or "gridfs" \(got "s3"\)$/],
    [{ TRUST_PROXY: "yes" }, /^Invalid environment variable TRUST_PROXY: must be a number/],
    [{ TRUST_PROXY: "-1" }, /^Invalid environment variable TRUST_PROXY: must be between 0 and 10/],
    [{ TRUST_PROXY: "1.5" }, /^Invalid environment variable TRUST_PROXY: must be a whole number/],
    [{ NODE_ENV: "staging" }, /^Invalid environment variable NODE_ENV/],
    [{ SMTP_URL: "https://mail.example" }, /^Invalid environment variable SMTP_URL: must be a URL starting with smtp:\/\/ or smtps:\/\//],
    [{ SMTP_URL: "smtp.example:465" }, /^Invalid environment variable SMTP_URL: must be a URL starting with smtp:\/\//],
    [{ MAIL_FROM: "not an address" }, /^Invalid environment variable MAIL_FROM: must be an email address or Name <address>/],
    [{ MAIL_FROM: "Studio <no-reply@studio.example>, other@example.com" }, /^Invalid environment variable MAIL_FROM/],
    [{ COOKIE_DOMAIN: "studio.example/x" }, /^Invalid environment variable COOKIE_DOMAIN: must be a domain name such as example.com/],
    [
      { SITE_URL: "https://api.studio.example", COOKIE_DOMAIN: "other.example" },
      /^Invalid environment variable COOKIE_DOMAIN: must be SITE_URL's host \(api\.studio\.example\) or a domain it belongs to \(got "other\.example"\)$/,
    ],
    [
      { SITE_URL: "https://api.studio.example", COOKIE_DOMAIN: "i.studio.example" },
      /^Invalid environment variable COOKIE_DOMAIN: must be SITE_URL's host/,
    ],
    [
      { SITE_URL: "https://apistudio.example", COOKIE_DOMAIN: "studio.example" },
      /^Invalid environment variable COOKIE_DOMAIN: must be SITE_URL's host/,
    ],
  ])("rejects %o with one line naming the variable", (source, message) => {
    expect(() => parseEnv(source)).toThrow(message);
    try {
      parseEnv(source);
    } catch (error) {
      expect((error as Error).message).not.toContain("\n");
    }
  });

  it("takes a COOKIE_DOMAIN that SITE_URL's host belongs to, without a leading dot; none by default", () => {
    expect(parseEnv({}).COOKIE_DOMAIN).toBeUndefined();
    expect(parseEnv({ SITE_URL: "https://api.studio.example", COOKIE_DOMAIN: ".Studio.example" }).COOKIE_DOMAIN).toBe("studio.example");
    expect(parseEnv({ SITE_URL: "https://studio.example", COOKIE_DOMAIN: "studio.example" }).COOKIE_DOMAIN).toBe("studio.example");
  });

  it("requires SESSION_SECRET in production on a real database, not on the embedded engine", () => {
    expect(() => parseEnv({ NODE_ENV: "production", MONGODB_URI: "mongodb://db.example/studio" })).toThrow(
      /^Invalid environment variable SESSION_SECRET: is required in production when MONGODB_URI is set/,
    );
    expect(parseEnv({ NODE_ENV: "production" }).SESSION_SECRET_GENERATED).toBe(true);
  });
});

describe("mail settings", () => {
  it("sends nothing by default, from the studio's name at SITE_URL's host", () => {
    expect(parseEnv({}).SMTP_URL).toBeUndefined();
    expect(parseEnv({}).MAIL_FROM).toBe("Northbeam Studio <no-reply@localhost>");
    expect(parseEnv({ SITE_URL: "https://studio.example" }).MAIL_FROM).toBe("Northbeam Studio <no-reply@studio.example>");
  });

  it("takes an smtp:// or smtps:// URL and an address with or without a name", () => {
    expect(parseEnv({ SMTP_URL: "smtps://user:pass@smtp.example:465" }).SMTP_URL).toBe("smtps://user:pass@smtp.example:465");
    expect(parseEnv({ SMTP_URL: " smtp://127.0.0.1:2525 " }).SMTP_URL).toBe("smtp://127.0.0.1:2525");
    for (const from of ["alerts@studio.example", "Studio Alerts <alerts@studio.example>", '"Northbeam, Inc." <alerts@studio.example>']) {
      expect(parseEnv({ MAIL_FROM: from }).MAIL_FROM).toBe(from);
    }
  });

  it("never prints the SMTP password of a refused value", () => {
    expect(() => parseEnv({ SMTP_URL: "http://user:hunter2@smtp.example" })).toThrow(/\(got "http:\/\/user:\*\*\*@smtp\.example"\)$/);
  });
});

describe("redactUri", () => {
  it("hides the password of a connection string and keeps the rest", async () => {
    const { redactUri } = await import("~/server/db.server");
    expect(redactUri("mongodb+srv://studio:hunter2@cluster.example/studio?retryWrites=true")).toBe(
      "mongodb+srv://studio:***@cluster.example/studio?retryWrites=true",
    );
    expect(redactUri("mongodb://127.0.0.1:27017/studio")).toBe("mongodb://127.0.0.1:27017/studio");
  });
});
