import { randomBytes } from "node:crypto";

/** The same server as `uri`, with another database name (tests never touch the app's own database). */
export function withDatabaseName(uri: string, name: string): string {
  const url = new URL(uri.replace(/^mongodb(\+srv)?:/, "http:"));
  url.pathname = `/${name}`;
  const scheme = uri.startsWith("mongodb+srv:") ? "mongodb+srv:" : "mongodb:";
  return url.toString().replace(/^http:/, scheme);
}

export function uniqueDatabaseName(prefix: string): string {
  return `${prefix}_${randomBytes(5).toString("hex")}`;
}
