import { CaseStudyModel } from "~/models/case-study.server";
import { SiteContentModel } from "~/models/site-content.server";
import { VersionModel } from "~/models/version.server";
import type { ImageStorage } from "./ports";

/** Whether anything kept still shows or may bring back the image: a case study (cover, gallery, social image), the site's content, a version. */
async function inUse(url: string): Promise<boolean> {
  const [study, content, version] = await Promise.all([
    CaseStudyModel.exists({ $or: [{ image_url: url }, { "gallery.url": url }, { seo_image_url: url }] }),
    SiteContentModel.exists({ images: url }),
    VersionModel.exists({ images: url }),
  ]);
  return Boolean(study || content || version);
}

/** Deletes the files of the given images that nothing uses any more; the others stay. */
export async function releaseImages(urls: Iterable<string>, images: ImageStorage): Promise<void> {
  for (const url of new Set(urls)) {
    if (!(await inUse(url))) await images.remove(url);
  }
}
