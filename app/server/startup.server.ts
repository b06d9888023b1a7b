import { remember } from "@epic-web/remember";
import { seedDemoContent } from "~/domain/seed.server";
import { afterFirstConnect, connectDb, isEmbedded } from "./db.server";
import { getEnv } from "./env.server";
import { passwords } from "./passwords.server";
import { startMailOutbox } from "./mail-outbox.server";
import { startSweeper } from "./sweeper.server";

export function startServer(): void {
  // Once per process, whatever the dev server reloads.
  remember("server-started", () => {
    start();
    return true;
  });
}

function start(): void {
  const env = getEnv();
  if (env.SESSION_SECRET_GENERATED) {
    console.log("SESSION_SECRET is not set: using a random secret for this run, so sessions end when the server restarts.");
  }
  if (isEmbedded()) {
    afterFirstConnect(async () => {
      const report = await seedDemoContent({ adminEmail: env.ADMIN_EMAIL, adminPassword: env.ADMIN_PASSWORD }, passwords);
      console.log(`Demo content: ${report.caseStudiesAdded} case studies added.`);
      if (report.admin.password) {
        console.log(`Admin sign-in at ${env.SITE_URL}/login: email ${report.admin.email}, password ${report.admin.password}`);
      }
    });
  }
  startSweeper();
  startMailOutbox();
  connectDb().catch((error: Error) => console.error(`Database not reachable yet (pages answer 503 until it is): ${error.message}`));
}
