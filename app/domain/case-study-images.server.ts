import type { CaseStudyDoc, GalleryImageDoc } from "~/models/case-study.server";
import type { GalleryEntryInput } from "./case-study-story-schemas";
import type { ImageRefusal, ImageStorage } from "./ports";

/** A case study's files as a form or multipart body brings them: new gallery images and a social image. */
export type StoryUploads = { gallery?: GalleryEntryInput[]; seo_image?: File };

export type StoryImagesStored =
  | { ok: true; fields: { gallery?: GalleryImageDoc[]; seo_image_url?: string }; written: string[] }
  /** `field` names the refused file as the schemas' errors do (`seo_image`, `gallery.2.image`). */
  | { ok: false; reason: ImageRefusal; field: string };

/** Every image an entry shows: its cover, its gallery and its social image. */
export function imagesOf(study: Pick<CaseStudyDoc, "image_url" | "gallery" | "seo_image_url">): string[] {
  return [study.image_url, ...(study.gallery ?? []).map(({ url }) => url), ...(study.seo_image_url ? [study.seo_image_url] : [])];
}

/**
 * Stores the social image and the gallery's new files, and gives the fields to save. One refused file removes those
 * stored before it, so a refused form leaves no file behind.
 */
export async function storeStoryImages({ gallery, seo_image }: StoryUploads, images: ImageStorage): Promise<StoryImagesStored> {
  const written: string[] = [];
  const fields: { gallery?: GalleryImageDoc[]; seo_image_url?: string } = {};
  const store = async (
    file: File,
    field: string,
  ): Promise<{ ok: true; url: string } | { ok: false; reason: ImageRefusal; field: string }> => {
    const stored = await images.store(file);
    if (stored.ok) {
      written.push(stored.url);
      return stored;
    }
    await Promise.all(written.map((url) => images.remove(url)));
    return { ok: false, reason: stored.reason, field };
  };
  if (seo_image) {
    const stored = await store(seo_image, "seo_image");
    if (!stored.ok) return stored;
    fields.seo_image_url = stored.url;
  }
  if (gallery) {
    const entries: GalleryImageDoc[] = [];
    for (const [index, { url, image, alt, caption }] of gallery.entries()) {
      let kept = url;
      if (image) {
        const stored = await store(image, `gallery.${index}.image`);
        if (!stored.ok) return stored;
        kept = stored.url;
      }
      // The schema lets no entry through without a url or a file.
      entries.push({ url: kept!, alt, caption });
    }
    fields.gallery = entries;
  }
  return { ok: true, fields, written };
}
