// `npm run export -- FILE`: every collection but the live state, and every stored image, in one archive file (a .gz or
// .tgz name is gzipped).
import path from "node:path";
import { runScript } from "./cli";
import { openData, progressLine } from "./data";

const USAGE = "Usage: npm run export -- studio.tar.gz";

runScript(async () => {
  const [file, ...rest] = process.argv.slice(2);
  if (!file || rest.length || file.startsWith("-")) {
    console.error(USAGE);
    return 1;
  }
  const started = Date.now();
  const data = await openData({ writes: "if-free" });
  const mongoose = (await import("mongoose")).default;
  const { writeArchive } = await import("~/server/archive/write.server");
  const { imageStore } = await import("~/server/uploads.server");
  const { stat } = await import("node:fs/promises");
  const progress = progressLine();
  const manifest = await writeArchive(file, { db: mongoose.connection.db!, store: imageStore(), onProgress: progress.update });
  progress.clear();
  const documents = Object.values(manifest.collections).reduce((sum, entry) => sum + entry.count, 0);
  const size = (await stat(file)).size;
  const { recordEvent, serverOrigin } = await import("~/domain/audit-log.server");
  const collections = Object.keys(manifest.collections).length;
  const images = Object.keys(manifest.images).length;
  await recordEvent(serverOrigin("command line"), "data.exported", {
    details: { file: path.basename(file), documents, collections, images, bytes: size },
  });
  await data.save();
  console.log(
    `Exported ${data.described} to ${file}: ${documents} documents in ${collections} collections, ` +
      `${images} images, ${(size / 1024).toFixed(0)} KB in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
  console.log(`Left out (live state, not data): ${Object.keys(manifest.left_out).join(", ")}.`);
  if (!data.kept) console.log("Not in the audit log: this export read a copy of the embedded data (a server holds it, or it never ran).");
  return 0;
});
