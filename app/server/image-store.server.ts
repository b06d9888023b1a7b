import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, readdir, rename, stat, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { createReadableStreamFromReadable } from "@remix-run/node";
import mongoose from "mongoose";
import { STORED_NAME } from "~/lib/images";
import { getEnv } from "./env.server";

// Names are random and never reused, so a stored file never changes: its name and size make an honest ETag.
type StoredImage = { size: number; etag: string; body: () => ReadableStream<Uint8Array> };

export type ImageStore = {
  readonly kind: "disk" | "gridfs";
  /** Writes a file whole: readers never see part of it. */
  save(name: string, data: Buffer): Promise<void>;
  open(name: string): Promise<StoredImage | null>;
  /** Deletes files; names that are not there are ignored. */
  remove(names: string[]): Promise<void>;
  list(): Promise<string[]>;
};

export { STORED_NAME };

const etagOf = (name: string, size: number) => `"${name.replace(/\.webp$/, "")}-${size}"`;

function diskStore(dir = path.resolve(getEnv().UPLOAD_DIR)): ImageStore {
  return {
    kind: "disk",
    async save(name, data) {
      await mkdir(dir, { recursive: true });
      const final = path.join(dir, name);
      const temporary = `${final}.${randomBytes(4).toString("hex")}.tmp`;
      try {
        await writeFile(temporary, data);
        await rename(temporary, final);
      } catch (error) {
        await unlink(temporary).catch(() => undefined);
        throw error;
      }
    },
    async open(name) {
      const file = path.join(dir, name);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) return null;
      return { size: info.size, etag: etagOf(name, info.size), body: () => createReadableStreamFromReadable(createReadStream(file)) };
    },
    async remove(names) {
      await Promise.all(names.map((name) => unlink(path.join(dir, name)).catch(() => undefined)));
    },
    async list() {
      const names = await readdir(dir).catch(() => [] as string[]);
      return names.filter((name) => STORED_NAME.test(name)).sort();
    },
  };
}

export const GRIDFS_BUCKET = "uploads";

export function gridFsStore(): ImageStore {
  const bucket = () => new mongoose.mongo.GridFSBucket(mongoose.connection.db!, { bucketName: GRIDFS_BUCKET });
  const files = () => mongoose.connection.collection(`${GRIDFS_BUCKET}.files`);
  return {
    kind: "gridfs",
    async save(name, data) {
      const upload = bucket().openUploadStream(name, { metadata: { contentType: "image/webp" } });
      try {
        await new Promise<void>((resolve, reject) => {
          upload.once("finish", () => resolve());
          upload.once("error", reject);
          upload.end(data);
        });
      } catch (error) {
        // A file GridFS did not finish has chunks but no entry: drop them.
        await bucket()
          .delete(upload.id)
          .catch(() => undefined);
        throw error;
      }
    },
    async open(name) {
      const file = await files().findOne({ filename: name }, { sort: { uploadDate: -1 } });
      if (!file) return null;
      const size = Number(file.length);
      return {
        size,
        etag: etagOf(name, size),
        body: () => createReadableStreamFromReadable(bucket().openDownloadStream(file._id) as unknown as Readable),
      };
    },
    async remove(names) {
      if (names.length === 0) return;
      const found = await files()
        .find({ filename: { $in: names } })
        .toArray();
      await Promise.all(
        found.map((file) =>
          bucket()
            .delete(file._id)
            .catch(() => undefined),
        ),
      );
    },
    async list() {
      const found = await files().find({}).toArray();
      return [...new Set(found.map((file) => String(file.filename)))].filter((name) => STORED_NAME.test(name)).sort();
    },
  };
}

export function imageStore(): ImageStore {
  return getEnv().UPLOAD_STORE === "gridfs" ? gridFsStore() : diskStore();
}
