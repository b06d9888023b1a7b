// `npm run uploads:migrate`: copies every image of the disk store (UPLOAD_DIR) into MongoDB GridFS on
// MONGODB_URI, so the site can run with UPLOAD_STORE=gridfs on several instances. Idempotent: names already
// in GridFS are skipped; the disk files are never deleted.
import { runScript } from "./cli";

runScript(async () => {
  const { getEnv } = await import("~/server/env.server");
  const env = getEnv();
  if (!env.MONGODB_URI) {
    console.error("MONGODB_URI is not set: name the MongoDB that should receive the images.");
    return 1;
  }
  const path = await import("node:path");
  const { readdir, readFile } = await import("node:fs/promises");
  const { connectDb, describeDatabase } = await import("~/server/db.server");
  const { gridFsStore, isStoredName } = await import("~/server/uploads.server");
  await connectDb();
  const dir = path.resolve(env.UPLOAD_DIR);
  const names = await readdir(dir).catch(() => [] as string[]);
  const target = gridFsStore();
  const present = new Set(await target.list());
  const counts = { copied: 0, present: 0, skipped: 0 };
  for (const name of names.sort()) {
    if (!isStoredName(name)) {
      if (!name.startsWith(".")) counts.skipped++;
      continue;
    }
    if (present.has(name)) {
      counts.present++;
      continue;
    }
    await target.save(name, await readFile(path.join(dir, name)));
    counts.copied++;
  }
  console.log(
    `Copied ${counts.copied} image file(s) from ${dir} into GridFS (bucket "uploads") of ${describeDatabase()}; ` +
      `${counts.present} already there; ${counts.skipped} other file(s) left alone.`,
  );
  return 0;
});
