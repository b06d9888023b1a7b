import { data } from "@remix-run/node";
import { toastDuration } from "~/domain/messages";
import { caseStudyFieldsFromForm, joinErrors } from "~/domain/schemas";
import type { CaseStudyFailure, CaseStudyFormValues } from "~/components/dashboard/case-study-form";
import { sentWithScript } from "~/components/scripted-field";
import { jsonWithError } from "./toast.server";
import { chosenFile, parseMultipartForm, UploadError } from "./uploads.server";

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
    return { ok: true, fields, image: null, js: sentWithScript(form), values: formValues(fields) };
  }
  try {
    const form = await parseMultipartForm(request);
    const fields = caseStudyFieldsFromForm(form);
    return { ok: true, fields, image: chosenFile(form.get("image")), js: sentWithScript(form), values: formValues(fields) };
  } catch (error) {
    if (!(error instanceof UploadError)) throw error;
    // The text fields read beside a refused file, when the body was read at all.
    const values = error.fields ? formValues(caseStudyFieldsFromForm(error.fields)) : null;
    return { ok: false, error, js: sentWithScript(error.fields), values };
  }
}

/**
 * The failure answer: every message joined by commas at the top (else `fallback`), per field, and the typed
 * values. With JavaScript the same message also comes as a 5 s toast (SPEC §8); the page keeps it beside
 * the fields either way, so it is still there once the toast has gone.
 */
export async function caseStudyFailure(
  failure: { errors: Record<string, string[]>; status?: number },
  values: CaseStudyFormValues | null,
  fallback: string,
  imageChosen: boolean,
  js: boolean,
) {
  const body: CaseStudyFailure = {
    ok: false,
    message: joinErrors(failure.errors, fallback),
    errors: failure.errors,
    values,
    // A good image was sent but another field failed: without JavaScript it has to be chosen again.
    imageChosen: imageChosen && !failure.errors.image,
  };
  const init = { status: failure.status ?? 422 };
  return js ? jsonWithError(body, { message: body.message, duration: toastDuration.long }, init) : data(body, init);
}
