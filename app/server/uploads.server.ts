import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, readdir, rename, stat, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import {
  createReadableStreamFromReadable,
  MaxPartSizeExceededError,
  unstable_composeUploadHandlers,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
  type UploadHandler,
} from "@remix-run/node";
import mongoose from "mongoose";
import sharp from "sharp";
import { imageRefusalMessage, messages } from "~/domain/messages";
import type { ImageRefusal, ImageStorage } from "~/domain/ports";
import { IMAGE_WIDTHS, STORED_NAME, uploadId, uploadUrl, variantName } from "~/lib/images";
import { getEnv } from "./env.server";

// Uploaded images (docs/behaviour.md#uploads, docs/security.md#uploads): read from a post within the limits, judged by
// their bytes, stored as WebP variants under random names.

export type ImageKind = "jpeg" | "png" | "webp" | "avif" | "gif";

export type UploadRefusal = ImageRefusal | "request-too-large";

export const uploadRefusalStatus: Record<UploadRefusal, 413 | 415 | 422> = {
  "too-large": 413,
  "request-too-large": 413,
  "not-an-image": 415,
  svg: 415,
  damaged: 422,
  "too-many-pixels": 422,
};

export function uploadRefusalMessage(reason: UploadRefusal): string {
  const mb = getEnv().MAX_UPLOAD_MB;
  return reason === "request-too-large" ? messages.uploadRequestTooLarge(mb) : imageRefusalMessage(reason, mb);
}

export class UploadError extends Error {
  readonly status: 413 | 415 | 422;
  constructor(
    readonly reason: UploadRefusal,
    /** The text fields read beside a refused file, so a form can be re-filled. */
    readonly fields?: FormData,
    /** The name of the form field whose file was refused, when one was (a gallery's `gallery[2].image`). */
    readonly field?: string,
  ) {
    super(uploadRefusalMessage(reason));
    this.status = uploadRefusalStatus[reason];
  }
}

export const uploadMessages = {
  tooLarge: messages.imageTooLarge,
  notAnImage: messages.imageNotAnImage,
  svg: messages.imageSvg,
  damaged: messages.imageDamaged,
  requestTooLarge: messages.uploadRequestTooLarge,
  tooManyPixels: messages.imageTooManyPixels,
} as const;

/** A 249 KB PNG can declare 16000 × 16000 pixels (~110 MB decoded): the header is checked before decoding, and sharp is told too. */
export const MAX_IMAGE_PIXELS = 40_000_000;

// Judged by sharp's reading of the header, never the name or claimed type; AVIF is HEIF with AV1 (HEIC is refused); an SVG is caught by its text, never rendered.
const ACCEPTED_FORMATS: Record<string, ImageKind> = { jpeg: "jpeg", png: "png", webp: "webp", gif: "gif" };

export async function readImageHeader(bytes: Uint8Array): Promise<{ kind: ImageKind; width: number; height: number }> {
  if (looksLikeSvg(bytes)) throw new UploadError("svg");
  let header: sharp.Metadata;
  try {
    header = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch (error) {
    // sharp knew the format but could not read the header: a damaged file of an image format.
    const damaged = error instanceof Error && /corrupt header/i.test(error.message);
    throw new UploadError(damaged ? "damaged" : "not-an-image");
  }
  const kind = header.format === "heif" && header.compression === "av1" ? "avif" : ACCEPTED_FORMATS[header.format ?? ""];
  if (!kind) throw new UploadError(header.format === "svg" ? "svg" : "not-an-image");
  if (!header.width || !header.height) throw new UploadError("damaged");
  return { kind, width: header.width, height: header.height };
}

function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = new TextDecoder().decode(bytes.subarray(0, 1024)).trimStart().toLowerCase();
  return head.startsWith("<svg") || (head.startsWith("<?xml") && head.includes("<svg"));
}

const REQUEST_HARD_LIMIT_FACTOR = 20;

