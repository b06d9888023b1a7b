import { getEnv } from "~/server/env.server";
import { imageStore } from "~/server/uploads.server";

/** The names in the configured image store (disk or GridFS), sorted. */
export const storedNames = () => imageStore().list();

/**
 * Runs a test file's tests with UPLOAD_STORE set to each store in turn: the same tests hold for both.
 * Vitest imports each test file afresh, so the switch never leaks into another file.
 */
export const STORES = ["disk", "gridfs"] as const;
export function useStore(kind: (typeof STORES)[number]) {
  getEnv().UPLOAD_STORE = kind;
}
