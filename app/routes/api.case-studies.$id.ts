import { deleteCaseStudy, getCaseStudy, updateCaseStudy, withKnownChoices } from "~/domain/case-studies.server";
import { isObjectId } from "~/domain/shared";
import { messages } from "~/domain/messages";
import { caseStudyPatchInput, caseStudyUpdateInput } from "~/domain/schemas";
import { requireApiAdmin } from "~/server/api/api-auth.server";
import { readCaseStudyInput, validInputAsync } from "~/server/api/body.server";
import { requireStoredImages, withOwnImagePaths } from "./__case-study-api.server";
import { ApiError, apiJson, withAbsoluteImage } from "~/server/api/responses.server";
import { apiRoute, type ApiHandler, type ApiContract } from "~/server/api/route.server";
import { requestOrigin } from "~/server/client-address.server";
import { ports } from "~/server/ports.server";
import { caseStudyRefusal } from "./__case-study-refusals.server";
import { type ApiOperation, READ, WRITE, caseStudyNotFound, fail, idParams, json, message, ref } from "~/server/openapi.server";

const missing = () => new ApiError(404, messages.apiCaseStudyNotFound);

const update: ApiHandler = async ({ request, params }) => {
  const { admin } = await requireApiAdmin(request, "case_studies:write");
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

const whole = {
  description:
    "POST and PUT replace the entry: every field is sent again (the same rules as creating); without an image the current one stays; a replaced image's files stay while a kept version shows it (GET …/versions). `status` and `image_alt` left out keep their current values.",
  body: "The case study's fields (multipart as when creating, a form without an image, or JSON).",
  form: "CaseStudyUpdateForm",
  json: "CaseStudyInput",
};
const partial = {
  description:
    'Changes only the fields sent (each checked by the same rule as creating), an image alone included; the others stay. A replaced image\'s files stay while a kept version shows it. `{"status": "published"}` publishes a draft.',
  body: "Some of the case study's fields, an image, or both.",
  form: "CaseStudyChangesForm",
  json: "CaseStudyChanges",
};
const updateContract = (kind: typeof whole, operationId: string, summary: string) => (): ApiOperation => ({
  operationId,
  tags: ["Case studies"],
  summary,
  description: kind.description,
  security: WRITE,
  request: {
    params: idParams("case study"),
    body: {
      description: kind.body,
      required: true,
      content: {
        "multipart/form-data": { schema: ref(kind.form) },
        "application/x-www-form-urlencoded": { schema: ref(kind.form) },
        "application/json": { schema: ref(kind.json) },
      },
    },
  },
  responses: {
    200: { description: "Updated.", content: json(ref("CaseStudy")) },
    ...fail(400, 401),
    404: caseStudyNotFound,
    ...fail(413, 415, 419, 422, 503),
  },
});

const contract: ApiContract<"GET" | "POST" | "PUT" | "PATCH" | "DELETE"> = {
  POST: updateContract(whole, "updateCaseStudy", "Update a case study (POST, as the original API's clients do)"),
  PUT: updateContract(whole, "replaceCaseStudy", "Update a case study (PUT)"),
  PATCH: updateContract(partial, "patchCaseStudy", "Change some fields of a case study (PATCH)"),
  GET: () => ({
    operationId: "getCaseStudy",
    tags: ["Case studies"],
    summary: "Get a case study",
    security: READ,
    request: { params: idParams("case study") },
    responses: {
      200: { description: "The case study.", content: json(ref("CaseStudy")) },
      ...fail(401),
      404: caseStudyNotFound,
      ...fail(503),
    },
  }),
  DELETE: () => ({
    operationId: "deleteCaseStudy",
    tags: ["Case studies"],
    summary: "Delete a case study",
    description: "Deletes the case study, its versions and the image files only they used.",
    security: WRITE,
    request: { params: idParams("case study") },
    responses: {
      200: {
        description: "Deleted.",
        content: json(message(messages.caseStudyDeleted).openapi("CaseStudyDeleted", { description: "The case study is gone." })),
      },
      ...fail(401),
      404: caseStudyNotFound,
      ...fail(419, 503),
    },
  }),
};

const route = apiRoute(
  {
    GET: async ({ request, params }) => {
      await requireApiAdmin(request, "case_studies:read");
      const study = await getCaseStudy(params.id ?? "");
      if (!study) throw missing();
      return apiJson(withAbsoluteImage(study, request));
    },
    POST: update,
    PUT: update,
    PATCH: update,
    DELETE: async ({ request, params }) => {
      const { admin } = await requireApiAdmin(request, "case_studies:write");
      const removed = await deleteCaseStudy(params.id ?? "", { origin: requestOrigin(request, admin, "api"), images: ports.images });
      if (!removed) throw missing();
      return apiJson({ message: messages.caseStudyDeleted });
    },
  },
  contract,
);

export const loader = route.loader;
export const action = route.action;
