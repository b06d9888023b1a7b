import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { open } from "node:fs/promises";
import { PassThrough, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import mongoose from "mongoose";
import tar from "tar-stream";
import { STORED_NAME } from "~/lib/images";
import {
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  ArchiveError,
  COLLECTION_PREFIX,
  COLLECTION_SUFFIX,
  HEADER_ENTRY,
  IMAGE_PREFIX,
  MANIFEST_ENTRY,
  damaged,
  type EntrySum,
  type Manifest,
  type Progress,
} from "./format.server";

const { EJSON } = mongoose.mongo.BSON;

export type Entry =
  | { kind: "collection"; name: string; body: AsyncIterable<Buffer> }
  | { kind: "image"; name: string; body: AsyncIterable<Buffer> }
  | { kind: "header" | "manifest"; name: string; body: AsyncIterable<Buffer> };

const NOT_OURS = "not a studio archive (no studio-archive.json at its start)";

function classify(path: string): Entry["kind"] | null {
  if (path === HEADER_ENTRY) return "header";
  if (path === MANIFEST_ENTRY) return "manifest";
  if (path.startsWith(COLLECTION_PREFIX) && path.endsWith(COLLECTION_SUFFIX)) return "collection";
  if (path.startsWith(IMAGE_PREFIX) && STORED_NAME.test(path.slice(IMAGE_PREFIX.length))) return "image";
  return null;
}

const entryName = (path: string, kind: Entry["kind"]) =>
  kind === "collection"
    ? path.slice(COLLECTION_PREFIX.length, -COLLECTION_SUFFIX.length)
    : kind === "image"
      ? path.slice(IMAGE_PREFIX.length)
      : path;

async function isGzip(file: string): Promise<boolean> {
  const handle = await open(file, "r").catch((error: NodeJS.ErrnoException) => {
    throw new ArchiveError(error.code === "ENOENT" ? `${file} does not exist` : `${file} cannot be read: ${error.message}`);
  });
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(2), 0, 2, 0);
    return bytesRead === 2 && buffer[0] === 0x1f && buffer[1] === 0x8b;
  } finally {
    await handle.close();
  }
}

/** Calls `visit` for each entry in order; `visit` must consume the body. A broken file becomes an ArchiveError saying how. */
export async function readEntries(file: string, visit: (entry: Entry) => Promise<void>): Promise<void> {
  const gz = await isGzip(file);
  const extract = tar.extract();
  const source: Readable = gz ? createReadStream(file).pipe(createGunzip()) : createReadStream(file);
  const feeding = pipeline(source, new PassThrough(), extract as unknown as NodeJS.WritableStream);
  feeding.catch(() => undefined);
  let seen = 0;
  try {
    for await (const stream of extract) {
      const path = stream.header.name;
      const kind = classify(path);
      if (seen === 0 && kind !== "header") throw new ArchiveError(NOT_OURS);
      if (!kind) throw damaged(`it holds an unexpected entry ${path}`);
      seen++;
      await visit({ kind, name: entryName(path, kind), body: stream as AsyncIterable<Buffer> } as Entry);
    }
    await feeding;
  } catch (error) {
    if (error instanceof ArchiveError) throw error;
    const message = (error as Error).message;
    if (seen === 0) throw new ArchiveError(NOT_OURS);
    if (/unexpected end|end of file|premature/i.test(message)) throw damaged("it ends early (the file is truncated)");
    throw damaged(message);
  }
}

async function* lines(body: AsyncIterable<Buffer>): AsyncGenerator<string> {
  let rest = "";
  for await (const chunk of body) {
    const parts = (rest + chunk.toString("utf8")).split("\n");
    rest = parts.pop()!;
    yield* parts;
  }
  if (rest) yield rest;
}

/** A collection entry's documents, one per line. */
export async function* documents(body: AsyncIterable<Buffer>): AsyncGenerator<mongoose.mongo.Document> {
  for await (const line of lines(body)) yield EJSON.parse(line, { relaxed: false }) as mongoose.mongo.Document;
}

