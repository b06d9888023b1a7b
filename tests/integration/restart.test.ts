import { existsSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { verifyArchive } from "~/server/archive/read.server";
import { caseStudyFields } from "../support/case-study-fields";
import { imageFile } from "../support/factories";
import { freePort, root, run, type Running, buildIfStale } from "../support/processes";

// `npm start` on the embedded engine, stopped and started again on the same DATA_DIR.
const dataDir = mkdtempSync(path.join(tmpdir(), "studio-data-"));
const uploadDir = mkdtempSync(path.join(tmpdir(), "studio-uploads-"));
const admin = { email: "owner@studio.test", password: "owner-password" };
const env = { NODE_ENV: "production", DATA_DIR: dataDir, UPLOAD_DIR: uploadDir, ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password };
const snapshot = path.join(dataDir, "snapshot.tar.gz");
const tsx = path.join(root, "node_modules", ".bin", "tsx");
const running: Running[] = [];

afterEach(async () => {
  for (const server of running.splice(0)) {
    if (server.child.exitCode === null) server.child.kill("SIGKILL");
    await server.exited;
  }
});

beforeAll(async () => {
  await buildIfStale();
}, 180_000);

/** Starts the server and polls / every 100 ms from the spawn: every answer before the first 200, then waits for remix-serve's URL line. */
async function start() {
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const server = run(process.execPath, ["scripts/start.mjs"], { ...env, PORT: String(port), SITE_URL: base });
  running.push(server);
  const before: number[] = [];
  const deadline = Date.now() + 90_000;
  for (;;) {
    const status = await fetch(`${base}/`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) {
      // The line is written in listen's callback and reaches this pipe a moment after the socket accepts.
      const printedBy = Date.now() + 5_000;
      while (!/\[remix-serve\] http:\/\/localhost/.test(server.output()) && Date.now() < printedBy) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return { server, base, before, output: () => server.output() };
    }
    if (status) before.push(status);
    if (Date.now() > deadline || server.child.exitCode !== null) throw new Error(`no 200 from /:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function stop(server: Running) {
  server.child.kill("SIGTERM");
  expect(await server.exited).toBe(0);
}

async function signIn(base: string, password = admin.password) {
  const login = await fetch(`${base}/login`, {
    method: "POST",
    body: new URLSearchParams({ email: admin.email, password }),
    redirect: "manual",
  });
  return login.headers.get("Location") === "/dashboard"
    ? login.headers
        .getSetCookie()
        .map((line) => line.split(";")[0])
        .join("; ")
    : null;
}

const dashboardStatus = (base: string, cookie: string) =>
  fetch(`${base}/dashboard`, { headers: { Cookie: cookie }, redirect: "manual" }).then((response) => response.status);

async function script(name: string, args: string[]) {
  const child = run(tsx, [`scripts/${name}.ts`, ...args], { DATA_DIR: dataDir, UPLOAD_DIR: uploadDir });
  return { code: await child.exited, output: child.output() };
}

const uploads = () => readdirSync(uploadDir).filter((name) => name.endsWith(".webp"));

describe("the embedded engine keeps its data in DATA_DIR", () => {
  it("survives a restart: same ids, sessions, admin; a change is on disk within 10 s; reset starts from scratch", async () => {
    // First start: seeded once, and no answer but 200 from the first one on.
    const first = await start();
    expect(first.before).toEqual([]);
    // The data is ready before remix-serve listens and prints its URL.
    expect(first.output().indexOf("Data kept in")).toBeGreaterThan(-1);
    expect(first.output().indexOf("Data kept in")).toBeLessThan(first.output().indexOf("[remix-serve] http"));
    expect(first.output()).toMatch(/First start: demo content added \(8 case studies\)/);
    expect(first.output()).toContain(`Admin sign-in at ${first.base}/login: email ${admin.email}`);
    expect(first.output()).toMatch(/single-machine store: to move to MongoDB, npm run export/);
    expect(statSync(path.join(dataDir, "session-secret")).mode & 0o777).toBe(0o600);

    const cookie = (await signIn(first.base))!;
    expect(cookie).toBeTruthy();
    const token = (
      (await (
        await fetch(`${first.base}/api/login`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(admin),
        })
      ).json()) as { token: string }
    ).token;
    const form = new FormData();
    for (const [key, value] of Object.entries(caseStudyFields("Kept Study"))) form.append(key, value);
    form.append("image", await imageFile("png"));
    const created = await fetch(`${first.base}/api/case-studies`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, Accept: "application/json" },
      body: form,
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect(uploads()).toHaveLength(3);

    // Within 10 s of the change, without a stop, the snapshot on disk holds it.
    const changedAt = Date.now();
    while ((await verifyArchive(snapshot)).collections.case_studies!.count !== 9) {
      expect(Date.now() - changedAt).toBeLessThan(10_000);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    // A live server owns DATA_DIR: commands that write it refuse.
    const busy = await script("admin-password", ["--email", admin.email, "--password", "another-password"]);
    expect(busy.code).toBe(1);
    expect(busy.output).toMatch(/is in use by a running server \(pid \d+\): stop it first/);
    const ids = (await (await fetch(`${first.base}/api/public/case-studies`)).json()) as unknown;
    await stop(first.server);

    // An orphan image file left in the store is removed at the next start.
    writeFileSync(path.join(uploadDir, `${"a".repeat(32)}-480.webp`), "orphan");
    const second = await start();
    expect(second.before).toEqual([]);
    expect(second.output()).not.toMatch(/First start|Admin sign-in/);
    expect(second.output()).toMatch(/Removed 1 stored image files nothing uses/);
    expect(uploads()).toHaveLength(3);
    // The same entries; their image addresses are absolute, so they name this start's port.
    const listed = await (await fetch(`${second.base}/api/public/case-studies`)).text();
    expect(JSON.parse(listed.replaceAll(second.base, first.base))).toEqual(ids);
    expect((await fetch(`${second.base}/case-studies/${id}`)).status).toBe(200);
    expect(await dashboardStatus(second.base, cookie)).toBe(200);
    expect(await signIn(second.base)).toBeTruthy();

    // Deleting the study removes its image files.
    const removed = await fetch(`${second.base}/api/case-studies/${id}`, {
      method: "DELETE",
      headers: { Authorization: `Bearer ${token}`, Accept: "application/json" },
    });
    expect(removed.status).toBeLessThan(300);
    expect(uploads()).toHaveLength(0);
    await stop(second.server);

    // admin:password: an unknown email is refused; a known one gets the new password.
    const unknown = await script("admin-password", ["--email", "nobody@studio.test"]);
    expect(unknown.code).toBe(1);
    expect(unknown.output).toContain("No admin has the email nobody@studio.test");
    const changed = await script("admin-password", ["--email", admin.email]);
    expect(changed.code).toBe(0);
    const newPassword = /New password for owner@studio\.test in .+: (\S+) \(/.exec(changed.output)![1]!;

    // Export while stopped, and import refusing the non-empty data without --replace.
    const archive = path.join(dataDir, "..", `${path.basename(dataDir)}-export.tar.gz`);
    expect((await script("export", [archive])).code).toBe(0);
    const refused = await script("import", [archive]);
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/^Nothing was imported: the database is not empty \(\d+ documents\): add --replace/m);
    expect((await script("import", [archive, "--replace"])).code).toBe(0);

    const third = await start();
    expect(await signIn(third.base)).toBeNull();
    expect(await signIn(third.base, newPassword)).toBeTruthy();
    expect((await fetch(`${third.base}/case-studies/${id}`)).status).toBe(404);
    await stop(third.server);

    const reset = await script("reset", []);
    expect(reset.code).toBe(0);
    expect(existsSync(snapshot)).toBe(false);
    const fourth = await start();
    expect(fourth.output()).toMatch(/First start: demo content added \(8 case studies\)/);
    expect(await dashboardStatus(fourth.base, cookie)).toBe(302);
    await stop(fourth.server);

    // A damaged snapshot stops the start with one line, before anything listens, and is left as it is.
    const bytes = readFileSync(snapshot);
    writeFileSync(snapshot, bytes.subarray(0, bytes.length - 100));
    const broken = run(process.execPath, ["scripts/start.mjs"], { ...env, PORT: String(await freePort()) });
    running.push(broken);
    expect(await broken.exited).toBe(1);
    expect(broken.output()).toMatch(/snapshot\.tar\.gz could not be loaded: the archive is damaged: .+ npm run reset starts from scratch/);
    expect(broken.output()).not.toContain("[remix-serve]");
    expect(readFileSync(snapshot).length).toBe(bytes.length - 100);
  }, 240_000);
});
