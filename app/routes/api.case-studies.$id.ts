import { deleteCaseStudy, getCaseStudy, updateCaseStudy } from "~/domain/case-studies.server";
import { messages } from "~/domain/messages";
import { requireApiAdmin } from "~/server/api/auth.server";
import { readCaseStudyInput } from "~/server/api/body.server";
import { ApiError, apiFailure, apiJson } from "~/server/api/responses.server";
import { apiRoute, type ApiHandler } from "~/server/api/route.server";
import { uploadedImages } from "~/server/uploads.server";

/**
 * One case study (auth): GET → the entry; POST, PUT or PATCH (same body as create; no image keeps the
 * old one) → the updated entry; DELETE → `{ message }`. 404 `{ message }` for an unknown or malformed id.
 */
const missing = () => new ApiError(404, messages.apiCaseStudyNotFound);
const OBJECT_ID = /^[0-9a-f]{24}$/i;

const update: ApiHandler = async ({ request, params }) => {
  await requireApiAdmin(request);
  const id = params.id ?? "";
  // Before reading an upload: a malformed id can never match.
  if (!OBJECT_ID.test(id)) throw missing();
  const { fields, image } = await readCaseStudyInput(request);
  const result = await updateCaseStudy(id, fields, image, uploadedImages);
  if (!result) throw missing();
  if (!result.ok) return apiFailure(result.status ?? 422, result.message, result.errors);
  return apiJson(result.value);
};

const route = apiRoute({
  GET: async ({ request, params }) => {
    await requireApiAdmin(request);
    const study = await getCaseStudy(params.id ?? "");
    if (!study) throw missing();
    return apiJson(study);
  },
  POST: update,
  PUT: update,
  PATCH: update,
  DELETE: async ({ request, params }) => {
    await requireApiAdmin(request);
    if (!(await deleteCaseStudy(params.id ?? "", uploadedImages))) throw missing();
    return apiJson({ message: messages.caseStudyDeleted });
  },
});

export const loader = route.loader;
export const action = route.action;
