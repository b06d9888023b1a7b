import { parse, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs } from "@remix-run/node";
import { createCaseStudy, getCaseStudy, updateCaseStudy, caseStudyChoices, withKnownChoices } from "~/domain/case-studies.server";
import { messages } from "~/domain/messages";
import { joinErrors } from "~/domain/field-rules";
import { caseStudyFormSchemas } from "~/domain/schemas";
import { getTimeZone } from "~/domain/settings.server";
import { asTyped } from "~/lib/forms";
import { requirePermission } from "~/server/auth.server";
import { requestOrigin } from "~/server/client-address.server";
import { refusedWithToast, savedThenTo } from "~/server/forms.server";
import { ports } from "~/server/ports.server";
import { redirectWithError } from "~/server/toast.server";
import { STORY_MARKDOWN_FIELDS } from "~/components/dashboard/case-study-story-fields";
import type { MarkdownPreviewAnswer } from "~/components/dashboard/markdown-preview";
import { caseStudyRefusal } from "./__case-study-refusals.server";
import { markdownPreview, previewIntent } from "./__preview-intent.server";
import { readPostedForm, UploadError } from "~/server/uploads.server";

const LIST = "/dashboard/case-studies/list";

/** The editor's services and industries, for the upload and edit routes' loaders. */
export const editorChoices = caseStudyChoices;

/** A refused form, or one sent only to preview a Markdown field (`preview`): either way nothing was stored. */
type CaseStudyRefused = { ok: false; result: SubmissionResult<string[]>; imageChosen: boolean; preview?: MarkdownPreviewAnswer | null };
type CaseStudySaved = { ok: true; redirectTo: string; result: SubmissionResult<string[]> };
export type CaseStudyAnswer = CaseStudySaved | CaseStudyRefused;

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requirePermission(request, "case_studies:write");
  const id = params.id;
  let form: FormData;
  try {
    form = await readPostedForm(request);
  } catch (error) {
    if (!(error instanceof UploadError)) throw error;
    // The fields typed beside an oversize file come back as they were, unchecked.
    const typed = parse<unknown, string[]>(error.fields ?? new FormData(), { resolve: (value) => ({ value }) });
    return refusal(request, typed.reply({ fieldErrors: { [error.field ?? "image"]: [error.message] } }), error.status, false);
  }

  const previewed = previewIntent(form);
  if (previewed !== null) {
    // Only that field is read: the form comes back as typed, unchecked, and nothing is stored.
    const typed = parse<unknown, string[]>(withoutFiles(form), { resolve: (value) => ({ value }) });
    const preview = markdownPreview(form, previewed, STORY_MARKDOWN_FIELDS);
    return data<CaseStudyAnswer>({ ok: false, result: typed.reply(), imageChosen: imageChosen(form), preview });
  }

  // A taken address is refused by the save (and the unique index), under the same field.
  // The schedule's fields are the studio's wall time (docs/behaviour.md#time-zone).
  const schemas = caseStudyFormSchemas(await getTimeZone());
  const schema = withKnownChoices(id ? schemas.update : schemas.create);
  // A gallery's add, move or remove button without JavaScript: the form comes back changed, nothing is stored.
  if (form.has("__intent__")) {
    const changed = parseWithZod(withoutFiles(form), { schema: id ? schemas.update : schemas.create, ...asTyped });
    return data<CaseStudyAnswer>({ ok: false, result: changed.reply(), imageChosen: imageChosen(form) });
  }

  const submission = await parseWithZod(form, { schema, async: true, ...asTyped });
  if (submission.status !== "success") {
    // An entry deleted meanwhile goes back to the list even with a refused form (a valid one learns it from the domain).
    if (id && !(await getCaseStudy(id))) return redirectWithError(LIST, messages.caseStudyLoadFailed);
    const errors = submission.error ?? {};
    const chosen = submission.payload.image instanceof File && submission.payload.image.size > 0 && !errors.image;
    return refusal(request, submission.reply(), 422, chosen);
  }

  const { image, ...fields } = submission.value;
  // The editor shows the whole gallery: none sent is none left.
  const input = { ...fields, gallery: fields.gallery ?? [] };
  let result: Awaited<ReturnType<typeof updateCaseStudy>>;
  try {
    const write = { origin: requestOrigin(request, admin, "form"), images: ports.images };
    result = id ? await updateCaseStudy(id, input, image ?? null, write) : await createCaseStudy(input, image!, write);
  } catch (error) {
    console.error(id ? "Case study update failed:" : "Case study upload failed:", error);
    const fallback = id ? messages.caseStudySaveFailed : messages.caseStudyUploadFailed;
    return refusal(request, submission.reply({ formErrors: [fallback] }), 500, Boolean(image));
  }
  if (!result.ok) {
    if (result.reason === "not-found") return redirectWithError(LIST, messages.caseStudyLoadFailed);
    const refusedBy = caseStudyRefusal(result.reason, result.field);
    // conform names a list's fields `gallery[2].image` where the domain says `gallery.2.image`.
    const field = refusedBy.field.replace(/\.(\d+)(?=\.|$)/g, "[$1]");
    // An image refused by the store is not kept; one beside another refusal was never stored and is chosen still.
    return refusal(
      request,
      submission.reply({ fieldErrors: { [field]: [refusedBy.message] } }),
      refusedBy.status,
      !result.field && field !== "image" && Boolean(image),
    );
  }
  return savedThenTo(request, LIST, id ? messages.caseStudyUpdated : messages.caseStudyUploaded, {
    extra: { result: submission.reply({ resetForm: !id }) },
  });
}

const imageChosen = (form: FormData) => form.get("image") instanceof File && (form.get("image") as File).size > 0;

/** The form without its chosen files, which a list's button does not keep. */
function withoutFiles(form: FormData): FormData {
  const copy = new FormData();
  for (const [name, value] of form) if (typeof value === "string") copy.append(name, value);
  return copy;
}

// The toast joins every message (the catalogue's "Case study save failure"); the page shows each once where it belongs.
function refusal(request: Request, result: SubmissionResult<string[]>, status: number, imageChosen: boolean) {
  const answer: CaseStudyRefused = { ok: false, result, imageChosen };
  return refusedWithToast(request, answer, joinErrors(result.error ?? undefined), status);
}
