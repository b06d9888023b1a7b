// `npm run seed`: adds the demo admin and case studies to the database MONGODB_URI names.
import { runScript } from "./cli";

runScript(async () => {
  const { getEnv } = await import("~/server/env.server");
  const env = getEnv();
  if (!env.MONGODB_URI) {
    console.error("MONGODB_URI is not set: the embedded database seeds itself when the server starts, so there is nothing to do.");
    return 1;
  }
  const { connectDb, describeDatabase } = await import("~/server/db.server");
  const { seedDemoContent } = await import("~/domain/seed.server");
  const { passwords } = await import("~/server/passwords.server");
  await connectDb();
  const report = await seedDemoContent({ adminEmail: env.ADMIN_EMAIL, adminPassword: env.ADMIN_PASSWORD }, passwords);
  console.log(`Seeded ${describeDatabase()}: ${report.caseStudiesAdded} case studies added.`);
  console.log(
    report.admin.password
      ? `Admin created: email ${report.admin.email}, password ${report.admin.password}`
      : `Admin ${report.admin.email} already exists; its password is unchanged.`,
  );
  return 0;
});
