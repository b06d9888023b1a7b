// The database a data script works on: MONGODB_URI's, or the embedded engine loaded from DATA_DIR's snapshot.
import type { Progress } from "~/server/archive/format.server";

export type Data = { described: string; embedded: boolean; save: () => Promise<void> };

/** `writes`: the script changes the embedded data, so it takes DATA_DIR (refused while a server holds it) and saves it at the end. */
export async function openData({ writes }: { writes: boolean }): Promise<Data> {
  const { getEnv } = await import("~/server/env.server");
  const { connectDb } = await import("~/server/db.server");
  if (getEnv().MONGODB_URI) {
    await connectDb();
    const { describeDatabase } = await import("~/server/db.server");
    return { described: describeDatabase(), embedded: false, save: async () => undefined };
  }
  const { dataDir, loadSnapshot, saveSnapshot, takeDataDir } = await import("~/server/data-dir.server");
  if (writes) takeDataDir();
  await connectDb();
  const loaded = await loadSnapshot();
  return {
    described: `the embedded data in ${dataDir()}${loaded || writes ? "" : " (empty: the server has not run yet)"}`,
    embedded: true,
    save: writes ? saveSnapshot : async () => undefined,
  };
}

/** A line rewritten in place on a terminal; nothing elsewhere (the final summary says it all). */
export function progressLine(): { update: (progress: Progress) => void; clear: () => void } {
  const tty = process.stdout.isTTY;
  let shown = false;
  return {
    update({ phase, done, total }) {
      if (!tty) return;
      shown = true;
      process.stdout.write(
        `\r${phase === "verify" ? "Checking" : phase === "export" ? "Writing" : "Loading"} ${done}${total ? `/${total}` : ""} entries…\u001b[K`,
      );
    },
    clear() {
      if (shown) process.stdout.write("\r\u001b[K");
    },
  };
}
