import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import mongoose from "mongoose";
import { afterAll, inject, vi } from "vitest";
import { uniqueDatabaseName, withDatabaseName } from "./database";
import { BASE_URL } from "./factories";

// bcrypt at cost 12 takes ~280 ms a hash or check, hundreds of times a run: the tests hash at cost 4. The files that
// prove the production cost (passwords.test.ts, admins.test.ts) call vi.unmock("~/domain/constants").
vi.mock("~/domain/constants", async (importOriginal) => ({ ...(await importOriginal<object>()), BCRYPT_COST: 4 }));

// Every test file gets its own database on the run's server, and a known configuration.
process.env.MONGODB_URI = withDatabaseName(inject("mongoUri"), uniqueDatabaseName("test"));
process.env.SESSION_SECRET = "test-secret-test-secret-test-secret-0123";
process.env.SITE_URL = BASE_URL;
// As behind one proxy: tests tell clients apart by the X-Forwarded-For entry that proxy would append.
process.env.TRUST_PROXY = "1";
// Uploads go to a throwaway folder, never into the repository's uploads/.
const uploadDir = mkdtempSync(path.join(tmpdir(), "studio-uploads-"));
process.env.UPLOAD_DIR = uploadDir;
delete process.env.ADMIN_EMAIL;
delete process.env.ADMIN_PASSWORD;
// No test mails anyone: mail is off unless a test file points SMTP_URL at its own in-process server.
delete process.env.SMTP_URL;
delete process.env.MAIL_FROM;

afterAll(async () => {
  rmSync(uploadDir, { recursive: true, force: true });
  if (mongoose.connection.readyState === 1) {
    // A real MongoDB gets its test database back; the embedded engine has no dropDatabase and forgets on exit.
    await mongoose.connection.dropDatabase().catch(() => undefined);
    await mongoose.disconnect();
  }
});
