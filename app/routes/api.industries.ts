import { industryInput } from "~/domain/catalogue-schemas";
import { addIndustry, listIndustriesInUse } from "~/domain/industries.server";
import { requireApiAdmin } from "~/server/api/api-auth.server";
import { readInput, validInput } from "~/server/api/body.server";
import { ApiError, apiJson } from "~/server/api/responses.server";
import { apiRoute, type ApiContract } from "~/server/api/route.server";
import { requestOrigin } from "~/server/client-address.server";
import { industryAnswer, industryRefusal } from "./__industry-answers.server";
import { MAX_INDUSTRIES } from "~/domain/constants";
import { READ, WRITE, arrayOf, bodyFor, fail, json, ref, refusedIndustry } from "~/server/openapi.server";
import { messages } from "~/domain/messages";

// docs/api.md#industries
const contract: ApiContract<"GET" | "POST"> = {
  GET: () => ({
    operationId: "listIndustries",
    tags: ["Industries"],
    summary: "List industries",
    description: "Every industry, in order, with how many case studies use it.",
    security: READ,
    responses: { 200: { description: "The industries.", content: json(arrayOf(ref("Industry"))) }, ...fail(401, 503) },
  }),
  POST: () => ({
    operationId: "createIndustry",
    tags: ["Industries"],
    summary: "Add an industry",
    description: "Added last.",
    security: WRITE,
    request: {
      body: bodyFor(industryInput.openapi("IndustryInput", { description: "A new industry." }), "The new industry, as JSON or a form."),
    },
    responses: {
      201: { description: "Added.", content: json(ref("Industry")) },
      ...fail(400, 401, 413, 415, 419, 422),
      409: refusedIndustry(`'${messages.industryNameTaken}' (a name with the same slug), or '${messages.industryTooMany(MAX_INDUSTRIES)}'`),
      ...fail(503),
    },
  }),
};

const route = apiRoute(
  {
    GET: async ({ request }) => {
      await requireApiAdmin(request, "case_studies:read");
      return apiJson((await listIndustriesInUse()).map(industryAnswer));
    },
    POST: async ({ request }) => {
      const { admin } = await requireApiAdmin(request, "case_studies:write");
      const { name } = validInput(industryInput, await readInput(request));
      const result = await addIndustry(name, requestOrigin(request, admin, "api"));
      if (!result.ok) {
        const [message, status] = industryRefusal(result.reason);
        throw new ApiError(status, message, { name: [message] });
      }
      return apiJson(industryAnswer({ ...result.value, caseStudies: 0 }), { status: 201 });
    },
  },
  contract,
);

export const loader = route.loader;
export const action = route.action;
