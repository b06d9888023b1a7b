import { IMAGE_WIDTHS, uploadId, variantName } from "~/lib/images";
import { CaseStudyModel } from "~/models/case-study.server";
import type { ImageStore } from "./image-store.server";

const MAX_REMOVED_PER_RUN = 10_000;

/** Removes stored images no case study points at. Only safe where no upload can be in flight (one instance, at start). */
export async function removeOrphanImages(store: ImageStore): Promise<number> {
  const referenced = new Set<string>();
  for await (const doc of CaseStudyModel.find({}, { image_url: 1 }).lean().cursor()) {
    const id = uploadId(doc.image_url);
    if (id) for (const width of IMAGE_WIDTHS) referenced.add(variantName(id, width));
  }
  const orphans = (await store.list()).filter((name) => !referenced.has(name)).slice(0, MAX_REMOVED_PER_RUN);
  await store.remove(orphans);
  return orphans.length;
}
