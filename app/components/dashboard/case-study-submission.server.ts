import { data, unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import { caseStudyFieldsFromForm, joinErrors } from "~/domain/schemas";
import { chosenFile, maxUploadBytes, parseMultipartForm, UploadError } from "~/server/uploads.server";
import type { CaseStudyFailure, CaseStudyFormValues } from "./case-study-form";

/**
 * The server half of the dashboard's case study form (upload and edit screens): reading the multipart
 * body, and the failure answer that carries every message plus what was typed, so the form is re-filled.
 */

export type CaseStudyFields = ReturnType<typeof caseStudyFieldsFromForm>;

export type CaseStudySubmission =
  | { ok: true; fields: CaseStudyFields; image: File | null; js: boolean; values: CaseStudyFormValues }
  | { ok: false; error: UploadError; js: boolean; values: CaseStudyFormValues | null };

/** What the form shows again after a failure (technologies as the one comma-separated field). */
export function formValues(fields: CaseStudyFields): CaseStudyFormValues {
  return {
    title: fields.title,
    client: fields.client,
    industry: fields.industry,
    project_insight: fields.project_insight,
    technologies: Array.isArray(fields.technologies) ? fields.technologies.join(", ") : fields.technologies,
    outcomes: fields.outcomes,
    website_url: fields.website_url,
  };
}

const TEXT_FIELD_LIMIT = 100_000;

/**
 * After a refused body (an oversize image), the text fields are read again from a copy of the request,
 * skipping files and stopping after `cap` bytes, so the form can still be re-filled without JavaScript.
 * Whatever could be read is kept; anything unreadable is simply left out.
 */
async function recoverTextFields(copy: Request, cap: number): Promise<FormData> {
  const recovered = new FormData();
  if (!copy.body) return recovered;
  let seen = 0;
  const limited = copy.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        const room = cap - seen;
        seen += chunk.byteLength;
        if (chunk.byteLength <= room) return controller.enqueue(chunk);
        // Over the cap: what fits is still read, then the body ends (the parser stops with an error).
        if (room > 0) controller.enqueue(chunk.subarray(0, room));
        controller.terminate();
      },
    }),
  );
  const collectText: UploadHandler = async ({ name, filename, data: stream }) => {
    const decoder = new TextDecoder();
    let text = "";
    let size = 0;
    for await (const chunk of stream) {
      if (typeof filename === "string") continue; // a file: drained, never kept
      size += chunk.byteLength;
      if (size <= TEXT_FIELD_LIMIT) text += decoder.decode(chunk, { stream: true });
    }
    if (typeof filename !== "string" && size <= TEXT_FIELD_LIMIT) recovered.append(name, text + decoder.decode());
    return undefined;
  };
  try {
    await unstable_parseMultipartFormData({ headers: copy.headers, body: limited } as Request, collectText);
  } catch {
    // cut short at the cap or malformed: keep what was read
  }
  return recovered;
}

/**
 * Reads the form: multipart (the form's own encoding) through `parseMultipartForm`, or a plain
 * urlencoded body (no image then). An unacceptable body (an oversize file) is an UploadError with its
 * status; the text fields typed beside it are recovered when possible.
 */
export async function readCaseStudySubmission(request: Request): Promise<CaseStudySubmission> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.startsWith("multipart/form-data")) {
    const form = await request.formData();
    const fields = caseStudyFieldsFromForm(form);
    return { ok: true, fields, image: null, js: form.get("_js") === "1", values: formValues(fields) };
  }
  const copy = request.clone();
  try {
    const form = await parseMultipartForm(request);
    const fields = caseStudyFieldsFromForm(form);
    return { ok: true, fields, image: chosenFile(form.get("image")), js: form.get("_js") === "1", values: formValues(fields) };
  } catch (error) {
    if (!(error instanceof UploadError)) throw error;
    const form = await recoverTextFields(copy, maxUploadBytes() + 1024 * 1024);
    const values = form.has("title") ? formValues(caseStudyFieldsFromForm(form)) : null;
    return { ok: false, error, js: form.get("_js") === "1", values };
  } finally {
    copy.body?.cancel().catch(() => undefined);
  }
}

/** The failure answer: every message joined by commas at the top (else `fallback`), per field, and the typed values. */
export function caseStudyFailure(
  failure: { errors: Record<string, string[]>; status?: number },
  values: CaseStudyFormValues | null,
  fallback: string,
  imageChosen: boolean,
) {
  const body: CaseStudyFailure = {
    ok: false,
    message: joinErrors(failure.errors, fallback),
    errors: failure.errors,
    values,
    // A good image was sent but another field failed: without JavaScript it has to be chosen again.
    imageChosen: imageChosen && !failure.errors.image,
  };
  return data(body, { status: failure.status ?? 422 });
}
