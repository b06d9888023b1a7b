import type { Result } from "./result";

/**
 * Where case-study images go: the domain asks, an adapter answers (~/server/uploads.server's `uploadedImages`,
 * which checks the bytes and writes to the configured store, disk or GridFS). Passed in by whoever calls the
 * domain, so the domain never reaches into the server's modules, and a test can hand in its own.
 */
export type ImageStorage = {
  /** Checks and stores an uploaded image: its public URL, or the refusal as the form's `image` error. */
  store(file: File): Promise<Result<string>>;
  /** Deletes an image's files; a URL that is not an upload (a demo image) is left alone. */
  remove(url: string | null | undefined): Promise<void>;
};
