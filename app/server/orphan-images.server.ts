import { IMAGE_WIDTHS, uploadId, variantName } from "~/lib/images";
import { CaseStudyModel } from "~/models/case-study.server";
import { SiteContentModel } from "~/models/site-content.server";
import { VersionModel } from "~/models/version.server";
import type { ImageStore } from "./uploads.server";

const MAX_REMOVED_PER_RUN = 10_000;

/**
 * Removes stored images nothing points at: no case study, no part of the site's content, no kept version.
 * Only safe where no upload can be in flight (one instance, at start).
 */
export async function removeOrphanImages(store: ImageStore): Promise<number> {
  const referenced = new Set<string>();
  const keep = (url: string | null | undefined) => {
    const id = uploadId(url);
    if (id) for (const width of IMAGE_WIDTHS) referenced.add(variantName(id, width));
  };
  for await (const doc of CaseStudyModel.find({}, { image_url: 1, gallery: 1, seo_image_url: 1 }).lean().cursor()) {
    keep(doc.image_url);
    doc.gallery?.forEach((image) => keep(image.url));
    keep(doc.seo_image_url);
  }
  for await (const doc of SiteContentModel.find({}, { images: 1 }).lean().cursor()) doc.images?.forEach(keep);
  for await (const doc of VersionModel.find({ "images.0": { $exists: true } }, { images: 1 })
    .lean()
    .cursor())
    doc.images?.forEach(keep);
  const orphans = (await store.list()).filter((name) => !referenced.has(name)).slice(0, MAX_REMOVED_PER_RUN);
  await store.remove(orphans);
  return orphans.length;
}
