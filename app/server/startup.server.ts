import { remember } from "@epic-web/remember";
import { giveMissingSlugs } from "~/domain/case-studies.server";
import { messages } from "~/domain/messages";
import { ensureOwner } from "~/domain/roles.server";
import { seedDemoContent } from "~/domain/seed.server";
import { ArchiveError } from "./archive/format.server";
import { dataDir, keepSnapshotCurrent, loadSnapshot, saveSnapshot, snapshotPath, takeDataDir } from "./data-dir.server";
import { afterFirstConnect, beforeShutdown, connectDb, isEmbedded } from "./db.server";
import { EMBEDDED_COLLECTION_WARNING, embeddedLargeCollections } from "./embedded-size.server";
import { getEnv } from "./env.server";
import { imageStore } from "./uploads.server";
import { removeOrphanImages } from "./orphan-images.server";
import { passwords } from "./passwords.server";
import { startMailOutbox } from "./mail-outbox.server";
import { startWebhookDeliveries } from "./webhook-delivery.server";
import { startScheduler } from "./scheduler.server";
import { startSweeper } from "./sweeper.server";
import { refuseToRunWithoutTwoFactorKey } from "./two-factor-key.server";

/** Resolves once the database is connected and ready (or known unreachable): the server listens only then. */
export function startServer(): Promise<void> {
  // Once per process, whatever the dev server reloads.
  return remember("server-started", () => start());
}

async function start(): Promise<void> {
  const env = getEnv();
  if (env.SESSION_SECRET_GENERATED) {
    console.log("SESSION_SECRET is not set: using a random secret for this run, so sessions end when the server restarts.");
  }
  // A warning, not a refusal: `npm start` runs in production and must serve the demo on localhost as it is.
  if (env.NODE_ENV === "production" && !env.SITE_URL_SET) {
    console.log(
      `SITE_URL is not set: it is needed in production. Emails and the sitemap link to ${env.SITE_URL}, cookies are not Secure, ` +
        "and the public JSON API is not cached by a CDN (its image addresses name each request's host). Set it to the site's public address.",
    );
  }
  if (env.NODE_ENV === "production" && isEmbedded()) console.log(messages.embeddedInProduction(EMBEDDED_COLLECTION_WARNING));
  if (isEmbedded()) {
    try {
      takeDataDir();
    } catch (error) {
      console.error((error as Error).message);
      process.exit(1);
    }
  }
  afterFirstConnect(async () => {
    if (isEmbedded()) await openEmbeddedData();
    await refuseToRunWithoutTwoFactorKey();
    await nameCaseStudies();
    // A site made before roles gets its Owner here, once, whichever instance comes first (docs/security.md#roles).
    await ensureOwner().catch((error: Error) => console.error(`Naming the site's Owner failed: ${error.message}`));
  });
  startSweeper();
  startMailOutbox();
  startWebhookDeliveries();
  startScheduler();
  await connectDb().catch((error: Error) => console.error(`Database not reachable yet (pages answer 503 until it is): ${error.message}`));
}

/** Entries stored before addresses had slugs (or imported from such an export) get theirs; until then they answer at their ids. */
async function nameCaseStudies(): Promise<void> {
  try {
    const given = await giveMissingSlugs();
    if (given) console.log(`Gave ${given} ${given === 1 ? "case study its web address" : "case studies their web addresses"}.`);
  } catch (error) {
    console.error(
      `Case studies could not be given web addresses (they answer at their ids until the next start): ${(error as Error).message}`,
    );
  }
}

async function openEmbeddedData(): Promise<void> {
  const env = getEnv();
  let loaded: boolean;
  try {
    loaded = await loadSnapshot();
  } catch (error) {
    const reason = error instanceof ArchiveError ? error.message : String(error);
    console.error(`${snapshotPath()} could not be loaded: ${reason}. It was left as it is; npm run reset starts from scratch.`);
    process.exit(1);
  }
  if (!loaded) {
    const report = await seedDemoContent({ adminEmail: env.ADMIN_EMAIL, adminPassword: env.ADMIN_PASSWORD }, passwords);
    console.log(`First start: demo content added (${report.caseStudiesAdded} case studies).`);
    if (report.admin.password) {
      console.log(`Admin sign-in at ${env.SITE_URL}/login: email ${report.admin.email}, password ${report.admin.password}`);
    }
  }
  const orphans = await removeOrphanImages(imageStore());
  if (orphans) console.log(`Removed ${orphans} stored image files nothing uses.`);
  if (!loaded) await saveSnapshot();
  const writer = keepSnapshotCurrent();
  beforeShutdown(writer.stop);
  console.log(
    `Data ${loaded ? "loaded from" : "kept in"} ${dataDir()} (saved within seconds of each change and at stop; a crash loses at most those seconds). ` +
      "This is a single-machine store: to move to MongoDB, npm run export -- studio.tar.gz, set MONGODB_URI, npm run import -- studio.tar.gz.",
  );
  const large = await embeddedLargeCollections();
  if (large.length) console.log(messages.embeddedStoreLarge(large));
}
