import { remember } from "@epic-web/remember";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { site } from "~/content/site";
import { decodeKey } from "./secret-box.server";

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

const flag = () =>
  z
    .enum(["true", "false"], { message: "must be true or false" })
    .default("false")
    .transform((value) => value === "true");

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce
      .number({ invalid_type_error: "must be a number" })
      .int("must be a whole number")
      .min(1, "must be between 1 and 65535")
      .max(65535, "must be between 1 and 65535")
      .default(3000),
    MONGODB_URI: optionalText.pipe(
      z
        .string()
        .regex(/^mongodb(\+srv)?:\/\/\S+$/, "must start with mongodb:// or mongodb+srv://")
        .optional(),
    ),
    SESSION_SECRET: optionalText.pipe(z.string().min(32, "must be at least 32 characters long").optional()),
    TWO_FACTOR_KEY: optionalText.pipe(
      z
        .string()
        .refine((value) => decodeKey(value) !== null, "must be 32 random bytes in base64, such as the output of openssl rand -base64 32")
        .optional(),
    ),
    UPLOAD_DIR: z.string().trim().min(1, "must not be empty").default("uploads"),
    DATA_DIR: z.string().trim().min(1, "must not be empty").default("data"),
    UPLOAD_STORE: z.enum(["disk", "gridfs"], { message: 'must be "disk" or "gridfs"' }).default("disk"),
    TRUST_PROXY: z.coerce
      .number({ invalid_type_error: "must be a number" })
      .int("must be a whole number")
      .min(0, "must be between 0 and 10")
      .max(10, "must be between 0 and 10")
      .default(0),
    MAX_UPLOAD_MB: z.coerce
      .number({ invalid_type_error: "must be a number" })
      .positive("must be greater than 0")
      .max(100, "must be at most 100")
      .default(5),
    SITE_URL: optionalText.pipe(
      z
        .string()
        .url("must be an absolute URL such as https://studio.example")
        .regex(/^https?:\/\//, "must start with http:// or https://")
        .transform((url) => url.replace(/\/+$/, ""))
        .optional(),
    ),
    ASSET_URL: optionalText.pipe(
      z
        .string()
        .refine(isAssetBase, "must be an absolute http(s) URL without a query, such as https://cdn.studio.example")
        .transform((url) => url.replace(/\/+$/, ""))
        .optional(),
    ),
    TAG_MANAGER_ID: optionalText.pipe(
      z
        .string()
        .regex(/^GTM-[A-Z0-9]+$/, "must look like GTM-XXXXXXX")
        .optional(),
    ),
    SESSION_RECORDING_ID: optionalText.pipe(
      z
        .string()
        .regex(/^[a-z0-9]+$/i, "must be letters and digits only")
        .optional(),
    ),
    ADMIN_EMAIL: optionalText.pipe(z.string().email("must be an email address").optional()),
    ADMIN_PASSWORD: optionalText.pipe(z.string().min(8, "must be at least 8 characters long").optional()),
    SMTP_URL: optionalText.pipe(
      z
        .string()
        .refine(isSmtpUrl, "must be a URL starting with smtp:// or smtps://, such as smtps://user:password@smtp.example:465")
        .optional(),
    ),
    MAIL_FROM: optionalText.pipe(
      z
        .string()
        .refine(isMailbox, "must be an email address or Name <address>, such as Northbeam Studio <no-reply@studio.example>")
        .optional(),
    ),
    // docs/security.md#webhooks: for tests and tools on an intranet only.
    WEBHOOK_ALLOW_HTTP: flag(),
    WEBHOOK_ALLOW_PRIVATE: flag(),
    COOKIE_DOMAIN: optionalText.pipe(
      z
        .string()
        .transform((value) => value.replace(/^\./, "").toLowerCase())
        .pipe(z.string().regex(/^[a-z0-9-]+(\.[a-z0-9-]+)*$/, "must be a domain name such as example.com"))
        .optional(),
    ),
    CORS_ORIGINS: optionalText.pipe(
      z
        .string()
        .transform((value) =>
          value
            .split(",")
            .map((item) => item.trim())
            .filter(Boolean),
        )
        .pipe(z.array(z.string().refine(isWebOrigin, "must be comma-separated origins such as https://app.example")))
        .transform((origins) => [...new Set(origins.map((origin) => new URL(origin).origin))])
        .optional(),
    ),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === "production" && env.MONGODB_URI && !env.SESSION_SECRET) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["SESSION_SECRET"],
        message: "is required in production when MONGODB_URI is set (use 32+ random characters)",
      });
    }
  });

function isWebOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.pathname === "/" && !url.search && !url.hash && !url.username;
  } catch {
    return false;
  }
}

function isAssetBase(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "" && !url.search && !url.hash && !url.username;
  } catch {
    return false;
  }
}

function isSmtpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "smtp:" || url.protocol === "smtps:") && url.hostname !== "";
  } catch {
    return false;
  }
}

function isMailbox(value: string): boolean {
  const match = /^(?:(?:"[^"\r\n]*"|[^"<>\r\n,;]*)\s*<([^<>\s]+)>|([^<>\s"]+))$/.exec(value);
  const address = match?.[1] ?? match?.[2];
  return address !== undefined && z.string().email().safeParse(address).success;
}

function redactValue(name: string, raw: string): string {
  if (name.includes("SECRET") || name.includes("PASSWORD") || name.endsWith("_KEY")) return "***";
  return raw.replace(/\/\/([^:@/]*):[^@/]*@/, "//$1:***@");
}

export type Env = Omit<z.infer<typeof envSchema>, "SESSION_SECRET" | "SITE_URL" | "CORS_ORIGINS" | "MAIL_FROM"> & {
  SESSION_SECRET: string;
  SESSION_SECRET_GENERATED: boolean;
  SITE_URL: string;
  SITE_URL_SET: boolean;
  CORS_ORIGINS: string[];
  MAIL_FROM: string;
};

export class EnvError extends Error {
  override name = "EnvError";
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  // An empty variable counts as unset, as in most deployment tools.
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const result = envSchema.safeParse(present);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const name = String(issue.path[0] ?? "environment");
    const raw = source[name];
    const shown = raw === undefined ? "" : ` (got "${redactValue(name, raw)}")`;
    throw new EnvError(`Invalid environment variable ${name}: ${issue.message}${shown}`);
  }
  const env = result.data;
  const siteUrl = env.SITE_URL ?? `http://localhost:${env.PORT}`;
  const host = new URL(siteUrl).hostname;
  if (env.COOKIE_DOMAIN && host !== env.COOKIE_DOMAIN && !host.endsWith(`.${env.COOKIE_DOMAIN}`)) {
    // A browser drops a cookie whose Domain the setting host does not belong to: no one could sign in.
    throw new EnvError(
      `Invalid environment variable COOKIE_DOMAIN: must be SITE_URL's host (${host}) or a domain it belongs to (got "${source.COOKIE_DOMAIN}")`,
    );
  }
  return {
    ...env,
    SESSION_SECRET: env.SESSION_SECRET ?? randomBytes(32).toString("hex"),
    SESSION_SECRET_GENERATED: !env.SESSION_SECRET,
    SITE_URL: siteUrl,
    SITE_URL_SET: env.SITE_URL !== undefined,
    CORS_ORIGINS: env.CORS_ORIGINS ?? [new URL(siteUrl).origin],
    MAIL_FROM: env.MAIL_FROM ?? `${site.name} <no-reply@${new URL(siteUrl).hostname}>`,
  };
}

export const SESSION_SECRET_FILE = "session-secret";

/** The embedded engine's generated secret is kept with its data (mode 0600), so a restart signs no one out. */
function keptSessionSecret(env: Env): Env {
  if (!env.SESSION_SECRET_GENERATED || env.MONGODB_URI) return env;
  const file = path.resolve(env.DATA_DIR, SESSION_SECRET_FILE);
  const kept = existsSync(file) ? readFileSync(file, "utf8").trim() : "";
  if (kept.length >= 32) return { ...env, SESSION_SECRET: kept, SESSION_SECRET_GENERATED: false };
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${env.SESSION_SECRET}\n`, { mode: 0o600 });
  return { ...env, SESSION_SECRET_GENERATED: false };
}

export function getEnv(): Env {
  return remember("env", () => {
    try {
      return keptSessionSecret(parseEnv(process.env));
    } catch (error) {
      if (!(error instanceof EnvError)) throw error;
      console.error(error.message);
      process.exit(1);
    }
  });
}

/** An https SITE_URL makes every cookie Secure and every answer carry HSTS. */
export function isSecureSite(): boolean {
  return getEnv().SITE_URL.startsWith("https://");
}
