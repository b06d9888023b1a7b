import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAdmin } from "../support/admins";
import { messages } from "~/domain/messages";
import { base32 } from "~/domain/two-factor.server";
import { AdminModel } from "~/models/admin.server";
import { CaseStudyModel } from "~/models/case-study.server";
import { connectDb } from "~/server/db.server";
import { getEnv } from "~/server/env.server";
import { ports } from "~/server/ports.server";
import { caseStudyFormFields } from "../support/case-study-fields";
import { formData, imageFile } from "../support/factories";
import { freePort, run, type Running, buildIfStale } from "../support/processes";

/**
 * Two server processes of the built app (`npm test` builds it first) on two ports against one database,
 * with images in GridFS, as behind a load balancer: whatever one instance does, the other sees. The database
 * is this file's own (a fresh name on the run's engine, or on MONGODB_URI's server when that is set).
 */
type Instance = { name: string; base: string; server: Running };
const instances: Instance[] = [];
let A: Instance;
let B: Instance;

const SECRET = "scale-out-secret-scale-out-secret-0123456789";
const TWO_FACTOR_KEY = randomBytes(32).toString("base64");
const admin = { name: "Scale Out", email: "scale-out@studio.test", password: "scale-out-password-1" };

async function start(name: string, port: number, sitePort: number): Promise<Instance> {
  const server = run(process.execPath, ["scripts/start.mjs"], {
    NODE_ENV: "production",
    PORT: String(port),
    MONGODB_URI: process.env.MONGODB_URI,
    SESSION_SECRET: SECRET,
    SITE_URL: `http://localhost:${sitePort}`,
    UPLOAD_STORE: "gridfs",
    // A folder of its own: were images on disk, B could not serve what A stored.
    UPLOAD_DIR: mkdtempSync(path.join(tmpdir(), `scale-out-${name}-`)),
    TRUST_PROXY: "1",
    TWO_FACTOR_KEY,
  });
  const instance = { name, base: `http://localhost:${port}`, server };
  instances.push(instance);
  await server.waitFor(/Database: MongoDB at/);
  await waitUntilServing(instance);
  return instance;
}

async function waitUntilServing(instance: Instance) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const ok = await fetch(`${instance.base}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${instance.name} did not start:\n${instance.server.output()}`);
}

/** A request as the load balancer forwards it: the client's address appended to X-Forwarded-For. */
function send(instance: Instance, path: string, init: RequestInit & { client?: string } = {}) {
  const headers = new Headers(init.headers);
  headers.set("X-Forwarded-For", init.client ?? "198.51.100.10");
  return fetch(instance.base + path, { ...init, headers, redirect: "manual" });
}

function cookieOf(response: Response, name = "__session"): string {
  const line = response.headers.getSetCookie().find((value) => value.startsWith(`${name}=`));
  if (!line) throw new Error(`no ${name} cookie set (status ${response.status})`);
  return line.split(";")[0]!;
}

async function signIn(instance: Instance, password = admin.password, client?: string) {
  return send(instance, "/login", { method: "POST", body: new URLSearchParams({ email: admin.email, password }), client });
}

async function sessionOn(instance: Instance): Promise<string> {
  const response = await signIn(instance);
  expect(response.status).toBe(302);
  return cookieOf(response);
}

/** The dashboard answers 200 for a live session, and redirects to /login otherwise. */
async function dashboardStatus(instance: Instance, cookie: string) {
  const response = await send(instance, "/dashboard", { headers: { Cookie: cookie } });
  return { status: response.status, location: response.headers.get("Location") };
}

