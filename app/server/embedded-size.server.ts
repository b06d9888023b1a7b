import mongoose from "mongoose";
import { knownCollections } from "./archive/format.server";
import { isEmbedded } from "./db.server";

/**
 * Past this many documents in one collection, start-up and the dashboard say to move to MongoDB: the embedded
 * engine's writes slow as a collection grows and pass the 1 s database timeout near 10,000 (docs/operations.md#size-limits).
 */
export const EMBEDDED_COLLECTION_WARNING = 2_000;

// A count a minute old is good enough for a warning, and costs the dashboard one count per collection a minute.
const RECOUNT_AFTER_MS = 60_000;

export type LargeCollection = { name: string; documents: number };

/** The collections past the warning's size, largest first; estimatedDocumentCount takes milliseconds even at 15,000 documents. */
async function largeCollections(): Promise<LargeCollection[]> {
  const db = mongoose.connection.db!;
  const counted = await Promise.all(
    knownCollections().map(async (name) => ({ name, documents: await db.collection(name).estimatedDocumentCount() })),
  );
  return counted.filter((collection) => collection.documents > EMBEDDED_COLLECTION_WARNING).sort((a, b) => b.documents - a.documents);
}

// Per process and safe to lose: another instance or a restart only counts again.
let last: { at: number; answer: Promise<LargeCollection[]> } | undefined;

/**
 * On the embedded engine, the collections past the warning's size, counted at most once a minute; with MONGODB_URI,
 * none. A count that fails says nothing (the page's own queries answer for the database) and is tried again next time.
 */
export function embeddedLargeCollections(now = Date.now()): Promise<LargeCollection[]> {
  if (!isEmbedded()) return Promise.resolve([]);
  if (last && now - last.at < RECOUNT_AFTER_MS) return last.answer;
  const answer = largeCollections().catch((error: Error) => {
    if (last?.answer === answer) last = undefined;
    console.error(`The embedded database's collections could not be counted: ${error.message}`);
    return [];
  });
  last = { at: now, answer };
  return answer;
}
