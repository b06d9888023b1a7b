import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { asTyped } from "~/components/forms";
import { caseStudyFieldsFromForm, caseStudyInput, joinErrors } from "~/domain/schemas";
import { refusalReply, refusedWithToast } from "~/server/forms.server";
import { chosenFile, parseMultipartForm, UploadError } from "~/server/uploads.server";
import { underConformNames, type CaseStudyRefused } from "./form";

/**
 * The server half of the dashboard's case study form (upload and edit screens; docs/behaviour.md#forms,
 * #toasts): reading the multipart body, and the refusal that carries every message and what was typed, so
 * the form is re-filled.
 */

export type CaseStudyFields = ReturnType<typeof caseStudyFieldsFromForm>;
type CaseStudyFormSubmission = Submission<unknown, string[], unknown>;

export type CaseStudySubmission =
  | { ok: true; fields: CaseStudyFields; image: File | null; submission: CaseStudyFormSubmission }
  | { ok: false; error: UploadError; submission: CaseStudyFormSubmission | null };

/**
 * The form as conform reads it: what the action replies with (the kept values; the rules are the domain's,
 * which reads `caseStudyFieldsFromForm`, the same schema).
 */
const conformSubmission = (form: FormData) => parseWithZod(underConformNames(form), { schema: caseStudyInput, ...asTyped });

/**
 * Reads the form: multipart (the form's own encoding) through `parseMultipartForm`, or a plain
 * urlencoded body (no image then). An unacceptable body (an oversize file) is an UploadError with its
 * status; the text fields typed beside it are recovered when possible.
 */
export async function readCaseStudySubmission(request: Request): Promise<CaseStudySubmission> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.startsWith("multipart/form-data")) {
    const form = await request.formData();
    return { ok: true, fields: caseStudyFieldsFromForm(form), image: null, submission: conformSubmission(form) };
  }
  try {
    const form = await parseMultipartForm(request);
    return { ok: true, fields: caseStudyFieldsFromForm(form), image: chosenFile(form.get("image")), submission: conformSubmission(form) };
  } catch (error) {
    if (!(error instanceof UploadError)) throw error;
    // The text fields read beside a refused file, when the body was read at all.
    return { ok: false, error, submission: error.fields ? conformSubmission(error.fields) : null };
  }
}

/**
 * The refusal: every message joined by commas as the form's message (else `fallback`), each beside its field,
 * and what was typed (never the file). Posted by the page's script, the same message also comes as a 5 s
 * toast; the page keeps it at the top of the form either way, so it is still there once the toast has gone.
 */
export function caseStudyRefusal(
  request: Request,
  failure: { errors: Record<string, string[]>; status?: number },
  submission: CaseStudyFormSubmission | null,
  fallback: string,
  imageChosen: boolean,
) {
  const message = joinErrors(failure.errors, fallback);
  const body: CaseStudyRefused = {
    ok: false,
    result: refusalReply(submission, [message], failure.errors),
    // A good image was sent but another field failed: without JavaScript it has to be chosen again.
    imageChosen: imageChosen && !failure.errors.image,
  };
  return refusedWithToast(request, body, message, failure.status ?? 422);
}
