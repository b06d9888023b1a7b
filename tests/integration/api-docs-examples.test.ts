import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CaseStudyModel } from "~/models/case-study.server";
import { connectDb } from "~/server/db.server";
import { root, run, startBuiltServer, type Running, buildIfStale } from "../support/processes";
import { signedInAdmin } from "../support/session";

/** docs/api.md's "Try it" commands, run as written by bash against the built server, so the page cannot drift from the API. */
const section = /## Try it\n([\s\S]*?)\n## /.exec(readFileSync(path.join(root, "docs/api.md"), "utf8"))![1]!;
const script = [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1]).join("\n");

let server: Running;
let base: string;
const uploads = mkdtempSync(path.join(tmpdir(), "api-docs-uploads-"));

beforeAll(async () => {
  await connectDb();
  await signedInAdmin("docs@studio.test", "Docs Admin");
  await buildIfStale();
  ({ server, base } = await startBuiltServer({
    MONGODB_URI: process.env.MONGODB_URI,
    SESSION_SECRET: process.env.SESSION_SECRET,
    UPLOAD_DIR: uploads,
  }));
}, 180_000);

afterAll(async () => {
  if (server && server.child.exitCode === null) server.child.kill("SIGTERM");
  await server?.exited;
  rmSync(uploads, { recursive: true, force: true });
});

async function bash(source: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const shell = run("bash", ["-euo", "pipefail", "-c", source], env);
  const code = await shell.exited;
  return { code, output: shell.output() };
}

describe("docs/api.md, Try it", () => {
  it("holds the common calls: sign in, list, create with an image, publish with PATCH, site content, delete, sign out", () => {
    for (const call of [
      "/api/login",
      "/api/public/case-studies",
      "-F image=@",
      "-X PATCH",
      '{"status": "published"}',
      "/api/public/content",
      '-X PUT "$API/api/content/footer"',
      "/api/content/footer/publish",
      "/restore",
      "-X DELETE",
      "/api/logout",
    ]) {
      expect(script).toContain(call);
    }
  });

  it("runs as written: every call answers 2xx, and the draft it creates is published, then deleted", async () => {
    const before = await CaseStudyModel.countDocuments();
    // The script with a check between PATCH and DELETE: what it published is public.
    const checked = script.replace(
      /(curl -fsS -X DELETE)/,
      `curl -fsS "$API/api/public/case-studies" | node -e 'const l = JSON.parse(require("fs").readFileSync(0)); if (!l.some((s) => s.id === process.argv[1])) process.exit(9)' "$ID"\n$1`,
    );
    const result = await bash(checked, { API: base, ADMIN_EMAIL: "docs@studio.test", ADMIN_PASSWORD: "test-password" });
    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(/"status":"published"/);
    expect(result.output).toContain("Case study deleted successfully");
    expect(result.output).toMatch(/"draft":\{"blurb":"Websites, apps and brands that work as hard as you do\."\}/);
    expect(result.output).toMatch(/"action":"restore","restored_from":1/);
    expect(await CaseStudyModel.countDocuments()).toBe(before);
  }, 60_000);

  it("refuses to run without the admin's password, saying where to find it", async () => {
    const result = await bash(script, { API: base });
    expect(result.code).not.toBe(0);
    expect(result.output).toMatch(/ADMIN_PASSWORD/);
  });
});
