import mongoose from "mongoose";
import { afterAll, inject } from "vitest";
import { uniqueDatabaseName, withDatabaseName } from "./database";

// Every test file gets its own database on the run's server, and a known configuration.
process.env.MONGODB_URI = withDatabaseName(inject("mongoUri"), uniqueDatabaseName("test"));
process.env.SESSION_SECRET = "test-secret-test-secret-test-secret-0123";
process.env.SITE_URL = "http://localhost:3000";
delete process.env.ADMIN_EMAIL;
delete process.env.ADMIN_PASSWORD;

afterAll(async () => {
  if (mongoose.connection.readyState === 1) {
    // A real MongoDB gets its test database back; the embedded engine has no dropDatabase and forgets on exit.
    await mongoose.connection.dropDatabase().catch(() => undefined);
    await mongoose.disconnect();
  }
});
