import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import mongoose from "mongoose";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { CaseStudyModel } from "~/models/case-study.server";
import { connectDb } from "~/server/db.server";
import { freePort, isListening, run, type Running, buildIfStale } from "../support/processes";

// The real thing: `node scripts/start.mjs`, as `npm start` runs it (the build is made by `npm test` first).
const started: Running[] = [];

// Each start has its own DATA_DIR and uploads, so every embedded start here is a first start.
function start(env: Record<string, string | undefined>) {
  const fresh = {
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "studio-data-")),
    UPLOAD_DIR: mkdtempSync(path.join(tmpdir(), "studio-uploads-")),
  };
  const server = run(process.execPath, ["scripts/start.mjs"], { NODE_ENV: "production", ...fresh, ...env });
  started.push(server);
  return server;
}

afterEach(async () => {
  for (const server of started.splice(0)) {
    if (server.child.exitCode === null) server.child.kill("SIGKILL");
    await server.exited;
  }
});

beforeAll(async () => {
  await connectDb();
  // One build up front (`npm test` has made it already), not one per server started below.
  await buildIfStale();
}, 180_000);

describe("npm start on the embedded engine", () => {
  it("serves the seeded site, prints the admin's credentials and stops promptly on SIGTERM", async () => {
    const port = await freePort();
    const server = start({ PORT: String(port) });
    const [, email, password] = await server.waitFor(/email (\S+), password (\S+)/);
    await server.waitFor(/\[remix-serve\] http/);
    expect(email).toBe("admin@example.com");
    const engine =
      /Database: embedded engine \(jongodb\) at mongodb:\/\/127\.0\.0\.1:(\d+)\/studio, kept in \S+: a single-machine store/.exec(
        server.output(),
      );
    expect(engine).not.toBeNull();
    expect(server.output()).toMatch(/First start: demo content added \(8 case studies\)\./);
    // Production without SITE_URL starts, and says what it is needed for.
    expect(server.output()).toMatch(/^SITE_URL is not set: it is needed in production\. /m);
    // Production on the embedded engine: one line on what that store is and where its limits are.
    expect(server.output()).toMatch(
      /^MONGODB_URI is not set: in production the embedded engine is a single-machine store \(one server process, one DATA_DIR\), and its writes slow past about 5,000 documents in a collection and can fail past about 10,000; start-up and the dashboard warn from 2,000\. /m,
    );
    expect(server.output()).not.toMatch(/The embedded database is getting large/);

    const home = await fetch(`http://localhost:${port}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("A mobile banking app for freelancers");

    const login = await fetch(`http://localhost:${port}/login`, {
      method: "POST",
      body: new URLSearchParams({ email: email!, password: password! }),
      redirect: "manual",
    });
    expect(login.status).toBe(302);
    expect(login.headers.get("Location")).toBe("/dashboard");
    const cookie = login.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    const dashboard = await fetch(`http://localhost:${port}/dashboard`, { headers: { Cookie: cookie }, redirect: "manual" });
    expect(dashboard.status).toBe(200);

    const stopAt = Date.now();
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(Date.now() - stopAt).toBeLessThan(3_000);
    expect(await isListening(Number(engine![1]))).toBe(false);
  });

  it("uses ADMIN_EMAIL and ADMIN_PASSWORD when given", async () => {
    const port = await freePort();
    const server = start({
      PORT: String(port),
      SITE_URL: `http://localhost:${port}`,
      ADMIN_EMAIL: "Owner@Studio.test",
      ADMIN_PASSWORD: "given-password",
    });
    await server.waitFor(/email owner@studio\.test, password given-password/);
    await server.waitFor(/\[remix-serve\] http/);
    expect(server.output()).not.toMatch(/SITE_URL is not set/);
    const login = await fetch(`http://localhost:${port}/login`, {
      method: "POST",
      body: new URLSearchParams({ email: "owner@studio.test", password: "given-password" }),
      redirect: "manual",
    });
    expect(login.headers.get("Location")).toBe("/dashboard");
  });

  it("warns at start-up when a collection holds more than 2,000 documents, saying how to move to MongoDB", async () => {
    const port = await freePort();
    const first = start({ PORT: String(port) });
    const [, email, password] = await first.waitFor(/email (\S+), password (\S+)/);
    await first.waitFor(/\[remix-serve\] http/);
    const engine = /mongodb:\/\/127\.0\.0\.1:\d+\/studio/.exec(first.output())![0];
    // Batches: the engine's writes cost more per call as a collection grows, not per document.
    const client = await new mongoose.mongo.MongoClient(engine).connect();
    const at = new Date();
    for (let done = 0; done < 2_001; done += 500) {
      const batch = Array.from({ length: Math.min(500, 2_001 - done) }, (_, i) => ({
        name: "N",
        email: "n@example.com",
        message: `M${done + i}`,
        read: true,
        created_at: at,
        updated_at: at,
      }));
      await client.db().collection("contact_messages").insertMany(batch);
    }
    await client.close();
    // The snapshot is written after the server's own writes: a sign-in is one.
    const login = await fetch(`http://localhost:${port}/login`, {
      method: "POST",
      body: new URLSearchParams({ email: email!, password: password! }),
      redirect: "manual",
    });
    expect(login.headers.get("Location")).toBe("/dashboard");
    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);

    const dirs = /kept in (\S+): a single-machine store/.exec(first.output())!;
    const again = start({ PORT: String(await freePort()), DATA_DIR: dirs[1] });
    await again.waitFor(/\[remix-serve\] http/);
    expect(again.output()).toMatch(
      /^The embedded database is getting large: contact_messages holds 2,001 documents\. Its writes slow past about 5,000 documents in a collection and can fail past about 10,000 \(slower than the 1 s database timeout: a visitor's message is then refused\)\. Move to MongoDB before then: stop the server, npm run export -- studio\.tar\.gz, set MONGODB_URI, npm run import -- studio\.tar\.gz, start\.$/m,
    );
  });

  it("stops the engine even when the server is killed outright", async () => {
    const server = start({ PORT: String(await freePort()) });
    await server.waitFor(/Admin sign-in/);
    const enginePort = Number(/127\.0\.0\.1:(\d+)\/studio/.exec(server.output())![1]);
    expect(await isListening(enginePort)).toBe(true);
    server.child.kill("SIGKILL");
    await server.exited;
    // The engine's watchdog checks its parent every second.
    for (let waited = 0; waited < 5_000 && (await isListening(enginePort)); waited += 100)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await isListening(enginePort)).toBe(false);
  });
});

