import { randomBytes } from "node:crypto";
import {
  MaxPartSizeExceededError,
  unstable_composeUploadHandlers,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
  type UploadHandler,
} from "@remix-run/node";
import sharp from "sharp";
import { imageRefusalMessage, messages } from "~/domain/messages";
import type { ImageRefusal, ImageStorage } from "~/domain/ports";
import { IMAGE_WIDTHS, STORED_NAME, uploadId, uploadUrl, variantName } from "~/lib/images";
import { getEnv } from "./env.server";
import { imageStore, type ImageStore } from "./image-store.server";

/**
 * Uploaded images: judged by their bytes, never by name or claimed type; stored in the image store
 * (UPLOAD_STORE: disk or GridFS) with random names as WebP variants 480, 960 and 1600 px wide; served by the
 * /uploads/* resource route. A failed upload leaves no file behind.
 */

export type ImageKind = "jpeg" | "png" | "webp" | "avif" | "gif";

/** Why an upload was refused: the image's own refusals, or a whole request too large to read. */
export type UploadRefusal = ImageRefusal | "request-too-large";

/** The HTTP status of each refusal, the same for the dashboard and the API. */
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

/**
 * The most pixels an upload may decode to. A small file can declare a huge canvas (a 249 KB PNG of
 * 16000 × 16000 pixels costs about 110 MB to decode), so the size in the header is checked before decoding,
 * and sharp is told the same limit.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;

/**
 * What an upload really is, by sharp's own reading of its header (never its name or claimed type): one of
 * the accepted formats with its size, or the refusal to give. AVIF is HEIF with AV1 compression (HEIC, HEIF
 * with HEVC, is refused, as are TIFF and every other format sharp can read). An SVG is recognised by its text
 * and never handed to the SVG renderer.
 */
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

/** A body declared larger than this many times MAX_UPLOAD_MB is refused without being read. */
const REQUEST_HARD_LIMIT_FACTOR = 20;

/** The longest text field accepted in a multipart body. */
const TEXT_FIELD_LIMIT = 100_000;

export function maxUploadBytes(): number {
  return Math.floor(getEnv().MAX_UPLOAD_MB * 1024 * 1024);
}

/**
 * Parses a multipart body, keeping each file in memory up to MAX_UPLOAD_MB. A file over the limit is
 * drained and dropped, and the parse ends in an UploadError (413) that still carries the text fields;
 * a body over 20 times the limit is refused at once. Never a 500.
 */
export async function parseMultipartForm(request: Request): Promise<FormData> {
  const limit = maxUploadBytes();
  const declared = Number(request.headers.get("Content-Length"));
  // Far too large to be worth reading: refused at once (below this, oversize files are drained so the
  // text fields typed beside them survive).
  if (Number.isFinite(declared) && declared > REQUEST_HARD_LIMIT_FACTOR * limit) throw new UploadError("request-too-large");
  let oversize = false;
  const files: UploadHandler = async ({ filename, contentType, data }) => {
    if (typeof filename !== "string") return undefined;
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of data) {
      size += chunk.byteLength;
      if (size <= limit) chunks.push(chunk);
    }
    if (size > limit) {
      oversize = true;
      return undefined;
    }
    return new File(chunks as BlobPart[], filename, { type: contentType });
  };
  let form: FormData;
  try {
    form = await unstable_parseMultipartFormData(request, unstable_composeUploadHandlers(files, unstable_createMemoryUploadHandler({ maxPartSize: TEXT_FIELD_LIMIT })));
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) throw new UploadError("request-too-large");
    throw error;
  }
  if (oversize) throw new UploadError("too-large", form);
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
  // The header alone says how big the decoded image would be: refuse a decompression bomb unread.
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

/** Deletes every variant of an uploaded image; images that are not uploads (demo images) are left alone. */
export async function deleteImage(url: string | null | undefined, store: ImageStore = imageStore()): Promise<void> {
  const id = uploadId(url);
  if (!id) return;
  await store.remove(IMAGE_WIDTHS.map((width) => variantName(id, width)));
}

/** The domain's ImageStorage on the configured store. */
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
