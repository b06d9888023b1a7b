import { findCaseStudyByAddress, toPublicCaseStudy } from "~/domain/case-studies.server";
import { messages } from "~/domain/messages";
import { requireDb } from "~/server/db.server";
import { ApiError, publicApiJson } from "~/server/api/responses.server";
import { apiRoute } from "~/server/api/route.server";
import { MOVED_PERMANENTLY_CACHE } from "~/server/http-cache.server";
import { withAbsoluteImage } from "~/server/public-urls.server";

// docs/api.md#routes: a published case study by its address; a former slug or the id answers 301 to the current slug.
const route = apiRoute({
  GET: async ({ request, params, url }) => {
    await requireDb();
    const found = await findCaseStudyByAddress(params.slug ?? "");
    // A draft is as unknown here as an address nobody ever had.
    if (!found || found.study.status === "draft") throw new ApiError(404, messages.apiCaseStudyNotFound);
    const { study, current } = found;
    if (!current) {
      const location = `/api/public/case-studies/${study.slug}${url.search}`;
      return new Response(null, { status: 301, headers: { Location: location, "Cache-Control": MOVED_PERMANENTLY_CACHE } });
    }
    return publicApiJson(withAbsoluteImage(toPublicCaseStudy(study), request), request);
  },
});

export const loader = route.loader;
export const action = route.action;
