import { createHash, randomBytes } from "node:crypto";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import mongoose from "mongoose";
import type { ImageStore } from "../uploads.server";
import { ArchiveError, MODELS, collectionNames, documentCount, isLiveState, type Manifest, type Progress } from "./format.server";
import { documents, readEntries, verifyArchive } from "./read.server";
import { writeArchive } from "./write.server";

const BATCH = 500;

export type ImportOptions = {
  db: mongoose.mongo.Db;
  store: ImageStore;
  replace?: boolean;
  /** Also load the live state an archive holds (the DATA_DIR snapshot); otherwise an older archive's is skipped. */
  live?: boolean;
  onProgress?: (progress: Progress) => void;
};

type Loaded = { collections: Set<string>; images: string[] };

async function sameImage(store: ImageStore, name: string, sha256: string): Promise<boolean> {
  const image = await store.open(name);
  if (!image) return false;
  const hash = createHash("sha256");
  for await (const chunk of Readable.fromWeb(image.body() as WebReadableStream<Uint8Array>)) hash.update(chunk as Buffer);
  return hash.digest("hex") === sha256;
}

/** Loads a verified archive; `loaded` records what was written so a failure can be undone. */
async function load(file: string, manifest: Manifest, { db, store, live, onProgress }: ImportOptions, loaded: Loaded): Promise<void> {
  const total = loadedCollections(manifest, live).length + (manifest.images_included ? Object.keys(manifest.images).length : 0);
  let done = 0;
  await readEntries(file, async (entry) => {
    if (entry.kind === "collection" && (live || !isLiveState(entry.name))) {
      loaded.collections.add(entry.name);
      let batch: mongoose.mongo.Document[] = [];
      for await (const doc of documents(entry.body)) {
        batch.push(doc);
        if (batch.length === BATCH) {
          await db.collection(entry.name).insertMany(batch, { ordered: true });
          batch = [];
        }
      }
      if (batch.length) await db.collection(entry.name).insertMany(batch, { ordered: true });
    } else if (entry.kind === "image" && manifest.images_included) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry.body) chunks.push(chunk);
      if (!(await sameImage(store, entry.name, manifest.images[entry.name]!.sha256))) {
        await store.remove([entry.name]);
        loaded.images.push(entry.name);
        await store.save(entry.name, Buffer.concat(chunks));
      }
    } else {
      for await (const _chunk of entry.body) void _chunk;
      return;
    }
    onProgress?.({ phase: "load", done: ++done, total });
  });
}

const loadedCollections = (manifest: Manifest, live = false) =>
  Object.keys(manifest.collections).filter((name) => live || !isLiveState(name));

async function clear(db: mongoose.mongo.Db, names: Iterable<string>): Promise<void> {
  for (const name of names) await db.collection(name).deleteMany({});
}

export type ImportReport = { manifest: Manifest; documents: number; images: number; replaced: number };

/**
 * Verifies the whole archive before touching anything, then loads it. All or nothing: a failed load removes what it
 * wrote and, with `replace`, loads back the previous content from a backup archive taken just before.
 */
export async function importArchive(file: string, options: ImportOptions): Promise<ImportReport> {
  const { db, store, replace = false, live = false } = options;
  const manifest = await verifyArchive(file, options.onProgress);
  const names = new Set([...(await collectionNames(db)), ...Object.keys(manifest.collections)]);
  // Live state does not make a database "not empty": a server that answered a sign-in has some, and the import clears it.
  const present = await documentCount(
    db,
    [...names].filter((name) => live || !isLiveState(name)),
  );
  if (present > 0 && !replace)
    throw new ArchiveError(`the database is not empty (${present} documents): add --replace to replace its content`);

  const imagesBefore = await store.list();
  const backup = present > 0 ? path.join(tmpdir(), `studio-before-import-${Date.now()}-${randomBytes(3).toString("hex")}.tar.gz`) : null;
  // Whole, live state included, so that a failed import gives back exactly what was there.
  if (backup) await writeArchive(backup, { db, store, images: false, live: true });
  const loaded: Loaded = { collections: new Set(), images: [] };
  let keepBackup = false;
  try {
    await clear(db, names);
    await load(file, manifest, options, loaded);
  } catch (error) {
    const reason = (error as Error).message;
    try {
      await clear(db, new Set([...names, ...loaded.collections]));
      await store.remove(loaded.images);
      if (backup)
        await load(
          backup,
          await verifyArchive(backup),
          { ...options, live: true, onProgress: undefined },
          { collections: new Set(), images: [] },
        );
    } catch (restoreError) {
      keepBackup = true;
      throw new ArchiveError(
        `the import failed (${reason}) and the previous content could not be loaded back (${(restoreError as Error).message}): it is saved in ${backup}; load it with npm run import -- ${backup} --replace`,
      );
    }
    throw new ArchiveError(`the import failed (${reason}); nothing was changed`);
  } finally {
    if (backup && !keepBackup) await rm(backup, { force: true });
  }
  if (manifest.images_included && replace) await store.remove(imagesBefore.filter((name) => !manifest.images[name]));
  await Promise.all(MODELS.map((model) => model.createIndexes()));
  const documentsLoaded = loadedCollections(manifest, live).reduce((sum, name) => sum + manifest.collections[name]!.count, 0);
  return { manifest, documents: documentsLoaded, images: Object.keys(manifest.images).length, replaced: present };
}