async function sum(body: AsyncIterable<Buffer>, onLine?: (line: string) => void): Promise<EntrySum & { count: number }> {
  const hash = createHash("sha256");
  let bytes = 0;
  let count = 0;
  let rest = "";
  for await (const chunk of body) {
    hash.update(chunk);
    bytes += chunk.byteLength;
    if (!onLine) continue;
    const parts = (rest + chunk.toString("utf8")).split("\n");
    rest = parts.pop()!;
    for (const line of parts) {
      count++;
      onLine(line);
    }
  }
  if (rest && onLine) {
    count++;
    onLine(rest);
  }
  return { bytes, count, sha256: hash.digest("hex") };
}

async function readJson(body: AsyncIterable<Buffer>, what: string): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk);
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>;
  } catch {
    throw damaged(`its ${what} is not valid JSON`);
  }
}

function checkVersion(header: Record<string, unknown>): void {
  if (header.format !== ARCHIVE_FORMAT) throw new ArchiveError(NOT_OURS);
  if (header.version !== ARCHIVE_VERSION) {
    throw new ArchiveError(
      `the archive is in format version ${String(header.version)}; this version of the studio reads version ${ARCHIVE_VERSION}`,
    );
  }
}

/** Reads the whole archive without touching anything: every checksum, count and document is checked against the manifest. */
export async function verifyArchive(file: string, onProgress?: (progress: Progress) => void): Promise<Manifest> {
  const collections = new Map<string, EntrySum & { count: number; unreadable?: number }>();
  const images = new Map<string, EntrySum>();
  let manifest: Manifest | undefined;
  await readEntries(file, async (entry) => {
    if (manifest) throw damaged(`it has an entry after its manifest (${entry.name})`);
    if (entry.kind === "header") return checkVersion(await readJson(entry.body, "header"));
    if (entry.kind === "manifest") {
      const read = await readJson(entry.body, "manifest");
      checkVersion(read);
      manifest = read as Manifest;
      return;
    }
    if (entry.kind === "collection") {
      let unreadable: number | undefined;
      let line = 0;
      const found = await sum(entry.body, (text) => {
        line++;
        if (unreadable) return;
        try {
          EJSON.parse(text, { relaxed: false });
        } catch {
          unreadable = line;
        }
      });
      collections.set(entry.name, { ...found, unreadable });
    } else {
      const { bytes, sha256 } = await sum(entry.body);
      images.set(entry.name, { bytes, sha256 });
    }
    onProgress?.({ phase: "verify", done: collections.size + images.size, total: 0 });
  });
  if (!manifest) throw damaged("it has no manifest (the file is truncated or was not written whole)");
  const listed = manifest;
  if (typeof listed.collections !== "object" || typeof listed.images !== "object" || !listed.collections || !listed.images) {
    throw damaged("its manifest lists no collections or images");
  }
  for (const [name, expected] of Object.entries(listed.collections)) {
    const found = collections.get(name);
    if (!found) throw damaged(`collection ${name} is missing`);
    if (found.sha256 !== expected.sha256 || found.bytes !== expected.bytes)
      throw damaged(`the checksum of collection ${name} does not match`);
    if (found.count !== expected.count)
      throw damaged(`collection ${name} holds ${found.count} documents where the manifest says ${expected.count}`);
    if (found.unreadable) throw damaged(`collection ${name}, line ${found.unreadable}, is not MongoDB Extended JSON`);
  }
  for (const name of collections.keys()) if (!listed.collections[name]) throw damaged(`collection ${name} is not in the manifest`);
  for (const [name, expected] of Object.entries(listed.images)) {
    const found = images.get(name);
    if (!found) throw damaged(`image ${name} is missing`);
    if (found.sha256 !== expected.sha256 || found.bytes !== expected.bytes) throw damaged(`the checksum of image ${name} does not match`);
  }
  for (const name of images.keys()) if (!listed.images[name]) throw damaged(`image ${name} is not in the manifest`);
  // An archive from before live state was left out holds it all.
  return { ...listed, left_out: listed.left_out ?? {} };
}
