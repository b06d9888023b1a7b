import { createCaseStudy, withKnownChoices } from "~/domain/case-studies.server";
import { caseStudyCreateInput } from "~/domain/schemas";
import { z } from "~/domain/zod-openapi";
import { requireApiAdmin } from "~/server/api/api-auth.server";
import { readCaseStudyInput, validInputAsync } from "~/server/api/body.server";
import { requireStoredImages, withOwnImagePaths } from "./__case-study-api.server";
import { pagedCaseStudies } from "~/server/api/paging.server";
import { ApiError, apiJson, withAbsoluteImage } from "~/server/api/responses.server";
import { apiRoute, type ApiContract } from "~/server/api/route.server";
import { requestOrigin } from "~/server/client-address.server";
import { ports } from "~/server/ports.server";
import { caseStudyRefusal } from "./__case-study-refusals.server";
import {
  READ,
  WRITE,
  bodyFor,
  caseStudySchema,
  fail,
  json,
  paging,
  pagingNote,
  portfolioFilter,
  ref,
  statusFilter,
  totalCount,
} from "~/server/openapi.server";

const caseStudyList = () =>
  z
    .object({ data: z.array(caseStudySchema) })
    .strict()
    .openapi("CaseStudyList", { description: "Case studies, newest first." });

const contract: ApiContract<"GET" | "POST"> = {
  GET: () => ({
    operationId: "listCaseStudies",
    tags: ["Case studies"],
    summary: "List case studies",
    description: `\`{ data: [...] }\`, newest first, drafts included; \`?status=draft\` or \`?status=published\` keeps one status (anything else is 422). ${pagingNote}`,
    security: READ,
    request: { query: paging.merge(statusFilter).merge(portfolioFilter) },
    responses: {
      200: { description: "The case studies (of the status asked for).", headers: totalCount, content: json(caseStudyList()) },
      ...fail(401, 422, 503),
    },
  }),
  POST: () => ({
    operationId: "createCaseStudy",
    tags: ["Case studies"],
    summary: "Create a case study",
    description:
      "Every field and the image are checked together (one answer lists every problem); nothing is stored on failure. Without `status` the entry is published; a draft is seen only through the authenticated routes (and, by a signed-in admin, on its page).",
    security: WRITE,
    request: {
      body: bodyFor(ref("CaseStudyForm"), "The case study and its image, with the multipart field names below.", ["multipart/form-data"]),
    },
    responses: {
      201: { description: "Created.", content: json(ref("CaseStudy")) },
      ...fail(400, 401, 413, 415, 419, 422, 503),
    },
  }),
};

const route = apiRoute(
  {
    GET: async ({ request, url }) => {
      await requireApiAdmin(request, "case_studies:read");
      const { items, headers } = await pagedCaseStudies(url, { audience: "admin" });
      return apiJson({ data: items.map((study) => withAbsoluteImage(study, request)) }, { headers });
    },
    POST: async ({ request }) => {
      const { admin } = await requireApiAdmin(request, "case_studies:write");
      const { image, ...input } = await validInputAsync(
        withKnownChoices(caseStudyCreateInput),
        withOwnImagePaths(await readCaseStudyInput(request), request),
      );
      await requireStoredImages(input);
      const result = await createCaseStudy(input, image, { origin: requestOrigin(request, admin, "api"), images: ports.images });
      if (!result.ok) {
        const { status, field, message } = caseStudyRefusal(result.reason, result.field);
        throw new ApiError(status, message, { [field]: [message] });
      }
      return apiJson(withAbsoluteImage(result.value, request), { status: 201 });
    },
  },
  contract,
);

export const loader = route.loader;
export const action = route.action;
