import type { ImageStorage } from "~/domain/ports";
import { uploadRefusalMessage } from "./uploads.server";

const UPLOAD_SUFFIX = ".upload";

/**
 * Stores the images chosen in a content editor's form: each `<field>.upload` file becomes `<field>.url`, and a ticked
 * `<field>.remove` empties the field. A refused file is reported at `<field>.url`; `stored` lists what was written,
 * for the caller to remove if the form is refused after all.
 */
export async function takeContentUploads(
  form: FormData,
  images: ImageStorage,
): Promise<{ form: FormData; stored: string[]; refused: Record<string, string[]> }> {
  const stored: string[] = [];
  const refused: Record<string, string[]> = {};
  const fields = [...new Set([...form.keys()].filter((key) => key.endsWith(UPLOAD_SUFFIX)))].map((key) =>
    key.slice(0, -UPLOAD_SUFFIX.length),
  );
  for (const field of fields) {
    const file = form.get(`${field}${UPLOAD_SUFFIX}`);
    const remove = form.get(`${field}.remove`) === "on";
    form.delete(`${field}${UPLOAD_SUFFIX}`);
    form.delete(`${field}.remove`);
    if (remove) {
      form.set(`${field}.url`, "");
      continue;
    }
    if (!(file instanceof File) || file.size === 0) continue;
    const result = await images.store(file);
    if (result.ok) {
      stored.push(result.url);
      form.set(`${field}.url`, result.url);
    } else {
      refused[`${field}.url`] = [uploadRefusalMessage(result.reason)];
    }
  }
  return { form, stored, refused };
}

/** Drops the file fields of a form that is not being saved (a list's add, remove or move): nothing is stored. */
export function withoutUploads(form: FormData): FormData {
  for (const key of [...form.keys()]) if (key.endsWith(UPLOAD_SUFFIX)) form.delete(key);
  return form;
}
