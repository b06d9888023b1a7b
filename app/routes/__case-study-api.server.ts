import { messages } from "~/domain/messages";
import { isStoredUpload, ownImagePath } from "~/server/api/content.server";
import { ApiError } from "~/server/api/responses.server";

// What api.case-studies and api.case-studies.$id share: the gallery's and the social image's addresses a client sends
// (docs/api.md#case-study-images), absolute as the API answers them, or root-relative; an upload must exist
// (POST /api/content/images stores one).

type Body = Record<string, unknown>;

/** The body with its gallery and social image addresses root-relative where they are this site's. */
export function withOwnImagePaths(body: Body, request: Request): Body {
  const own = (url: unknown) => (typeof url === "string" ? ownImagePath(url, request) : url);
  const copy: Body = { ...body };
  if ("seo_image_url" in copy) copy.seo_image_url = own(copy.seo_image_url);
  if (Array.isArray(copy.gallery))
    copy.gallery = copy.gallery.map((entry: unknown) =>
      entry && typeof entry === "object" && "url" in entry ? { ...entry, url: own((entry as Body).url) } : entry,
    );
  return copy;
}

/** 422 naming every gallery or social image address under /uploads/ that no stored upload has. */
export async function requireStoredImages(input: { gallery?: { url?: string }[]; seo_image_url?: string | null }): Promise<void> {
  const errors: Record<string, string[]> = {};
  const check = async (url: string | null | undefined, field: string) => {
    if (url?.startsWith("/uploads/") && !(await isStoredUpload(url))) errors[field] = [messages.storedImageInvalid];
  };
  await check(input.seo_image_url, "seo_image_url");
  for (const [index, entry] of (input.gallery ?? []).entries()) await check(entry.url, `gallery.${index}.url`);
  if (Object.keys(errors).length) throw new ApiError(422, messages.storedImageInvalid, errors);
}
