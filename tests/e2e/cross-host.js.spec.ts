import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createServer, type Server } from "node:http";
import { chromium, expect, test, type Browser } from "@playwright/test";
import { chromiumLaunchOptions } from "../../playwright.config";
import { freePort, root, run, type Running } from "../support/processes";

/**
 * The original client as it runs: a page on app.studio.test calling the API on api.studio.test with axios's browser
 * build, cookies sent (withCredentials) and the XSRF-TOKEN cookie echoed, on a server started with
 * COOKIE_DOMAIN=studio.test. Its own server and its own Chromium, which maps *.studio.test to this machine.
 */

const admin = { email: "cross-host@studio.test", password: "cross-host-password-1" };
const axiosBuild = readFileSync(`${root}/node_modules/axios/dist/axios.min.js`);

// One server and one browser for both tests.
test.describe.configure({ mode: "serial" });

let api: Running;
let page: Server;
let browser: Browser;
let apiBase = "";
let appBase = "";
let folder = "";

function servePage(port: number): Promise<Server> {
  const html = `<!doctype html><html lang="en"><head><title>App</title><script src="/axios.min.js"></script></head><body></body></html>`;
  const server = createServer((request, response) => {
    const script = request.url === "/axios.min.js";
    response.writeHead(200, { "Content-Type": script ? "text/javascript" : "text/html; charset=utf-8" });
    response.end(script ? axiosBuild : html);
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}

test.beforeAll(async () => {
  // A server of its own starts first: on a busy machine that takes longer than a test.
  test.setTimeout(120_000);
  const [apiPort, appPort] = [await freePort(), await freePort()];
  folder = mkdtempSync(path.join(tmpdir(), "studio-cross-host-"));
  apiBase = `http://api.studio.test:${apiPort}`;
  appBase = `http://app.studio.test:${appPort}`;
  api = run(process.execPath, ["scripts/start.mjs"], {
    NODE_ENV: "production",
    PORT: String(apiPort),
    SITE_URL: apiBase,
    CORS_ORIGINS: appBase,
    COOKIE_DOMAIN: "studio.test",
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    // A first start of its own: never the developer's data or images.
    DATA_DIR: path.join(folder, "data"),
    UPLOAD_DIR: path.join(folder, "uploads"),
  });
  await api.waitFor(/\[remix-serve\] http/);
  page = await servePage(appPort);
  browser = await chromium.launch({
    ...chromiumLaunchOptions,
    args: ["--host-resolver-rules=MAP *.studio.test 127.0.0.1", ...chromiumLaunchOptions.args],
  });
});

test.afterAll(async () => {
  await browser?.close();
  page?.close();
  if (api && api.child.exitCode === null) api.child.kill("SIGTERM");
  await api?.exited;
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** Runs in the app's page: the calls the original client makes, each answered status in order. */
async function clientCalls({ apiBase, cookies }: { apiBase: string; cookies: boolean }): Promise<number[]> {
  const axios = (window as unknown as { axios: typeof import("axios").default }).axios;
  const client = axios.create({ baseURL: apiBase, withCredentials: true, withXSRFToken: true, validateStatus: () => true });
  const image = await new Promise<Blob>((resolve) => {
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 8;
    canvas.toBlob((blob) => resolve(blob!), "image/png");
  });
  const study = (title: string) => {
    const form = new FormData();
    const fields: Record<string, string> = {
      title,
      client: "Cross Host",
      industry: "Retail",
      project_insight: "Created from a page on another host of the same site.",
      "technologies[0]": "React",
      "outcomes[0][label]": "Speed",
      "outcomes[0][value]": "+20%",
      "outcomes[1][label]": "Sales",
      "outcomes[1][value]": "+10%",
      "outcomes[2][label]": "Users",
      "outcomes[2][value]": "5k",
      website_url: "https://cross-host.example",
    };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append("image", image, "cover.png");
    return form;
  };
  const statuses: number[] = [];
  await client.get("/sanctum/csrf-cookie");
  if (cookies) {
    statuses.push((await client.post("/api/case-studies", study("Cookie session study"))).status);
    statuses.push((await client.post("/api/logout")).status);
    statuses.push((await client.post("/api/case-studies", study("After logout"))).status);
    return statuses;
  }
  const login = await client.post("/api/login", { email: "cross-host@studio.test", password: "cross-host-password-1" });
  statuses.push(login.status);
  const bearer = { headers: { Authorization: `Bearer ${(login.data as { token: string }).token}` } };
  statuses.push((await client.post("/api/case-studies", study("Bearer study"), bearer)).status);
  statuses.push((await client.post("/api/logout", null, bearer)).status);
  statuses.push((await client.post("/api/case-studies", study("After token logout"), bearer)).status);
  return statuses;
}

test("a page on another host of the site writes with the cookie session and the XSRF cookie, and logs out", async () => {
  const context = await browser.newContext();
  // Signed in to the dashboard on the API's host, as the admin using both would be.
  const dashboard = await context.newPage();
  await dashboard.goto(`${apiBase}/login`);
  const signIn = await dashboard.evaluate(
    async (fields) => (await fetch("/login", { method: "POST", body: new URLSearchParams(fields), redirect: "manual" })).type,
    admin,
  );
  expect(signIn).toBe("opaqueredirect");
  expect((await context.cookies(apiBase)).find((cookie) => cookie.name === "__session")?.domain).toBe(".studio.test");
  const app = await context.newPage();
  await app.goto(appBase);
  expect(await app.evaluate(clientCalls, { apiBase, cookies: true })).toEqual([201, 200, 401]);
  const cookies = await context.cookies(apiBase);
  expect(cookies.find((cookie) => cookie.name === "XSRF-TOKEN")?.domain).toBe(".studio.test");
  expect(cookies.find((cookie) => cookie.name === "__session")).toBeUndefined();
  await context.close();
});

test("the same page with a bearer token", async () => {
  const context = await browser.newContext();
  const app = await context.newPage();
  await app.goto(appBase);
  expect(await app.evaluate(clientCalls, { apiBase, cookies: false })).toEqual([200, 201, 200, 401]);
  await context.close();
});
