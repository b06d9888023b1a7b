import { request as httpRequest, Agent } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAdmin } from "../support/admins";
import { messages } from "~/domain/messages";
import { connectDb } from "~/server/db.server";
import { escapeMalformedEscapes } from "~/server/malformed-paths.server";
import { startBuiltServer, type Running, buildIfStale } from "../support/processes";

/** The API as a client on another origin meets it on the built server (remix-serve in front of the app). */

const ORIGIN = "https://app.example";
const admin = { name: "Edge Check", email: "edge-check@studio.test", password: "edge-check-password-1" };

let server: Running;
let base = "";
let token = "";

beforeAll(async () => {
  await connectDb();
  const created = await createTestAdmin(admin);
  if (!created.ok) throw new Error(created.reason);
  await buildIfStale();
  ({ server, base } = await startBuiltServer({
    MONGODB_URI: process.env.MONGODB_URI,
    SESSION_SECRET: process.env.SESSION_SECRET,
    CORS_ORIGINS: ORIGIN,
  }));
  const login = await fetch(`${base}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: admin.email, password: admin.password }),
  });
  expect(login.status).toBe(200);
  token = ((await login.json()) as { token: string }).token;
}, 180_000);

afterAll(async () => {
  if (server && server.child.exitCode === null) server.child.kill("SIGTERM");
  await server?.exited;
});

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string; socket: number };

/**
 * One request through `agent` as node:http sends it: the path goes on the wire exactly as written.
 * With `declared` larger than the body, only the body's bytes are sent and the request is left open, as a client
 * still uploading is when the server answers early.
 */
function send(
  agent: Agent,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string | Buffer,
  declared?: number,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const length = body === undefined ? {} : { "Content-Length": String(declared ?? Buffer.byteLength(body)) };
    const sent = httpRequest(`${base}${path}`, { method, agent, headers: { Origin: ORIGIN, ...length, ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode!,
          headers: response.headers,
          body: Buffer.concat(chunks).toString(),
          socket: sent.socket!.localPort!,
        }),
      );
      response.on("error", reject);
    });
    sent.on("error", reject);
    if (declared !== undefined && body !== undefined) sent.write(body);
    else sent.end(body);
  });
}

const fresh = () => new Agent({ keepAlive: true, maxSockets: 1 });

describe("a malformed percent-escape in an /api path", () => {
  it("is answered in JSON with the CORS headers, 404 for an id or an unknown path", async () => {
    const agent = fresh();
    const bearer = { Authorization: `Bearer ${token}` };
    const calls: [string, string, Record<string, string>, number, string][] = [
      ["GET", "/api/case-studies/%ff", bearer, 404, messages.apiCaseStudyNotFound],
      ["GET", "/api/%ff", {}, 404, messages.apiNotFound],
      ["POST", "/api/login%ff", {}, 404, messages.apiNotFound],
      ["DELETE", "/api/admins/%C0%AF", bearer, 404, messages.adminNotFound],
      ["DELETE", "/api/admins/%C0%AF", {}, 401, messages.apiUnauthenticated],
    ];
    for (const [method, path, headers, status, message] of calls) {
      const answer = await send(agent, method, path, headers);
      expect(answer.status, `${method} ${path}`).toBe(status);
      expect(answer.headers["content-type"], `${method} ${path}`).toBe("application/json; charset=utf-8");
      expect(answer.headers["access-control-allow-origin"], `${method} ${path}`).toBe(ORIGIN);
      expect(JSON.parse(answer.body), `${method} ${path}`).toEqual({ message });
    }
    agent.destroy();
  });

  it("leaves a page's malformed path to the site's own 404 page", async () => {
    const page = await fetch(`${base}/case-studies/%ff`);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain("Case study not found");
  });

  it("is turned into literal text, and only where it does not decode", () => {
    expect(escapeMalformedEscapes("/api/case-studies/%ff")).toBe("/api/case-studies/%25ff");
    expect(escapeMalformedEscapes("/api/admins/%C0%AF")).toBe("/api/admins/%25C0%25AF");
    expect(escapeMalformedEscapes("/a%/b%4")).toBe("/a%25/b%254");
    expect(escapeMalformedEscapes("/caf%C3%A9/%20x?q=%ff")).toBe("/caf%C3%A9/%20x?q=%ff");
    expect(escapeMalformedEscapes("/api/login")).toBe("/api/login");
  });
});

describe("a client on an allowed origin", () => {
  const exposed = (answer: Answer) =>
    String(answer.headers["access-control-expose-headers"] ?? "")
      .split(",")
      .map((name) => name.trim().toLowerCase());

  it("may read the headers the API answers with: ETag, X-Total-Count, Retry-After, Allow", async () => {
    const agent = fresh();
    const list = await send(agent, "GET", "/api/public/case-studies?per_page=1");
    expect(list.status).toBe(200);
    expect(list.headers.etag).toMatch(/^W\/".+"$/);
    expect(list.headers["x-total-count"]).toMatch(/^\d+$/);
    expect(exposed(list)).toEqual(expect.arrayContaining(["etag", "x-total-count", "retry-after", "allow"]));
    // The 304 a browser turns back into its stored 200 is read by the same script.
    const same = await send(agent, "GET", "/api/public/case-studies?per_page=1", { "If-None-Match": String(list.headers.etag) });
    expect(same.status).toBe(304);
    expect(same.headers["access-control-allow-origin"]).toBe(ORIGIN);
    expect(exposed(same)).toContain("etag");
    const refused = await send(agent, "PUT", "/api/public/content");
    expect(refused.status).toBe(405);
    expect(exposed(refused)).toContain("allow");
    agent.destroy();
  });

  it("from another origin is told nothing", async () => {
    const agent = fresh();
    const list = await send(agent, "GET", "/api/public/case-studies?per_page=1", { Origin: "https://elsewhere.example" });
    expect(list.headers["access-control-allow-origin"]).toBeUndefined();
    expect(list.headers["access-control-expose-headers"]).toBeUndefined();
    agent.destroy();
  });
});

describe("an answer given before the body was read", () => {
  const json = { "Content-Type": "application/json" };
  const boundary = "----edge-check";
  const multipart = [
    `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nEdge\r\n`,
    `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
    "y".repeat(200 * 1024),
    `\r\n--${boundary}--\r\n`,
  ].join("");
  const calls: [string, string, Record<string, string>, string, number][] = [
    ["POST", "/api/login", json, JSON.stringify({ email: admin.email, password: "x".repeat(1.1 * 1024 * 1024) }), 413],
    ["POST", "/api/case-studies/zzz", { ...json, Authorization: "" }, JSON.stringify({ title: "x".repeat(300 * 1024) }), 404],
    ["DELETE", "/api/login", json, JSON.stringify({ note: "x".repeat(1024 * 1024) }), 405],
    ["POST", "/api/case-studies", { "Content-Type": `multipart/form-data; boundary=${boundary}` }, multipart, 401],
  ];

  it("leaves the kept-alive connection fit for the client's next request", async () => {
    for (const [method, path, headers, body, status] of calls) {
      const agent = fresh();
      const sent = headers.Authorization === "" ? { ...headers, Authorization: `Bearer ${token}` } : headers;
      const first = await send(agent, method, path, sent, body);
      expect(first.status, `${method} ${path}`).toBe(status);
      expect(first.headers.connection, `${method} ${path}`).toBe("keep-alive");
      const next = await send(agent, "GET", "/api/public/case-studies?per_page=1");
      expect(next.status, `after ${method} ${path}`).toBe(200);
      expect(next.socket, `after ${method} ${path}`).toBe(first.socket);
      agent.destroy();
    }
  });

  it("says Connection: close when the rest is too much to read, and the next request goes out on a new connection", async () => {
    const agent = fresh();
    const first = await send(
      agent,
      "POST",
      "/api/login",
      json,
      JSON.stringify({ email: admin.email, password: "x".repeat(256 * 1024) }),
      20 * 1024 * 1024,
    );
    expect(first.status).toBe(413);
    expect(first.headers.connection).toBe("close");
    const next = await send(agent, "GET", "/api/public/case-studies?per_page=1");
    expect(next.status).toBe(200);
    agent.destroy();
  });
});

