import { getCaseStudy, type CaseStudyVersionData } from "~/domain/case-studies.server";
import { messages } from "~/domain/messages";
import { caseStudySubject, VERSIONS_KEPT } from "~/domain/versions.server";
import { requireApiAdmin } from "~/server/api/api-auth.server";
import { ApiError, apiJson, withAbsoluteImage } from "~/server/api/responses.server";
import { apiRoute, type ApiContract } from "~/server/api/route.server";
import { pagedVersions, versionJson } from "~/server/api/version-answers.server";
import { MAX_PER_PAGE } from "~/server/api/paging.server";
import { READ, caseStudyNotFound, fail, idParams, json, outcomeSchema, paging } from "~/server/openapi.server";
import { CASE_STUDY_STATUSES } from "~/domain/case-study-status";
import { caseStudyShape, objectIdText } from "~/domain/shapes";
import { z } from "~/domain/zod-openapi";

// docs/api.md#history
function versionList() {
  const author = z
    .object({ id: objectIdText, name: z.string(), email: z.string().email() })
    .strict()
    .openapi({ description: "The admin who saved the version." });
  const data = caseStudyShape
    .omit({ id: true, created_at: true, featured_order: true })
    .extend({ outcomes: z.array(outcomeSchema) })
    .openapi({ description: "The case study's fields as this version kept them; `image_url` absolute, as in CaseStudy." });
  const version = z
    .object({
      n: z.number().int().min(1).openapi({ description: "The version's number: 1, 2, 3… per case study." }),
      state: z.enum(CASE_STUDY_STATUSES).openapi({ description: "The case study's status in this version." }),
      action: z.enum(["create", "update", "restore", "seed", "schedule"]).openapi({
        description:
          "What made it: `create`, `update` (any write, PATCH and status changes included), `restore` (see restored_from), `seed` (the entry as it was before its history began, kept at its first change), or `schedule` (a publish or unpublish time came; `author` is who set it).",
      }),
      restored_from: z.number().int().min(1).nullable().openapi({ description: "The version a restore brought back; null otherwise." }),
      author: author.nullable().openapi({ description: "Who saved it; null for `seed`." }),
      created_at: z.string().datetime(),
      data,
    })
    .strict()
    .openapi("CaseStudyVersion", { description: `One kept version of a case study. The last ${VERSIONS_KEPT} are kept.` });
  return z
    .object({ data: z.array(version) })
    .strict()
    .openapi("CaseStudyVersionList", { description: "A case study's kept versions, newest first." });
}

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
        content: json(versionList()),
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
      await requireApiAdmin(request, "case_studies:read");
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
