// The database a data script works on: MONGODB_URI's, or the embedded engine loaded from DATA_DIR's snapshot.
import type { Progress } from "~/server/archive/format.server";

/** `kept`: whether what the script writes (its audit log entry included) outlasts it. */
export type Data = { described: string; embedded: boolean; kept: boolean; save: () => Promise<void> };

/**
 * `writes`: the script changes the embedded data, so it takes DATA_DIR (refused while a server holds it) and saves it
 * at the end. "if-free": it only reads, but takes DATA_DIR when no server holds it, so its audit log entry is kept.
 */
export async function openData({ writes }: { writes: boolean | "if-free" }): Promise<Data> {
  const { getEnv } = await import("~/server/env.server");
  const { connectDb } = await import("~/server/db.server");
  if (getEnv().MONGODB_URI) {
    await connectDb();
    const { describeDatabase } = await import("~/server/db.server");
    return { described: describeDatabase(), embedded: false, kept: true, save: async () => undefined };
  }
  const { dataDir, loadSnapshot, saveSnapshot, takeDataDir } = await import("~/server/data-dir.server");
  const taken = writes === true ? (takeDataDir(), true) : writes === "if-free" && tryToTake(takeDataDir);
  await connectDb();
  const loaded = await loadSnapshot();
  // A snapshot saved where the server never ran would make its first start look like a later one.
  const kept = writes === true || (taken && loaded);
  return {
    described: `the embedded data in ${dataDir()}${loaded || writes === true ? "" : " (empty: the server has not run yet)"}`,
    embedded: true,
    kept,
    save: kept ? saveSnapshot : async () => undefined,
  };
}

function tryToTake(take: () => void): boolean {
  try {
    take();
    return true;
  } catch {
    return false;
  }
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
