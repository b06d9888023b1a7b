import { randomBytes } from "node:crypto";
import {
  MaxPartSizeExceededError,
  unstable_composeUploadHandlers,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
  type UploadHandler,
} from "@remix-run/node";
import sharp from "sharp";
import type { ImageStorage } from "~/domain/image-storage";
import { fail, ok } from "~/domain/result";
import { IMAGE_WIDTHS } from "~/lib/images";
import { getEnv } from "./env.server";
import { imageStore, STORED_NAME, type ImageStore } from "./image-store.server";

/**
 * Uploaded images: judged by their bytes, never by name or claimed type; stored in the image store
 * (UPLOAD_STORE: disk or GridFS) with random names as WebP variants 480, 960 and 1600 px wide; served by the
 * /uploads/* resource route. A failed upload leaves no file behind.
 */

export type ImageKind = "jpeg" | "png" | "webp" | "avif" | "gif";

export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 413 | 415 | 422,
    /** The text fields read beside a refused file, so a form can be re-filled. */
    readonly fields?: FormData,
  ) {
    super(message);
  }
}

export const uploadMessages = {
  tooLarge: (mb: number) => `The image must be at most ${mb} MB`,
  notAnImage: "The image must be a JPEG, PNG, WebP, AVIF or GIF file",
  svg: "SVG images are not accepted: please upload a JPEG, PNG, WebP, AVIF or GIF file",
  damaged: "The image file is damaged or incomplete",
  requestTooLarge: (mb: number) => `The request is too large: the image must be at most ${mb} MB`,
  tooManyPixels: "The image must be at most 40 megapixels (for instance 8000 × 5000 pixels)",
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
  if (looksLikeSvg(bytes)) throw new UploadError(uploadMessages.svg, 415);
  let header: sharp.Metadata;
  try {
    header = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch (error) {
    // sharp knew the format but could not read the header: a damaged file of an image format.
    const damaged = error instanceof Error && /corrupt header/i.test(error.message);
    throw new UploadError(damaged ? uploadMessages.damaged : uploadMessages.notAnImage, damaged ? 422 : 415);
  }
  const kind = header.format === "heif" && header.compression === "av1" ? "avif" : ACCEPTED_FORMATS[header.format ?? ""];
  if (!kind) throw new UploadError(header.format === "svg" ? uploadMessages.svg : uploadMessages.notAnImage, 415);
  if (!header.width || !header.height) throw new UploadError(uploadMessages.damaged, 422);
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
  const mb = getEnv().MAX_UPLOAD_MB;
  const declared = Number(request.headers.get("Content-Length"));
  // Far too large to be worth reading: refused at once (below this, oversize files are drained so the
  // text fields typed beside them survive).
  if (Number.isFinite(declared) && declared > REQUEST_HARD_LIMIT_FACTOR * limit) throw new UploadError(uploadMessages.requestTooLarge(mb), 413);
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
    if (error instanceof MaxPartSizeExceededError) throw new UploadError(uploadMessages.requestTooLarge(mb), 413);
    throw error;
  }
  if (oversize) throw new UploadError(uploadMessages.tooLarge(mb), 413, form);
  return form;
}

/** A file field that holds a file (browsers send an empty part when none was chosen). */
export function chosenFile(value: FormDataEntryValue | null): File | null {
  return value instanceof File && value.size > 0 ? value : null;
}

/** Whether `name` is a stored file's name (anything else, `..` included, is never looked up). */
export function isStoredName(name: string): boolean {
  return STORED_NAME.test(name);
}

/** Checks an uploaded image and stores its variants; returns the public URL of the largest. */
export async function storeImage(file: File, store: ImageStore = imageStore()): Promise<string> {
  const mb = getEnv().MAX_UPLOAD_MB;
  if (file.size > maxUploadBytes()) throw new UploadError(uploadMessages.tooLarge(mb), 413);
  const bytes = new Uint8Array(await file.arrayBuffer());
  // The header alone says how big the decoded image would be: refuse a decompression bomb unread.
  const { width, height } = await readImageHeader(bytes);
  if (width * height > MAX_IMAGE_PIXELS) throw new UploadError(uploadMessages.tooManyPixels, 422);

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
    throw new UploadError(uploadMessages.damaged, 422);
  }

  const id = randomBytes(16).toString("hex");
  const written: string[] = [];
  try {
    for (const { width, data } of variants) {
      const name = `${id}-${width}.webp`;
      written.push(name);
      await store.save(name, data);
    }
  } catch (error) {
    await store.remove(written);
    throw error;
  }
  return `/uploads/${id}-1600.webp`;
}

/** Deletes every variant of an uploaded image; images that are not uploads (demo images) are left alone. */
export async function deleteImage(url: string | null | undefined, store: ImageStore = imageStore()): Promise<void> {
  const match = /^\/uploads\/([0-9a-f]{32})-1600\.webp$/.exec(url ?? "");
  if (!match) return;
  await store.remove(IMAGE_WIDTHS.map((width) => `${match[1]}-${width}.webp`));
}

/** The domain's ImageStorage on the configured store: a refused upload becomes the form's `image` error. */
export const uploadedImages: ImageStorage = {
  async store(file) {
    try {
      return ok(await storeImage(file));
    } catch (error) {
      if (error instanceof UploadError) return fail("image", error.message, error.status);
      throw error;
    }
  },
  remove: (url) => deleteImage(url),
};