describe("npm start on a real MONGODB_URI", () => {
  it("refuses to start in production without SESSION_SECRET, in one line naming it", async () => {
    const server = start({ PORT: String(await freePort()), MONGODB_URI: process.env.MONGODB_URI });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/^Invalid environment variable SESSION_SECRET: is required in production when MONGODB_URI is set/m);
  });

  it("connects to that database and seeds nothing", async () => {
    const port = await freePort();
    const server = start({
      PORT: String(port),
      MONGODB_URI: process.env.MONGODB_URI,
      SESSION_SECRET: "a-real-secret-a-real-secret-a-real-secret",
    });
    await server.waitFor(/Database: MongoDB at mongodb/);
    await server.waitFor(/\[remix-serve\] http/);
    expect((await fetch(`http://localhost:${port}/`)).status).toBe(200);
    expect(server.output()).not.toMatch(/Admin sign-in|First start|SESSION_SECRET is not set|MONGODB_URI is not set/);
    expect(await CaseStudyModel.countDocuments()).toBe(0);
  });
});

describe("configuration errors", () => {
  it.each([
    [{ MAX_UPLOAD_MB: "-1" }, /^Invalid environment variable MAX_UPLOAD_MB: must be greater than 0 \(got "-1"\)$/m],
    [{ SITE_URL: "studio" }, /^Invalid environment variable SITE_URL: must be an absolute URL/m],
  ])("stop start-up with one clear line for %o", async (env, line) => {
    const server = start({ PORT: String(await freePort()), ...env });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(line);
  });
});