describe("a body's Content-Type", () => {
  const credentials = JSON.stringify({ email: admin.email, password: admin.password });

  it("other than JSON, urlencoded or multipart is answered 415 saying what to send", async () => {
    const agent = fresh();
    const bearer = { Authorization: `Bearer ${token}` };
    const calls: [string, Record<string, string>, string][] = [
      ["/api/login", { "Content-Type": "text/plain;charset=UTF-8" }, credentials],
      ["/api/login", {}, credentials],
      [
        "/api/admins",
        { ...bearer, "Content-Type": "text/plain" },
        JSON.stringify({ name: "Plain", email: "plain@studio.test", password: "plain-password" }),
      ],
      ["/api/case-studies", { ...bearer, "Content-Type": "application/octet-stream" }, JSON.stringify({ title: "Plain" })],
    ];
    for (const [path, headers, body] of calls) {
      const answer = await send(agent, "POST", path, headers, body);
      expect(answer.status, `${path} ${headers["Content-Type"] ?? "(no type)"}`).toBe(415);
      expect(answer.headers["access-control-allow-origin"]).toBe(ORIGIN);
      expect(JSON.parse(answer.body)).toEqual({ message: messages.apiUnsupportedMediaType });
    }
    agent.destroy();
  });

  it("keeps JSON, urlencoded and multipart sign-ins working, and an empty body is still a refused submission", async () => {
    const fields = { email: admin.email, password: admin.password };
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    for (const body of [new URLSearchParams(fields), form]) {
      expect((await fetch(`${base}/api/login`, { method: "POST", body })).status).toBe(200);
    }
    expect(
      (
        await fetch(`${base}/api/login`, {
          method: "POST",
          headers: { "Content-Type": "application/json; charset=utf-8" },
          body: credentials,
        })
      ).status,
    ).toBe(200);
    const empty = await send(fresh(), "POST", "/api/login");
    expect(empty.status).toBe(422);
  });
});
