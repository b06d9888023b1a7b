import { existsSync, readFileSync, unlinkSync, writeFileSync, mkdirSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import mongoose from "mongoose";
import { ArchiveError } from "./archive/format.server";
import { importArchive } from "./archive/import.server";
import { writeArchive } from "./archive/write.server";
import { getEnv, SESSION_SECRET_FILE } from "./env.server";
import { imageStore } from "./uploads.server";
import { TWO_FACTOR_KEY_FILE } from "./two-factor-key.server";

const SNAPSHOT_FILE = "snapshot.tar.gz";
const LOCK_FILE = "server.lock";
/** A change reaches the snapshot this long after it at the latest, plus one write's time. */
const SNAPSHOT_DELAY_MS = 3_000;
const WRITE_COMMANDS = new Set(["insert", "update", "delete", "findAndModify"]);

export const dataDir = () => path.resolve(getEnv().DATA_DIR);
export const snapshotPath = () => path.join(dataDir(), SNAPSHOT_FILE);
const lockPath = () => path.join(dataDir(), LOCK_FILE);

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The pid of another live process that holds DATA_DIR, if any (a lock left by a dead one is ignored). */
function lockHolder(): number | null {
  try {
    const { pid } = JSON.parse(readFileSync(lockPath(), "utf8")) as { pid: number };
    return pid !== process.pid && isAlive(pid) ? pid : null;
  } catch {
    return null;
  }
}

function busyMessage(pid: number): string {
  return `${dataDir()} is in use by a running server (pid ${pid}): stop it first (Ctrl+C), then run this again`;
}

/** Takes DATA_DIR for this process until it exits; refuses while another live process holds it. */
export function takeDataDir(): void {
  const holder = lockHolder();
  if (holder) throw new ArchiveError(busyMessage(holder));
  mkdirSync(dataDir(), { recursive: true });
  const file = lockPath();
  writeFileSync(file, JSON.stringify({ pid: process.pid }));
  process.once("exit", () => {
    try {
      if ((JSON.parse(readFileSync(file, "utf8")) as { pid: number }).pid === process.pid) unlinkSync(file);
    } catch {
      // already gone
    }
  });
}

// GridFS images live inside the engine, so they travel in the snapshot; disk images stay where they are.
const snapshotCarriesImages = () => getEnv().UPLOAD_STORE === "gridfs";

/** Loads DATA_DIR's snapshot into the (empty) database; false when there is none yet. */
export async function loadSnapshot(): Promise<boolean> {
  if (!existsSync(snapshotPath())) return false;
  await importArchive(snapshotPath(), { db: mongoose.connection.db!, store: imageStore(), live: true });
  return true;
}

export async function saveSnapshot(): Promise<void> {
  await writeArchive(snapshotPath(), { db: mongoose.connection.db!, store: imageStore(), images: snapshotCarriesImages(), live: true });
}

/** Writes the snapshot a few seconds after each change (never two at once) and once more at a graceful stop. */
export function keepSnapshotCurrent(): { stop: () => Promise<void> } {
  let dirty = false;
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> | undefined;
  const flush = () => {
    timer = undefined;
    if (!dirty) return;
    dirty = false;
    writing = saveSnapshot()
      .catch((error: Error) => {
        dirty = true;
        console.error(`Could not write ${snapshotPath()}: ${error.message}`);
      })
      .finally(() => {
        writing = undefined;
        schedule();
      });
  };
  const schedule = () => {
    if (!dirty || timer || writing) return;
    timer = setTimeout(flush, SNAPSHOT_DELAY_MS);
    timer.unref();
  };
  mongoose.connection.getClient().on("commandSucceeded", (event: { commandName: string }) => {
    if (!WRITE_COMMANDS.has(event.commandName)) return;
    dirty = true;
    schedule();
  });
  return {
    async stop() {
      clearTimeout(timer);
      timer = undefined;
      await writing;
      if (dirty) {
        dirty = false;
        await saveSnapshot();
      }
    },
  };
}

/** Removes the embedded data and the stored image files, so the next start is a first start. */
export async function resetDataDir(): Promise<{ images: number }> {
  const holder = lockHolder();
  if (holder) throw new ArchiveError(busyMessage(holder));
  const store = imageStore();
  let images = 0;
  if (store.kind === "disk") {
    const names = await store.list();
    await store.remove(names);
    images = names.length;
  }
  for (const file of [SNAPSHOT_FILE, SESSION_SECRET_FILE, TWO_FACTOR_KEY_FILE, LOCK_FILE])
    await rm(path.join(dataDir(), file), { force: true });
  return { images };
}
