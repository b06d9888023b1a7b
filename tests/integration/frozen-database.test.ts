import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAdmin } from "../support/admins";
import { startEmbeddedEngine, type EmbeddedEngine } from "~/server/embedded-engine.server";
import { freePort, run, type Running, buildIfStale } from "../support/processes";

/**
 * A database that hangs (its process frozen with SIGSTOP: connections stay open, nothing answers) must not
 * hang the site: the built app, as a real process, answers every request within 2 s, and recovers by
 * itself once the database answers again. On its own engine, which this file freezes.
 */
let engine: EmbeddedEngine;
let server: Running;
let base = "";
let cookie = "";

/** SIGSTOP or SIGCONT to the engine's process group (the engine runs under a small watchdog shell). */
const signalEngine = (signal: NodeJS.Signals) => process.kill(-engine.process.pid!, signal);

beforeAll(async () => {
  engine = await startEmbeddedEngine("frozen");
  process.env.MONGODB_URI = engine.uri;
  const { connectDb } = await import("~/server/db.server");
  await connectDb();
  const admin = { name: "Frozen", email: "frozen@studio.test", password: "frozen-password-1" };
  await createTestAdmin(admin);

  await buildIfStale();
  const port = await freePort();
  base = `http://localhost:${port}`;
  server = run(process.execPath, ["scripts/start.mjs"], {
    NODE_ENV: "production",
    PORT: String(port),
    MONGODB_URI: engine.uri,
    SESSION_SECRET: "frozen-secret-frozen-secret-frozen-secret",
    // Mail on (nothing listens there; nothing is sent here), so a reset request reaches its limits.
    SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
  });
  await server.waitFor(/Database: MongoDB at/);
  for (
    let tries = 0;
    tries < 100 &&
    !(await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    ));
    tries++
  ) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const login = await fetch(`${base}/login`, { method: "POST", body: new URLSearchParams(admin), redirect: "manual" });
  cookie = login.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  expect(cookie).toContain("__session=");
}, 120_000);

afterAll(async () => {
  signalEngine("SIGCONT");
  server?.child.kill("SIGKILL");
  await server?.exited;
  engine.stop();
});

const paths = ["/", "/case-studies", "/api/public/case-studies", "/dashboard", "/readyz"];

async function timed(path: string) {
  const started = performance.now();
  const response = await fetch(base + path, { headers: { Cookie: cookie }, redirect: "manual", signal: AbortSignal.timeout(10_000) });
  const body = await response.text();
  return {
    path,
    status: response.status,
    ms: Math.round(performance.now() - started),
    type: response.headers.get("Content-Type") ?? "",
    retryAfter: response.headers.get("Retry-After"),
    body,
  };
}

describe("with the database frozen", () => {
  it("answers every request with 503 within 2 s, none hangs; /healthz stays 200", async () => {
    for (const path of paths) expect((await timed(path)).status).toBeLessThan(400);
    signalEngine("SIGSTOP");

    const sequential = [];
    for (const path of paths) sequential.push(await timed(path));
    const concurrent = await Promise.all([...paths, ...paths].map(timed));
    const later = [];
    for (const path of paths) later.push(await timed(path));
    console.log("frozen database, sequential:", sequential.map(({ path, status, ms }) => `${path} ${status} ${ms} ms`).join(", "));
    console.log("frozen database, 10 at once:", concurrent.map(({ path, status, ms }) => `${path} ${status} ${ms} ms`).join(", "));
    console.log("frozen database, later:", later.map(({ path, status, ms }) => `${path} ${status} ${ms} ms`).join(", "));

    for (const answer of [...sequential, ...concurrent, ...later]) {
      expect(answer.ms, answer.path).toBeLessThan(2_000);
      expect(answer.status, answer.path).toBe(503);
      if (answer.path !== "/readyz") expect(answer.retryAfter, answer.path).toBe("5");
      if (answer.path.startsWith("/api") || answer.path === "/readyz") expect(answer.type).toMatch(/^application\/json/);
      else expect(answer.type).toMatch(/^text\/html/);
    }
    // A page's 503 is the error page inside the site's frame, with a title.
    const page = sequential.find((answer) => answer.path === "/")!.body;
    expect(page).toMatch(/<title>We(&#x27;|')ll be right back \| Northbeam Studio<\/title>/);
    for (const part of ["<header", "<nav", "<footer"]) expect(page).toContain(part);
    const health = await timed("/healthz");
    expect(health.status).toBe(200);
    expect(health.ms).toBeLessThan(500);
  }, 60_000);

  it("recovers by itself once the database answers again", async () => {
    signalEngine("SIGCONT");
    const started = Date.now();
    let status = 0;
    while (Date.now() - started < 15_000) {
      status = (await timed("/")).status;
      if (status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    console.log(`recovered after ${Date.now() - started} ms`);
    expect(status).toBe(200);
    for (const path of paths) expect((await timed(path)).status).toBeLessThan(400);
  }, 30_000);
});

/**
 * A request whose first check found the database healthy, then met the freeze in code beside the models (the
 * rate limiter's own driver calls come first in a sign-in and a reset request): the same 503 on every door.
 */
describe("a freeze met after the request's check", () => {
  const UNAVAILABLE = "We can't reach our database right now. Please try again in a moment.";
  const email = "nobody@studio.test";
  const form = { "Content-Type": "application/x-www-form-urlencoded" };
  const json = { "Content-Type": "application/json" };
  const doors: [string, RequestInit, "json" | "html" | "data"][] = [
    ["/api/password-reset", { headers: json, body: JSON.stringify({ email }) }, "json"],
    ["/api/login", { headers: json, body: JSON.stringify({ email, password: "wrong-password-1" }) }, "json"],
    ["/forgot-password", { headers: form, body: new URLSearchParams({ email }) }, "html"],
    ["/login", { headers: form, body: new URLSearchParams({ email, password: "wrong-password-1" }) }, "html"],
    ["/forgot-password.data", { headers: form, body: new URLSearchParams({ email }) }, "data"],
    ["/login.data", { headers: form, body: new URLSearchParams({ email, password: "wrong-password-1" }) }, "data"],
  ];

  it("answers 503 with Retry-After on the API, the forms and their .data, never 500", async () => {
    expect((await timed("/readyz")).status).toBe(200);
    const logged = server.output().length;
    signalEngine("SIGSTOP");
    const answers = await Promise.all(
      doors.map(async ([path, init, kind]) => {
        const response = await fetch(base + path, { method: "POST", redirect: "manual", ...init, signal: AbortSignal.timeout(10_000) });
        return { path, kind, status: response.status, retryAfter: response.headers.get("Retry-After"), body: await response.text() };
      }),
    );
    signalEngine("SIGCONT");
    console.log("a freeze met in the driver:", answers.map(({ path, status }) => `${path} ${status}`).join(", "));
    for (const answer of answers) {
      expect(answer.status, answer.path).toBe(503);
      expect(answer.retryAfter, answer.path).toBe("5");
      if (answer.kind === "json") expect(JSON.parse(answer.body), answer.path).toEqual({ message: UNAVAILABLE });
      if (answer.kind === "html") expect(answer.body, answer.path).toMatch(/<title>We(&#x27;|')ll be right back/);
    }
    // The driver's own error was met (not the check before it), and logged in one line.
    expect(server.output().slice(logged)).toMatch(/^Database unavailable \(answered 503\): Mongo\w+Error/m);
  }, 30_000);
});
