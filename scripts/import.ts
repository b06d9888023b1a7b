// `npm run import -- FILE [--replace]`: checks the whole archive, then loads it, all or nothing.
import path from "node:path";
import { parseArgs } from "node:util";
import { runScript } from "./cli";
import { openData, progressLine } from "./data";

const USAGE = "Usage: npm run import -- studio.tar.gz [--replace]";

runScript(async () => {
  let parsed: { values: { replace?: boolean }; positionals: string[] };
  try {
    parsed = parseArgs({ options: { replace: { type: "boolean" } }, allowPositionals: true, strict: true });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 1;
  }
  const [file, ...rest] = parsed.positionals;
  if (!file || rest.length) {
    console.error(USAGE);
    return 1;
  }
  const started = Date.now();
  const { ArchiveError } = await import("~/server/archive/format.server");
  try {
    const data = await openData({ writes: true });
    const mongoose = (await import("mongoose")).default;
    const { importArchive } = await import("~/server/archive/import.server");
    const { imageStore } = await import("~/server/uploads.server");
    const progress = progressLine();
    const report = await importArchive(file, {
      db: mongoose.connection.db!,
      store: imageStore(),
      replace: parsed.values.replace,
      onProgress: progress.update,
    }).finally(progress.clear);
    const { recordEvent, serverOrigin } = await import("~/domain/audit-log.server");
    await recordEvent(serverOrigin("command line"), "data.imported", {
      details: { file: path.basename(file), documents: report.documents, images: report.images, replaced: report.replaced },
    });
    await data.save();
    console.log(
      `Imported ${file} into ${data.described}: ${report.documents} documents, ${report.images} images` +
        `${report.replaced ? ` (replacing ${report.replaced} documents)` : ""} in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
    console.log("Live state starts afresh: every admin signs in again, the limits and the mail outbox are empty.");
    return 0;
  } catch (error) {
    if (!(error instanceof ArchiveError)) throw error;
    console.error(`Nothing was imported: ${error.message}`);
    return 1;
  }
});
