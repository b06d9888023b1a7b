import type { z, ZodTypeAny } from "zod";
import { OUTCOMES_PER_CASE_STUDY } from "~/domain/constants";
import { messages } from "~/domain/messages";
import { fieldErrors, serviceFieldName, technologyFieldName } from "~/domain/schemas";
import { BodyTooLarge, readBoundedBody } from "../bounded-body.server";
import { parseMultipartForm, UploadError } from "../uploads.server";
import { ApiError } from "./responses.server";

export const MAX_TEXT_BODY_BYTES = 1024 * 1024;

/**
 * Arrays and objects inside one another, for every JSON body of the API: the deepest one the schemas take is 5
 * (`content.items[].benefits[]`), and code that walks a value (zod, structuredClone, the image paths of content)
 * recurses, so a deeper body is refused before it is parsed (docs/security.md#nesting-depth).
 */
export const MAX_JSON_DEPTH = 32;

/** Whether JSON text nests arrays and objects deeper than `max`, in one pass that skips strings; not a validator. */
export function jsonNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (inString) {
      if (char === "\\") index++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === "[" || char === "{") {
      if (++depth > max) return true;
    } else if (char === "]" || char === "}") depth--;
  }
  return false;
}

async function readText(request: Request): Promise<string> {
  try {
    return Buffer.from(await readBoundedBody(request, MAX_TEXT_BODY_BYTES)).toString("utf8");
  } catch (error) {
    if (error instanceof BodyTooLarge) throw new ApiError(413, messages.apiBodyTooLarge);
    throw error;
  }
}

function contentType(request: Request): string {
  return (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
}

const isJson = (type: string) => type.endsWith("json");
const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/** A body of any other type would read as no fields at all and be refused for the wrong reason. */
function requireReadableType(request: Request): void {
  const type = contentType(request);
  if (isJson(type) || FORM_TYPES.has(type)) return;
  const length = request.headers.get("Content-Length");
  const hasBody = length === null ? request.headers.has("Transfer-Encoding") : Number(length) > 0;
  if (hasBody) throw new ApiError(415, messages.apiUnsupportedMediaType);
}

async function readJson(request: Request): Promise<Record<string, unknown>> {
  const text = await readText(request);
  if (!text.trim()) return {};
  if (jsonNestsDeeperThan(text, MAX_JSON_DEPTH)) throw new ApiError(400, messages.apiJsonTooDeep(MAX_JSON_DEPTH));
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError(400, messages.apiInvalidJson);
  }
  // Only an object has fields; anything else is an empty submission, which the schemas refuse.
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

async function readForm(request: Request): Promise<FormData> {
  const type = contentType(request);
  if (type === "multipart/form-data") {
    try {
      return await parseMultipartForm(request);
    } catch (error) {
      if (error instanceof UploadError) throw error;
      throw new ApiError(400, messages.apiUnreadableBody);
    }
  }
  const form = new FormData();
  if (type === "application/x-www-form-urlencoded") {
    for (const [name, value] of new URLSearchParams(await readText(request))) form.append(name, value);
  }
  return form;
}

/** JSON values keep their types so the schemas can refuse wrong ones; a form gives the first value of each field. */
export async function readInput(request: Request): Promise<Record<string, unknown>> {
  requireReadableType(request);
  if (isJson(contentType(request))) return readJson(request);
  const form = await readForm(request);
  const input: Record<string, unknown> = {};
  for (const [name, value] of form) if (typeof value === "string" && !(name in input)) input[name] = value;
  return input;
}

const OUTCOME_FIELD = /^outcomes\[(\d+)\]\[(label|value)\]$/;
/** A multipart gallery field's name, `gallery[n][part]`: read here, and stated by the OpenAPI document. */
export const galleryFieldName = (part: string, index = "\\d{1,2}") => new RegExp(`^gallery\\[${index}\\]\\[${part}\\]$`);
const GALLERY_FIELD = galleryFieldName("(image|url|alt|caption)", "(\\d{1,2})");

/** `gallery[n][…]` fields as a list in the order of n (gaps closed); one empty `gallery` field for none at all. */
function galleryFromForm(form: FormData): Record<string, unknown>[] | undefined {
  const entries = new Map<number, Record<string, unknown>>();
  for (const [name, value] of form) {
    const match = GALLERY_FIELD.exec(name);
    if (!match) continue;
    const entry = entries.get(Number(match[1])) ?? {};
    entries.set(Number(match[1]), entry);
    entry[match[2]!] ??= value;
  }
  if (entries.size) return [...entries.entries()].sort(([a], [b]) => a - b).map(([, entry]) => entry);
  return form.get("gallery") === "" ? [] : undefined;
}

/** The API's bracket names (docs/api.md#routes) in the schema's shape; three outcome rows, blank where missing, when any was sent. */
function caseStudyFromForm(form: FormData): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  const technologies: string[] = [];
  const services: string[] = [];
  const outcomes = Array.from({ length: OUTCOMES_PER_CASE_STUDY }, () => ({ label: "", value: "" }));
  const seen = new Set<string>();
  let outcomesSent = false;
  for (const [name, value] of form) {
    if (name === "image" || typeof value !== "string" || name === "gallery" || GALLERY_FIELD.test(name)) continue;
    if (technologyFieldName.test(name)) {
      technologies.push(value);
      continue;
    }
    if (serviceFieldName.test(name)) {
      services.push(value);
      continue;
    }
    if (seen.has(name)) continue;
    seen.add(name);
    const outcome = OUTCOME_FIELD.exec(name);
    outcomesSent ||= Boolean(outcome);
    const row = outcome ? outcomes[Number(outcome[1])] : undefined;
    if (row) row[outcome![2] as "label" | "value"] = value;
    else if (!outcome) fields[name] = value;
  }
  const gallery = galleryFromForm(form);
  return {
    ...fields,
    ...(technologies.length ? { technologies } : {}),
    ...(services.length ? { services } : {}),
    ...(outcomesSent ? { outcomes } : {}),
    ...(gallery ? { gallery } : {}),
    image: form.get("image"),
    ...(form.has("seo_image") ? { seo_image: form.get("seo_image") } : {}),
  };
}

export async function readCaseStudyInput(request: Request): Promise<Record<string, unknown>> {
  requireReadableType(request);
  if (isJson(contentType(request))) return readJson(request);
  return caseStudyFromForm(await readForm(request));
}

/** The file of a multipart body's `image` field; 422 when there is none. */
export async function readImageUpload(request: Request): Promise<File> {
  requireReadableType(request);
  const file = isJson(contentType(request)) ? null : (await readForm(request)).get("image");
  if (!(file instanceof File) || file.size === 0)
    throw new ApiError(422, messages.contentImageRequired, { image: [messages.contentImageRequired] });
  return file;
}

/** validInput for a schema with checks that need the database (async refinements). */
export async function validInputAsync<Schema extends ZodTypeAny>(schema: Schema, input: unknown): Promise<z.output<Schema>> {
  const parsed = await schema.safeParseAsync(input);
  if (parsed.success) return parsed.data;
  const { message, errors } = fieldErrors(parsed.error);
  throw new ApiError(422, message, errors);
}

export function validInput<Schema extends ZodTypeAny>(schema: Schema, input: unknown): z.output<Schema> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const { message, errors } = fieldErrors(parsed.error);
  throw new ApiError(422, message, errors);
}
