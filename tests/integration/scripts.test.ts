import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { checkCredentials } from "../support/admins";
import { CaseStudyModel } from "~/models/case-study.server";
import { connectDb } from "~/server/db.server";
import { root, run } from "../support/processes";

const tsx = path.join(root, "node_modules", ".bin", "tsx");

async function script(name: string, args: string[], env: Record<string, string | undefined> = { MONGODB_URI: process.env.MONGODB_URI }) {
  const child = run(tsx, [`scripts/${name}.ts`, ...args], env);
  return { code: await child.exited, output: child.output() };
}

beforeAll(async () => {
  await connectDb();
});

describe("npm run admin:create", () => {
  const args = ["--name", "First Admin", "--email", "First@Studio.test", "--password", "first-password"];

  it("creates an admin in the database MONGODB_URI names", async () => {
    const { code, output } = await script("admin-create", args);
    expect(output).toMatch(/Admin created in MongoDB at mongodb:\/\/.+: First Admin <first@studio\.test>/);
    expect(code).toBe(0);
    expect((await checkCredentials({ email: "first@studio.test", password: "first-password" })).ok).toBe(true);
  });

  it("refuses a duplicate email with a clear message", async () => {
    const { code, output } = await script("admin-create", args);
    expect(code).toBe(1);
    expect(output).toContain("An admin with this email already exists");
  });

  it.each([
    ["short", "The password must be at least 8 characters long"],
    ["x".repeat(73), "The password must be at most 72 bytes long"],
  ])("refuses the password %s with a clear message", async (password, message) => {
    const { code, output } = await script("admin-create", ["--name", "N", "--email", "n@studio.test", "--password", password]);
    expect(code).toBe(1);
    expect(output).toContain(message);
  });

  it("says what is missing and how to call it", async () => {
    const { code, output } = await script("admin-create", ["--name", "No Email"]);
    expect(code).toBe(1);
    expect(output).toContain("Please fill in all fields");
    expect(output).toContain("Usage: npm run admin:create --");
  });

  it("needs MONGODB_URI", async () => {
    const { code, output } = await script("admin-create", args, {});
    expect(code).toBe(1);
    expect(output).toContain("MONGODB_URI is not set");
  });
});

describe("npm run seed", () => {
  it("seeds the database MONGODB_URI names on demand", async () => {
    const { code, output } = await script("seed", [], {
      MONGODB_URI: process.env.MONGODB_URI,
      ADMIN_EMAIL: "seeded@studio.test",
      ADMIN_PASSWORD: "seeded-password",
    });
    expect(output).toMatch(/Seeded MongoDB at .+: 8 case studies added\./);
    expect(output).toContain("Admin created: email seeded@studio.test, password seeded-password");
    expect(code).toBe(0);
    expect(await CaseStudyModel.countDocuments()).toBe(8);
  });

  it("explains that the embedded engine seeds itself when MONGODB_URI is not set", async () => {
    const { code, output } = await script("seed", [], {});
    expect(code).toBe(1);
    expect(output).toContain("MONGODB_URI is not set: the embedded database seeds itself");
  });
});

describe("npm run uploads:migrate", () => {
  it("copies the disk store's images into GridFS once, leaving other files and the disk alone", async () => {
    const { mkdtempSync, readdirSync, writeFileSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const { gridFsStore } = await import("~/server/uploads.server");
    const dir = mkdtempSync(path.join(tmpdir(), "migrate-"));
    const names = ["0123456789abcdef0123456789abcdef-480.webp", "0123456789abcdef0123456789abcdef-1600.webp"];
    for (const name of names) writeFileSync(path.join(dir, name), `bytes of ${name}`);
    writeFileSync(path.join(dir, "notes.txt"), "not an image");
    const env = { MONGODB_URI: process.env.MONGODB_URI, UPLOAD_DIR: dir };

    const first = await script("uploads-migrate", [], env);
    expect(first.output).toMatch(/Copied 2 image file\(s\) from .+ into GridFS .+; 0 already there; 1 other file\(s\) left alone\./);
    expect(first.code).toBe(0);
    const store = gridFsStore();
    expect(await store.list()).toEqual(expect.arrayContaining(names));
    const copied = await store.open(names[0]!);
    expect(Buffer.from(await new Response(copied!.body()).arrayBuffer()).toString()).toBe(`bytes of ${names[0]}`);

    const again = await script("uploads-migrate", [], env);
    expect(again.output).toMatch(/Copied 0 image file\(s\) .+; 2 already there;/);
    expect(readdirSync(dir).sort()).toEqual([...names, "notes.txt"].sort());
  });

  it("needs MONGODB_URI", async () => {
    const { code, output } = await script("uploads-migrate", [], {});
    expect(code).toBe(1);
    expect(output).toContain("MONGODB_URI is not set");
  });
});
