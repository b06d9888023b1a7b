// Reads .env into process.env when the file exists; variables already set win.
// NO_DOTENV=1 skips it (the tests do, so a developer's .env never points them at a real database).
import { existsSync } from "node:fs";
import path from "node:path";

export function loadDotEnv(root = process.cwd()) {
  const file = path.join(root, ".env");
  if (process.env.NO_DOTENV !== "1" && existsSync(file)) process.loadEnvFile(file);
}
