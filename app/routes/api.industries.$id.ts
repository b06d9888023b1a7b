import { industryChanges } from "~/domain/catalogue-schemas";
import { listIndustriesInUse, placeIndustry, removeIndustry, renameIndustry } from "~/domain/industries.server";
import { isObjectId } from "~/domain/shared";
import { messages } from "~/domain/messages";
import { requireApiAdmin } from "~/server/api/api-auth.server";
import { readInput, validInput } from "~/server/api/body.server";
import { ApiError, apiJson } from "~/server/api/responses.server";
import { apiRoute, type ApiContract } from "~/server/api/route.server";
import { requestOrigin } from "~/server/client-address.server";
import { industryAnswer, industryRefusal } from "./__industry-answers.server";
import { WRITE, bodyFor, fail, idParams, industryNotFound, json, message, ref, refusedIndustry } from "~/server/openapi.server";

// docs/api.md#industries
const missing = () => new ApiError(404, messages.industryNotFound);

const contract: ApiContract<"PATCH" | "DELETE"> = {
  PATCH: () => ({
    operationId: "updateIndustry",
    tags: ["Industries"],
    summary: "Rename or move an industry",
    description: "Renaming renames it on every case study that uses it; a position moves it there, the others following in order.",
    security: WRITE,
    request: {
      params: idParams("industry"),
      body: bodyFor(
        industryChanges.openapi("IndustryChanges", {
          minProperties: 1,
          description: "A new name (every case study using the industry gets it), a new place, or both.",
        }),
        "The changes, as JSON or a form.",
      ),
    },
    responses: {
      200: { description: "Changed.", content: json(ref("Industry")) },
      ...fail(400, 401),
      404: industryNotFound,
      409: refusedIndustry(`'${messages.industryNameTaken}'`),
      ...fail(413, 415, 419, 422, 503),
    },
  }),
  DELETE: () => ({
    operationId: "deleteIndustry",
    tags: ["Industries"],
    summary: "Remove an industry",
    description: "Refused while a case study (a draft too) uses it.",
    security: WRITE,
    request: { params: idParams("industry") },
    responses: {
      200: { description: "Removed.", content: json(message(messages.industryRemoved)) },
      ...fail(401),
      404: industryNotFound,
      409: refusedIndustry(`In use: '${messages.industryInUse(2)}' (with the number)`),
      ...fail(419, 503),
    },
  }),
};

const route = apiRoute(
  {
    PATCH: async ({ request, params }) => {
      const { admin } = await requireApiAdmin(request, "case_studies:write");
      const id = params.id ?? "";
      if (!isObjectId(id)) throw missing();
      const { name, position } = validInput(industryChanges, await readInput(request));
      const origin = requestOrigin(request, admin, "api");
      if (name !== undefined) {
        const renamed = await renameIndustry(id, name, origin);
        if (!renamed.ok) {
          const [message, status] = industryRefusal(renamed.reason);
          throw status === 404 ? missing() : new ApiError(status, message, { name: [message] });
        }
      }
      if (position !== undefined) {
        const placed = await placeIndustry(id, position, origin);
        if (!placed.ok) throw missing();
      }
      const industry = (await listIndustriesInUse()).find((entry) => entry.id === id);
      if (!industry) throw missing();
      return apiJson(industryAnswer(industry));
    },
    DELETE: async ({ request, params }) => {
      const { admin } = await requireApiAdmin(request, "case_studies:write");
      const result = await removeIndustry(params.id ?? "", requestOrigin(request, admin, "api"));
      if (result.ok) return apiJson({ message: messages.industryRemoved });
      const [message, status] = industryRefusal(result.reason, "count" in result ? result.count : 0);
      throw new ApiError(status, message);
    },
  },
  contract,
);

export const loader = route.loader;
export const action = route.action;