const TEXT_FIELD_LIMIT = 100_000;

function maxUploadBytes(): number {
  return Math.floor(getEnv().MAX_UPLOAD_MB * 1024 * 1024);
}

/** A form as posted: multipart (its files held to the upload limits) or urlencoded. */
export function readPostedForm(request: Request): Promise<FormData> {
  return (request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data") ? parseMultipartForm(request) : request.formData();
}

export async function parseMultipartForm(request: Request): Promise<FormData> {
  const limit = maxUploadBytes();
  const declared = Number(request.headers.get("Content-Length"));
  // Below this, oversize files are drained so the text fields typed beside them survive.
  if (Number.isFinite(declared) && declared > REQUEST_HARD_LIMIT_FACTOR * limit) throw new UploadError("request-too-large");
  let oversize: string | null = null;
  const files: UploadHandler = async ({ name, filename, contentType, data }) => {
    if (typeof filename !== "string") return undefined;
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of data) {
      size += chunk.byteLength;
      if (size <= limit) chunks.push(chunk);
    }
    if (size > limit) {
      oversize ??= name;
      return undefined;
    }
    return new File(chunks as BlobPart[], filename, { type: contentType });
  };
  let form: FormData;
  try {
    form = await unstable_parseMultipartFormData(
      request,
      unstable_composeUploadHandlers(files, unstable_createMemoryUploadHandler({ maxPartSize: TEXT_FIELD_LIMIT })),
    );
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) throw new UploadError("request-too-large");
    throw error;
  }
  if (oversize !== null) throw new UploadError("too-large", form, oversize);
  return form;
}

/** Whether `name` is a stored file's name (anything else, `..` included, is never looked up). */
export function isStoredName(name: string): boolean {
  return STORED_NAME.test(name);
}

/** Checks an uploaded image and stores its variants; returns the public URL of the largest. */
export async function storeImage(file: File, store: ImageStore = imageStore()): Promise<string> {
  if (file.size > maxUploadBytes()) throw new UploadError("too-large");
  const bytes = new Uint8Array(await file.arrayBuffer());
  const { width, height } = await readImageHeader(bytes);
  if (width * height > MAX_IMAGE_PIXELS) throw new UploadError("too-many-pixels");

  // Decode fully before writing anything: a truncated or corrupt image fails here.
  let variants: { width: number; data: Buffer }[];
  try {
    const source = sharp(bytes, { failOn: "truncated", animated: false, limitInputPixels: MAX_IMAGE_PIXELS }).rotate();
    variants = await Promise.all(
      IMAGE_WIDTHS.map(async (width) => ({
        width,
        data: await source.clone().resize({ width, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer(),
      })),
    );
  } catch {
    throw new UploadError("damaged");
  }

  const id = randomBytes(16).toString("hex");
  const written: string[] = [];
  try {
    for (const { width, data } of variants) {
      const name = variantName(id, width);
      written.push(name);
      await store.save(name, data);
    }
  } catch (error) {
    await store.remove(written);
    throw error;
  }
  return uploadUrl(id);
}

/** Images that are not uploads (demo images) are left alone. */
export async function deleteImage(url: string | null | undefined, store: ImageStore = imageStore()): Promise<void> {
  const id = uploadId(url);
  if (!id) return;
  await store.remove(IMAGE_WIDTHS.map((width) => variantName(id, width)));
}

export const uploadedImages: ImageStorage = {
  async store(file) {
    try {
      return { ok: true, url: await storeImage(file) };
    } catch (error) {
      if (error instanceof UploadError && error.reason !== "request-too-large") return { ok: false, reason: error.reason };
      throw error;
    }
  },
  remove: (url) => deleteImage(url),
};

// Where the files live (docs/operations.md#several-instances): on disk in UPLOAD_DIR, or in GridFS with
// UPLOAD_STORE=gridfs. The domain sees them through the ImageStorage port (uploadedImages above).

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
