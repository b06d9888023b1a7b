// `npm run reset` (or `npm start -- --reset`): removes the embedded data and stored images; the next start is a first start.
import { runScript } from "./cli";

runScript(async () => {
  const { getEnv } = await import("~/server/env.server");
  if (getEnv().MONGODB_URI) {
    console.error("MONGODB_URI is set: reset only clears the embedded data in DATA_DIR, and leaves a real MongoDB alone.");
    return 1;
  }
  const { dataDir, resetDataDir } = await import("~/server/data-dir.server");
  const { ArchiveError } = await import("~/server/archive/format.server");
  try {
    const { images } = await resetDataDir();
    console.log(`Reset: removed the data in ${dataDir()} and ${images} stored image files; the next start is a first start.`);
    return 0;
  } catch (error) {
    if (!(error instanceof ArchiveError)) throw error;
    console.error(`Nothing was reset: ${error.message}`);
    return 1;
  }
});
