import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { anySealedTwoFactorSecret } from "~/domain/two-factor.server";
import type { SecretBox } from "~/domain/ports";
import { getEnv } from "./env.server";
import { decodeKey, newKey, openWith, sealWith } from "./secret-box.server";

// The key that seals two-factor secrets (decision 0027): TWO_FACTOR_KEY, or on the embedded default a key made at the
// first setup and kept with the data, so that two-factor sign-in survives a restart.

export const TWO_FACTOR_KEY_FILE = "two-factor-key";

const keptWithData = () => !getEnv().MONGODB_URI;
const keyFile = () => path.resolve(getEnv().DATA_DIR, TWO_FACTOR_KEY_FILE);

let kept: { file: string; key: Buffer } | undefined;

function readKeptKey(file: string): Buffer | null {
  if (kept?.file === file) return kept.key;
  if (!existsSync(file)) return null;
  const key = decodeKey(readFileSync(file, "utf8"));
  if (!key) throw new Error(`${file} does not hold a two-factor key (32 bytes in base64)`);
  kept = { file, key };
  return key;
}

/** TWO_FACTOR_KEY; else, without MONGODB_URI, the key kept in DATA_DIR (made first when `create`); else none. */
function twoFactorKey({ create = false }: { create?: boolean } = {}): Buffer | null {
  const { TWO_FACTOR_KEY } = getEnv();
  if (TWO_FACTOR_KEY) return decodeKey(TWO_FACTOR_KEY);
  if (!keptWithData()) return null;
  const file = keyFile();
  const found = readKeptKey(file);
  if (found || !create) return found;
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    // "wx": never over a key another process has just written.
    writeFileSync(file, `${newKey()}\n`, { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return readKeptKey(file);
}

export const twoFactorSecrets: SecretBox = {
  available: () => Boolean(getEnv().TWO_FACTOR_KEY) || keptWithData(),
  seal(plain, context) {
    const key = twoFactorKey({ create: true });
    if (!key) throw new Error("No two-factor key: set TWO_FACTOR_KEY.");
    return sealWith(key, plain, context);
  },
  open(sealed, context) {
    const key = twoFactorKey();
    return key ? openWith(key, sealed, context) : null;
  },
};

/** Why the server must not run, or null: two-factor secrets are stored and no key (or the wrong one) is there to open them. */
export async function twoFactorKeyProblem(): Promise<string | null> {
  const stored = await anySealedTwoFactorSecret();
  if (!stored) return null;
  let key: Buffer | null;
  try {
    key = twoFactorKey();
  } catch (error) {
    return `Two-factor sign-in secrets are stored, but ${(error as Error).message}.`;
  }
  const where = keptWithData() ? ` (or put it back in ${keyFile()})` : "";
  if (!key) {
    return `Two-factor sign-in secrets are stored in the database, but there is no key to open them: set TWO_FACTOR_KEY to the key they were stored with${where}. Without it no admin with two-factor sign-in could sign in.`;
  }
  if (openWith(key, stored.sealed, stored.context) === null) {
    return `The two-factor key does not open the two-factor secrets stored in the database: set TWO_FACTOR_KEY to the key they were stored with${where}.`;
  }
  return null;
}

/** At start-up, once the data is there: a clear line and exit code 1 rather than admins who cannot sign in. */
export async function refuseToRunWithoutTwoFactorKey(): Promise<void> {
  const problem = await twoFactorKeyProblem();
  if (!problem) return;
  console.error(problem);
  process.exit(1);
}
