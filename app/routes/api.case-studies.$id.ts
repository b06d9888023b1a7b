import { deleteCaseStudy, getCaseStudy, updateCaseStudy } from "~/domain/case-studies.server";
import { isObjectId } from "~/domain/ids";
import { messages } from "~/domain/messages";
import { caseStudyPatchInput, caseStudyUpdateInput } from "~/domain/schemas";
import { withKnownChoices } from "~/domain/case-study-choices.server";
import { requireApiAdmin } from "~/server/api/auth.server";
import { readCaseStudyInput, validInputAsync } from "~/server/api/body.server";
import { requireStoredImages, withOwnImagePaths } from "~/server/api/case-study-images.server";
import { ApiError, apiJson } from "~/server/api/responses.server";
import { apiRoute, type ApiHandler } from "~/server/api/route.server";
import { requestOrigin } from "~/server/client-address.server";
import { ports } from "~/server/ports.server";
import { withAbsoluteImage } from "~/server/public-urls.server";
import { caseStudyRefusal } from "~/server/case-study-refusals.server";

const missing = () => new ApiError(404, messages.apiCaseStudyNotFound);

const update: ApiHandler = async ({ request, params }) => {
  const { admin } = await requireApiAdmin(request);
  const id = params.id ?? "";
  // Before reading an upload: a malformed id can never match.
  if (!isObjectId(id)) throw missing();
  const schema = request.method.toUpperCase() === "PATCH" ? caseStudyPatchInput : caseStudyUpdateInput;
  const { image, ...input } = await validInputAsync(
    withKnownChoices(schema),
    withOwnImagePaths(await readCaseStudyInput(request), request),
  );
  await requireStoredImages(input);
  const result = await updateCaseStudy(id, input, image ?? null, { origin: requestOrigin(request, admin, "api"), images: ports.images });
  if (result.ok) return apiJson(withAbsoluteImage(result.value, request));
  if (result.reason === "not-found") throw missing();
  const { status, field, message } = caseStudyRefusal(result.reason, result.field);
  throw new ApiError(status, message, { [field]: [message] });
};

const route = apiRoute({
  GET: async ({ request, params }) => {
    await requireApiAdmin(request);
    const study = await getCaseStudy(params.id ?? "");
    if (!study) throw missing();
    return apiJson(withAbsoluteImage(study, request));
  },
  POST: update,
  PUT: update,
  PATCH: update,
  DELETE: async ({ request, params }) => {
    const { admin } = await requireApiAdmin(request);
    const removed = await deleteCaseStudy(params.id ?? "", { origin: requestOrigin(request, admin, "api"), images: ports.images });
    if (!removed) throw missing();
    return apiJson({ message: messages.caseStudyDeleted });
  },
});

export const loader = route.loader;
export const action = route.action;
