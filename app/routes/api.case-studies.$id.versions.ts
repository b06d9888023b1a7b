import { getCaseStudy, type CaseStudyVersionData } from "~/domain/case-studies.server";
import { messages } from "~/domain/messages";
import { caseStudySubject, VERSIONS_KEPT } from "~/domain/versions.server";
import { requireApiAdmin } from "~/server/api/api-auth.server";
import { ApiError, apiJson, withAbsoluteImage } from "~/server/api/responses.server";
import { apiRoute, type ApiContract } from "~/server/api/route.server";
import { pagedVersions, versionJson } from "~/server/api/version-answers.server";
import { MAX_PER_PAGE } from "~/server/api/paging.server";
import { READ, caseStudyNotFound, fail, idParams, json, paging, ref } from "~/server/openapi.server";
import { z } from "zod";

const contract: ApiContract<"GET"> = {
  GET: () => ({
    operationId: "listCaseStudyVersions",
    tags: ["Case studies"],
    summary: "List a case study's versions",
    description: `\`{ data: [...] }\`, newest first: every save of the case study is a version (who, when, its fields), the last ${VERSIONS_KEPT} kept. All of them by default; \`?page=&per_page=\` (per_page at most ${MAX_PER_PAGE}) answers one page. X-Total-Count gives the total either way.`,
    security: READ,
    request: { params: idParams("case study"), query: paging },
    responses: {
      200: {
        description: "The versions.",
        headers: z.object({ "X-Total-Count": z.number().int().min(0).openapi({ description: "How many versions are kept." }) }),
        content: json(ref("CaseStudyVersionList")),
      },
      ...fail(401),
      404: caseStudyNotFound,
      ...fail(422, 503),
    },
  }),
};

const route = apiRoute(
  {
    GET: async ({ request, params, url }) => {
      await requireApiAdmin(request);
      const study = await getCaseStudy(params.id ?? "");
      if (!study) throw new ApiError(404, messages.apiCaseStudyNotFound);
      const { items, headers } = await pagedVersions<CaseStudyVersionData>(url, caseStudySubject(study.id));
      const data = items.map((version) => versionJson({ ...version, data: withAbsoluteImage(version.data, request) }));
      return apiJson({ data }, { headers });
    },
  },
  contract,
);

export const loader = route.loader;
export const action = route.action;
