import { createHash, randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, mkdtemp, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { createGzip } from "node:zlib";
import mongoose from "mongoose";
import tar from "tar-stream";
import type { ImageStore } from "../uploads.server";
import {
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  COLLECTION_PREFIX,
  COLLECTION_SUFFIX,
  HEADER_ENTRY,
  IMAGE_PREFIX,
  MANIFEST_ENTRY,
  LIVE_STATE,
  collectionNames,
  isLiveState,
  type Manifest,
  type Progress,
} from "./format.server";

const { EJSON } = mongoose.mongo.BSON;

export type WriteOptions = {
  db: mongoose.mongo.Db;
  store: ImageStore;
  images?: boolean;
  /** Also the live state (the DATA_DIR snapshot and an import's own backup), which an export leaves out. */
  live?: boolean;
  onProgress?: (progress: Progress) => void;
};

/** `.gz` and `.tgz` names are gzipped; reading tells by the first bytes, whatever the name. */
const gzipped = (file: string) => /\.(t?gz)$/i.test(file);

async function write(stream: Writable, chunk: Buffer | string): Promise<void> {
  if (!stream.write(chunk)) await new Promise((resolve) => stream.once("drain", resolve));
}

/** Writes the archive to a temporary file beside `file`, then renames it: `file` is always whole or absent. */
export async function writeArchive(file: string, { db, store, images = true, live = false, onProgress }: WriteOptions): Promise<Manifest> {
  const target = path.resolve(file);
  await mkdir(path.dirname(target), { recursive: true });
  const spool = await mkdtemp(path.join(path.dirname(target), ".archive-"));
  const temporary = `${target}.${randomBytes(4).toString("hex")}.tmp`;
  const pack = tar.pack();
  try {
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      version: ARCHIVE_VERSION,
      created_at: new Date().toISOString(),
      collections: {},
      images_included: images,
      images: {},
      left_out: live ? {} : LIVE_STATE,
    };
    const collections = (await collectionNames(db)).filter((name) => live || !isLiveState(name));
    const imageNames = images ? await store.list() : [];
    const total = collections.length + imageNames.length;
    let done = 0;
    // A tar header states each entry's size, so a collection is spooled to disk first, never held in memory.
    for (const name of collections) {
      const spooled = path.join(spool, `${collections.indexOf(name)}.ejson`);
      const out = createWriteStream(spooled);
      const hash = createHash("sha256");
      let count = 0;
      for await (const doc of db.collection(name).find({}).sort({ _id: 1 })) {
        const line = `${EJSON.stringify(doc, { relaxed: false })}\n`;
        hash.update(line);
        count++;
        await write(out, line);
      }
      await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
      manifest.collections[name] = { count, bytes: (await stat(spooled)).size, sha256: hash.digest("hex") };
    }

    const output = createWriteStream(temporary, { mode: 0o600 });
    const written = gzipped(target) ? pipeline(pack, createGzip(), output) : pipeline(pack, output);
    written.catch(() => undefined);
    const entry = async (
      name: string,
      size: number,
      body: AsyncIterable<Buffer | Uint8Array> | Iterable<Buffer>,
      hash?: ReturnType<typeof createHash>,
    ) => {
      const sink = pack.entry({ name, size, mtime: new Date(manifest.created_at) }) as unknown as Writable;
      const ended = new Promise<void>((resolve, reject) => {
        sink.once("finish", resolve);
        sink.once("error", reject);
      });
      let bytes = 0;
      for await (const chunk of body) {
        hash?.update(chunk);
        bytes += chunk.byteLength;
        await write(sink, Buffer.from(chunk));
      }
      if (bytes !== size) throw new Error(`${name} changed while it was being archived`);
      sink.end();
      await ended;
    };
    const json = (name: string, value: unknown) => {
      const data = Buffer.from(`${JSON.stringify(value, null, 2)}\n`);
      return entry(name, data.byteLength, [data]);
    };

    await json(HEADER_ENTRY, { format: ARCHIVE_FORMAT, version: ARCHIVE_VERSION });
    for (const name of collections) {
      await entry(
        `${COLLECTION_PREFIX}${name}${COLLECTION_SUFFIX}`,
        manifest.collections[name]!.bytes,
        createReadStream(path.join(spool, `${collections.indexOf(name)}.ejson`)),
      );
      onProgress?.({ phase: "export", done: ++done, total });
    }
    for (const name of imageNames) {
      const image = await store.open(name);
      if (!image) continue;
      const hash = createHash("sha256");
      await entry(`${IMAGE_PREFIX}${name}`, image.size, Readable.fromWeb(image.body() as WebReadableStream<Uint8Array>), hash);
      manifest.images[name] = { bytes: image.size, sha256: hash.digest("hex") };
      onProgress?.({ phase: "export", done: ++done, total });
    }
    await json(MANIFEST_ENTRY, manifest);
    pack.finalize();
    await written;
    await rename(temporary, target);
    return manifest;
  } catch (error) {
    pack.destroy();
    await rm(temporary, { force: true });
    throw error;
  } finally {
    await rm(spool, { recursive: true, force: true });
  }
}
