// Reads .env into process.env when the file exists; variables already set win.
import { existsSync } from "node:fs";
import path from "node:path";

export function loadDotEnv(root = process.cwd()) {
  const file = path.join(root, ".env");
  if (existsSync(file)) process.loadEnvFile(file);
}
