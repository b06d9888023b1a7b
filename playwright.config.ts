import { defineConfig, devices } from "@playwright/test";
import { tmpdir } from "node:os";
import path from "node:path";
import { uniqueDatabaseName, withDatabaseName } from "./tests/support/database";

/**
 * End-to-end tests in Debian's Chromium (never a downloaded browser), each test run twice:
 * with JavaScript on and with it off. The server is the real `npm start` path.
 */
const port = Number(process.env.E2E_PORT ?? 3210);
export const e2eAdmin = { email: "e2e-admin@example.com", password: "e2e-password-123" };
/** The test server's session secret: tests sign cookies with it to stand in for a session from hours ago. */
export const e2eSessionSecret = "e2e-secret-e2e-secret-e2e-secret-e2e-secret";

const realMongo = process.env.MONGODB_URI?.trim();
const serverEnv: Record<string, string> = {
  PORT: String(port),
  NO_DOTENV: "1",
  NODE_ENV: "production",
  ADMIN_EMAIL: e2eAdmin.email,
  ADMIN_PASSWORD: e2eAdmin.password,
  // Empty means unset: the server starts and seeds its embedded engine.
  MONGODB_URI: realMongo ? withDatabaseName(realMongo, uniqueDatabaseName("e2e")) : "",
  SESSION_SECRET: e2eSessionSecret,
  SITE_URL: `http://localhost:${port}`,
  // As behind one proxy: the tests tell visitors apart by the X-Forwarded-For entry it would append.
  TRUST_PROXY: "1",
  // The embedded engine keeps its data: each run starts from scratch (--reset) in its own folders.
  DATA_DIR: path.join(tmpdir(), `studio-e2e-${port}`, "data"),
  UPLOAD_DIR: path.join(tmpdir(), `studio-e2e-${port}`, "uploads"),
  // The webhook spec's receiver listens on 127.0.0.1 over http (docs/security.md#webhooks).
  WEBHOOK_ALLOW_HTTP: "true",
  WEBHOOK_ALLOW_PRIVATE: "true",
};

/** Debian's Chromium, never a downloaded browser; a spec that launches its own adds to these. */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
};

const chromium = { ...devices["Desktop Chrome"], launchOptions: chromiumLaunchOptions };

export default defineConfig({
  testDir: "tests/e2e",
  // Separate results per build folder, so parallel runs do not delete each other's traces.
  outputDir: process.env.BUILD_DIR ? `test-results/${process.env.BUILD_DIR}` : "test-results/main",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  reporter: "list",
  timeout: 30_000,
  // Recording a trace costs every test, passing or not: the 25 tests of home and case-studies took 131–140 s with
  // traces kept on failure, 84 s without (docs/decisions/0030-end-to-end-run-time.md). A failure keeps a screenshot;
  // E2E_TRACE=retain-on-failure records traces when a failure needs one.
  use: {
    baseURL: `http://localhost:${port}`,
    trace: (process.env.E2E_TRACE as "retain-on-failure" | undefined) ?? "off",
    screenshot: "only-on-failure",
  },
  // name.spec.ts runs with JavaScript on and off; name.js.spec.ts only on; name.nojs.spec.ts only off.
  // The dashboard's tests change shared data (case studies, settings), so they run after the public ones.
  projects: [
    { name: "js", testIgnore: [/\.nojs\.spec\.ts$/, /dashboard\//], use: { ...chromium, javaScriptEnabled: true } },
    { name: "no-js", testIgnore: [/\.js\.spec\.ts$/, /dashboard\//], use: { ...chromium, javaScriptEnabled: false } },
    {
      name: "dashboard-js",
      testMatch: /dashboard\/.*\.spec\.ts$/,
      testIgnore: /\.nojs\.spec\.ts$/,
      dependencies: ["js", "no-js"],
      use: { ...chromium, javaScriptEnabled: true },
    },
    {
      name: "dashboard-no-js",
      testMatch: /dashboard\/.*\.spec\.ts$/,
      testIgnore: /\.js\.spec\.ts$/,
      dependencies: ["js", "no-js"],
      use: { ...chromium, javaScriptEnabled: false },
    },
  ],
  webServer: {
    // On a real MongoDB nothing seeds itself, so the test database is seeded first.
    command: realMongo ? "npm run seed && node scripts/start.mjs" : "node scripts/start.mjs --reset",
    url: `http://localhost:${port}/`,
    env: serverEnv,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
  },
});
