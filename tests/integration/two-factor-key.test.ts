import { copyFileSync, existsSync, mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AdminModel } from "~/models/admin.server";
import { connectDb } from "~/server/db.server";
import { getEnv } from "~/server/env.server";
import { decodeKey, newKey, sealWith } from "~/server/secret-box.server";
import { TWO_FACTOR_KEY_FILE, twoFactorKeyProblem, twoFactorSecrets } from "~/server/two-factor-key.server";
import { createTestAdmin } from "../support/admins";
import { buildIfStale, freePort, run, type Running } from "../support/processes";

// The key that seals two-factor secrets (decision 0027): where it comes from, and a start-up that refuses without it.

const started: Running[] = [];
const env = getEnv();
const original = { MONGODB_URI: env.MONGODB_URI, DATA_DIR: env.DATA_DIR, TWO_FACTOR_KEY: env.TWO_FACTOR_KEY };
const temporary = (prefix: string) => mkdtempSync(path.join(tmpdir(), prefix));

beforeAll(async () => {
  await connectDb();
  await buildIfStale();
}, 180_000);

beforeEach(() => AdminModel.deleteMany({}));

afterEach(async () => {
  Object.assign(env, original);
  for (const server of started.splice(0)) {
    if (server.child.exitCode === null) server.child.kill("SIGKILL");
    await server.exited;
  }
});

/** An admin whose two-factor secret was sealed with `key`, stored as the product stores it. */
async function adminWithSecretSealedBy(key: string) {
  const created = await createTestAdmin({ name: "Sealed", email: `sealed-${Date.now()}@studio.test`, password: "test-password" });
  if (!created.ok) throw new Error(created.reason);
  const sealed = sealWith(decodeKey(key)!, "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP", `two-factor:${created.value.id}`);
  await AdminModel.updateOne({ _id: created.value.id }, { $set: { two_factor: { secret: sealed, enabled_at: new Date(), recovery: {} } } });
}

function start(extra: Record<string, string>) {
  const server = run(process.execPath, ["scripts/start.mjs"], {
    NODE_ENV: "production",
    MONGODB_URI: process.env.MONGODB_URI,
    SESSION_SECRET: "a-real-secret-a-real-secret-a-real-secret",
    DATA_DIR: temporary("studio-data-"),
    UPLOAD_DIR: temporary("studio-uploads-"),
    ...extra,
  });
  started.push(server);
  return server;
}

describe("start-up with two-factor secrets stored", () => {
  it("refuses to run, in one clear line and exit code 1, without TWO_FACTOR_KEY or with another key", async () => {
    await adminWithSecretSealedBy(newKey());
    const without = start({ PORT: String(await freePort()) });
    expect(await without.exited).toBe(1);
    expect(without.output()).toMatch(
      /^Two-factor sign-in secrets are stored in the database, but there is no key to open them: set TWO_FACTOR_KEY to the key they were stored with\. /m,
    );
    expect(without.output()).not.toContain("[remix-serve]");

    const wrong = start({ PORT: String(await freePort()), TWO_FACTOR_KEY: newKey() });
    expect(await wrong.exited).toBe(1);
    expect(wrong.output()).toMatch(/^The two-factor key does not open the two-factor secrets stored in the database/m);
  });
});

describe("the embedded default's key", () => {
  it("is made at the first setup and kept in DATA_DIR (mode 0600); data moved without it is refused until it is put back", async () => {
    const first = temporary("studio-data-");
    Object.assign(env, { MONGODB_URI: undefined, DATA_DIR: first, TWO_FACTOR_KEY: undefined });
    const file = path.join(first, TWO_FACTOR_KEY_FILE);
    expect(twoFactorSecrets.available()).toBe(true);
    expect(existsSync(file)).toBe(false);
    // Opening needs no key yet; sealing makes one.
    expect(twoFactorSecrets.open("v1.a.b.c", "two-factor:x")).toBeNull();
    expect(existsSync(file)).toBe(false);
    const created = await createTestAdmin({ name: "Kept", email: "kept@studio.test", password: "test-password" });
    if (!created.ok) throw new Error(created.reason);
    const context = `two-factor:${created.value.id}`;
    const sealed = twoFactorSecrets.seal("JBSWY3DPEHPK3PXP", context);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(twoFactorSecrets.open(sealed, context)).toBe("JBSWY3DPEHPK3PXP");
    await AdminModel.updateOne({ _id: created.value.id }, { $set: { two_factor: { secret: sealed, recovery: {} } } });
    expect(await twoFactorKeyProblem()).toBeNull();

    // The same data in another DATA_DIR, without its key: start-up would refuse, naming the way out.
    const second = temporary("studio-data-");
    env.DATA_DIR = second;
    expect(await twoFactorKeyProblem()).toBe(
      `Two-factor sign-in secrets are stored in the database, but there is no key to open them: set TWO_FACTOR_KEY to the key they were stored with (or put it back in ${path.join(second, TWO_FACTOR_KEY_FILE)}). Without it no admin with two-factor sign-in could sign in.`,
    );
    copyFileSync(file, path.join(second, TWO_FACTOR_KEY_FILE));
    expect(await twoFactorKeyProblem()).toBeNull();
  });
});
