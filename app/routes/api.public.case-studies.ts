import { toPublicCaseStudy } from "~/domain/case-studies.server";
import { pagedCaseStudies } from "~/server/api/paging.server";
import { apiJson } from "~/server/api/responses.server";
import { apiRoute } from "~/server/api/route.server";
import { withCachePolicy } from "~/server/http-cache.server";
import { withAbsoluteImage } from "~/server/public-urls.server";

// docs/api.md#routes
const route = apiRoute({
  GET: async ({ request, url }) => {
    const { items, headers } = await pagedCaseStudies(url, { audience: "public" });
    const response = apiJson(
      items.map((study) => withAbsoluteImage(toPublicCaseStudy(study), request)),
      { headers },
    );
    response.headers.delete("Cache-Control");
    return withCachePolicy(request, response);
  },
});

export const loader = route.loader;
export const action = route.action;