beforeAll(async () => {
  await connectDb();
  const created = await createTestAdmin(admin);
  if (!created.ok) throw new Error(created.reason);
  // Stored before case studies had addresses: both instances starting at once name them (docs/behaviour.md#addresses).
  await CaseStudyModel.collection.insertMany(
    Array.from({ length: 3 }, () => ({
      title: "Before addresses",
      client: "Legacy Client",
      industry: "Retail",
      project_insight: "Stored without a slug.",
      technologies: [],
      outcomes: [],
      image_url: "/images/legacy-1600.webp",
      created_at: new Date(),
      updated_at: new Date(),
    })),
  );
  await buildIfStale();
  const [portA, portB] = [await freePort(), await freePort()];
  [A, B] = await Promise.all([start("A", portA, portA), start("B", portB, portA)]);
}, 180_000);

afterAll(async () => {
  for (const { server } of instances) {
    if (server.child.exitCode === null) server.child.kill("SIGTERM");
    await server.exited;
  }
});

describe("two instances on one database", () => {
  it("name the case studies stored without a slug once between them, and both answer at those slugs", async () => {
    const docs = await CaseStudyModel.find({ title: "Before addresses" }).lean();
    expect(docs.map((doc) => doc.slug).sort()).toEqual(["before-addresses", "before-addresses-2", "before-addresses-3"]);
    const id = docs.find((doc) => doc.slug === "before-addresses-2")!._id.toString();
    const moved = await send(A, `/case-studies/${id}`);
    expect(moved.status).toBe(301);
    expect(moved.headers.get("Location")).toBe("/case-studies/before-addresses-2");
    expect((await send(B, "/case-studies/before-addresses-2")).status).toBe(200);
  });

  it("a session started on A works on B, and logout on B ends it on A", async () => {
    const cookie = await sessionOn(A);
    expect(await dashboardStatus(B, cookie)).toMatchObject({ status: 200 });

    const logout = await send(B, "/logout", { method: "POST", headers: { Cookie: cookie } });
    expect(logout.status).toBe(302);
    const after = await dashboardStatus(A, cookie);
    expect(after.status).toBe(302);
    expect(after.location).toMatch(/^\/login/);
  });

  it("counts failed sign-ins across A and B together, refusing the 6th with 429", async () => {
    const client = "203.0.113.77";
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const response = await signIn(attempt % 2 === 0 ? A : B, "wrong-password", client);
      statuses.push(response.status);
      if (response.status === 429) expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    // The right password from that address is refused too until the window passes, on either instance.
    expect((await signIn(A, admin.password, client)).status).toBe(429);
    // Another address is not affected.
    expect((await signIn(B, admin.password, "203.0.113.78")).status).toBe(302);
  });

  it("counts wrong two-factor codes sent at once to A and B together: exactly 5 checked, the rest 429", async () => {
    const client = "203.0.113.91";
    const second = { name: "Two Factor", email: "scale-out-2fa@studio.test", password: "scale-out-password-3" };
    const created = await createTestAdmin(second);
    if (!created.ok) throw new Error(created.reason);
    getEnv().TWO_FACTOR_KEY = TWO_FACTOR_KEY;
    const sealed = ports.secrets.seal(base32(randomBytes(20)), `two-factor:${created.value.id}`);
    await AdminModel.updateOne(
      { _id: created.value.id },
      {
        $set: { two_factor: { secret: sealed, enabled_at: new Date(), last_step: null, recovery: {}, pending: null, pending_until: null } },
      },
    );
    const step = await send(A, "/login", { method: "POST", body: new URLSearchParams(second), client });
    expect(step.headers.get("Location")).toBe("/login");
    const cookie = cookieOf(step, "__sign_in_code");
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        send(n % 2 ? A : B, "/login", {
          method: "POST",
          headers: { Cookie: cookie },
          body: new URLSearchParams({ intent: "code", code: "000000" }),
          client,
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort((a, b) => a - b);
    expect(statuses).toEqual([...Array<number>(5).fill(401), ...Array<number>(15).fill(429)]);
  });

  it("refuses on B a captcha token already used on A", async () => {
    const client = "192.0.2.44";
    const page = await (await send(A, "/contact", { client })).text();
    const token = /name="captchaToken" value="([^"]+)"/.exec(page)?.[1];
    expect(token).toBeTruthy();
    // The token starts with its two operands (it is signed, so they cannot be changed).
    const [a, b] = token!.split(".").map(Number) as [number, number];
    const message = (name: string) =>
      new URLSearchParams({
        name,
        email: "visitor@example.com",
        message: "Hello from a load-balanced visitor",
        captchaToken: token!,
        captchaAnswer: String(a + b),
      });

    const first = await send(A, "/contact", { method: "POST", body: message("First"), client });
    expect(first.status).toBe(302);
    const replay = await send(B, "/contact", { method: "POST", body: message("Replay"), client });
    expect(replay.status).toBe(400);
    expect(await replay.text()).toContain(messages.captchaInvalid);
  });

  it("serves from B an image uploaded through A", async () => {
    const cookie = await sessionOn(A);
    const form = formData({ ...caseStudyFormFields("Scale-out study"), image: await imageFile("png", { width: 900, height: 600 }) });
    const upload = await send(A, "/dashboard/case-studies/upload", { method: "POST", body: form, headers: { Cookie: cookie } });
    expect([200, 302]).toContain(upload.status);

    const list = (await (await send(B, "/api/public/case-studies")).json()) as { title: string; image_url: string }[];
    const study = list.find((item) => item.title === "Scale-out study");
    // Both instances answer the one SITE_URL (A's address) for the image.
    expect(study?.image_url).toMatch(new RegExp(`^${A.base}/uploads/[0-9a-f]{32}-1600\\.webp$`));
    const path = new URL(study!.image_url).pathname;
    const [fromA, fromB] = await Promise.all([send(A, path), send(B, path)]);
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get("Content-Type")).toBe("image/webp");
    expect(Buffer.from(await fromB.arrayBuffer()).equals(Buffer.from(await fromA.arrayBuffer()))).toBe(true);
  });

  it("shows on B a settings change saved on A", async () => {
    const cookie = await sessionOn(A);
    const saved = await send(A, "/dashboard/settings", {
      method: "POST",
      headers: { Cookie: cookie },
      body: new URLSearchParams({ whatsappNumber: "12025550199", contactEmail: "hello@scale-out.example" }),
    });
    expect(saved.status).toBe(302);
    const page = await (await send(B, "/contact")).text();
    expect(page).toContain("+1 (202) 555-0199");
    expect(page).toContain("hello@scale-out.example");
  });

  it("a password change on A ends the old session on B", async () => {
    const onB = await sessionOn(B);
    const onA = await sessionOn(A);
    expect(await dashboardStatus(B, onB)).toMatchObject({ status: 200 });
    const me = /\/dashboard\/users\/([0-9a-f]{24})\/edit/.exec(
      await (await send(A, "/dashboard/users", { headers: { Cookie: onA } })).text(),
    );
    expect(me).not.toBeNull();
    admin.password = "a-brand-new-password-2";
    const changed = await send(A, `/dashboard/users/${me![1]}/edit`, {
      method: "POST",
      headers: { Cookie: onA },
      body: new URLSearchParams({ name: admin.name, email: admin.email, password: admin.password }),
    });
    expect(changed.status).toBe(302);
    const after = await dashboardStatus(B, onB);
    expect(after.status).toBe(302);
    expect(after.location).toMatch(/^\/login/);
    expect((await signIn(B)).status).toBe(302);
  });

  it("gives the same page the same ETag on A and B, so a CDN's revalidation works on either", async () => {
    for (const path of ["/", "/case-studies", "/api/public/case-studies"]) {
      const [onA, onB] = await Promise.all([send(A, path), send(B, path)]);
      const etag = onA.headers.get("ETag");
      expect(etag, path).toBeTruthy();
      expect(onB.headers.get("ETag"), path).toBe(etag);
      expect((await send(B, path, { headers: { "If-None-Match": etag! } })).status, path).toBe(304);
    }
  });
});
