import { toPublicCaseStudy } from "~/domain/case-studies.server";
import { pagedCaseStudies } from "~/server/api/paging.server";
import { publicApiJson } from "~/server/api/responses.server";
import { apiRoute } from "~/server/api/route.server";
import { withAbsoluteImage } from "~/server/public-urls.server";

// docs/api.md#routes
const route = apiRoute({
  GET: async ({ request, url }) => {
    const { items, headers } = await pagedCaseStudies(url, { audience: "public" });
    return publicApiJson(
      items.map((study) => withAbsoluteImage(toPublicCaseStudy(study), request)),
      request,
      { headers },
    );
  },
});

export const loader = route.loader;
export const action = route.action;
