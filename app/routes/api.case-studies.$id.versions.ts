import { getCaseStudy, type CaseStudyVersionData } from "~/domain/case-studies.server";
import { messages } from "~/domain/messages";
import { caseStudySubject } from "~/domain/versions.server";
import { requireApiAdmin } from "~/server/api/auth.server";
import { ApiError, apiJson } from "~/server/api/responses.server";
import { apiRoute } from "~/server/api/route.server";
import { pagedVersions, versionJson } from "~/server/api/versions.server";
import { withAbsoluteImage } from "~/server/public-urls.server";

const route = apiRoute({
  GET: async ({ request, params, url }) => {
    await requireApiAdmin(request);
    const study = await getCaseStudy(params.id ?? "");
    if (!study) throw new ApiError(404, messages.apiCaseStudyNotFound);
    const { items, headers } = await pagedVersions<CaseStudyVersionData>(url, caseStudySubject(study.id));
    const data = items.map((version) => versionJson({ ...version, data: withAbsoluteImage(version.data, request) }));
    return apiJson({ data }, { headers });
  },
});

export const loader = route.loader;
export const action = route.action;
