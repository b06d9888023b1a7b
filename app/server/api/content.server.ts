import { z } from "zod";
import { contentSchemas, isContentPart, type ContentPart, type PartContent } from "~/domain/content-schemas";
import { messages } from "~/domain/messages";
import type { ContentSaved, ContentState } from "~/domain/site-content.server";
import type { Version } from "~/domain/versions.server";
import { uploadId } from "~/lib/images";
import { getEnv } from "../env.server";
import { imageStore } from "../uploads.server";
import { absoluteUrl, siteOrigin, ApiError } from "./responses.server";
import { validInput } from "./body.server";
import { versionSummaryJson } from "./version-answers.server";

// /api/content and /api/public/content (docs/api.md#site-content). A part's fields keep the names of its schema
// (camelCase), so a client sends back exactly what it read; the API's own fields are snake_case like the rest.

export function contentPartOf(params: { part?: string }): ContentPart {
  const part = params.part ?? "";
  if (!isContentPart(part)) throw new ApiError(404, messages.contentPartNotFound);
  return part;
}

export function versionNumberOf(params: { n?: string }): number {
  const n = params.n ?? "";
  if (!/^[1-9]\d{0,8}$/.test(n)) throw new ApiError(404, messages.versionNotFound);
  return Number(n);
}

type ImageSlot = { path: string; image: { url: string } };

/** Every content image ({ url, alt }) in a part, with its path as errors name it. */
function imageSlots(value: unknown, path: string, found: ImageSlot[] = []): ImageSlot[] {
  if (Array.isArray(value)) value.forEach((item, index) => imageSlots(item, `${path}.${index}`, found));
  else if (value && typeof value === "object") {
    const record = value as Record<string, unknown>;
    if (typeof record.url === "string" && "alt" in record) found.push({ path, image: record as { url: string } });
    else for (const [key, item] of Object.entries(record)) imageSlots(item, `${path}.${key}`, found);
  }
  return found;
}

/** A copy whose images' addresses are absolute, as the case study API gives `image_url` (docs/api.md#routes). */
export function withAbsoluteImages<T>(value: T, request: Request): T {
  const copy = structuredClone(value);
  for (const { image } of imageSlots(copy, "")) image.url = absoluteUrl(image.url, request);
  return copy;
}

/** Where this site's images are given, so an address read from the API can be sent back as it is. */
function ownBases(request: Request): string[] {
  const env = getEnv();
  return [siteOrigin(request, env), new URL(env.SITE_URL).origin, ...(env.ASSET_URL ? [env.ASSET_URL] : [])];
}

function rootRelative(url: string, bases: string[]): string {
  const base = bases.find((prefix) => url.startsWith(`${prefix}/`));
  return base ? url.slice(base.length) : url;
}

/** An image address as the API gave it (absolute) or as stored (root-relative), as stored. */
export const ownImagePath = (url: string, request: Request) => rootRelative(url.trim(), ownBases(request));

/** Whether an `/uploads/…` address is the 1600 px variant of a stored upload. */
export async function isStoredUpload(url: string): Promise<boolean> {
  const name = uploadId(url) ? url.slice("/uploads/".length) : null;
  return Boolean(name && (await imageStore().open(name)));
}

const putBody = (part: ContentPart) =>
  z.object({
    content: contentSchemas[part] as z.ZodTypeAny,
    publish: z.boolean({ invalid_type_error: messages.contentPublishInvalid }).default(false),
  });

const restoreBody = z.object({ publish: z.boolean({ invalid_type_error: messages.contentPublishInvalid }).default(false) });

export const readRestore = (input: Record<string, unknown>) => validInput(restoreBody, input);

/** The PUT body, checked once by the part's schema; each image must be an upload that exists or a site image. */
export async function readContentPut<P extends ContentPart>(
  part: P,
  input: Record<string, unknown>,
  request: Request,
): Promise<{ content: PartContent<P>; publish: boolean }> {
  const content = input.content;
  if (!content || typeof content !== "object" || Array.isArray(content)) {
    throw new ApiError(422, messages.contentBodyInvalid, { content: [messages.contentBodyInvalid] });
  }
  const bases = ownBases(request);
  const sent = structuredClone(content);
  for (const { image } of imageSlots(sent, "content")) image.url = rootRelative(image.url.trim(), bases);
  const checked = validInput(putBody(part), { ...input, content: sent }) as { content: PartContent<P>; publish: boolean };
  const missing = await missingUploads(checked.content);
  if (missing.length) {
    const errors = Object.fromEntries(missing.map((path) => [`content${path}.url`, [messages.contentImageInvalid]]));
    throw new ApiError(422, messages.contentImageInvalid, errors);
  }
  return checked;
}

/** The paths of images under /uploads/ that are not the 1600 px variant of a stored upload. */
async function missingUploads(content: unknown): Promise<string[]> {
  const missing: string[] = [];
  for (const { path, image } of imageSlots(content, "")) {
    if (image.url.startsWith("/uploads/") && !(await isStoredUpload(image.url))) missing.push(path);
  }
  return missing;
}

export const versionWithData = (version: Version, request: Request) => ({
  ...versionSummaryJson(version),
  data: withAbsoluteImages(version.data, request),
});

export const stateAnswer = (state: ContentState, request: Request) => ({
  part: state.part,
  published: withAbsoluteImages(state.published, request),
  draft: withAbsoluteImages(state.draft, request),
  published_at: state.publishedAt,
  draft_at: state.draftAt,
  updated_by: state.updatedBy,
});

export const savedAnswer = ({ state, version }: ContentSaved<ContentPart>, request: Request) => ({
  ...stateAnswer(state, request),
  version: versionSummaryJson(version),
});
