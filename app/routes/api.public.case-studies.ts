import { toPublicCaseStudy } from "~/domain/case-studies.server";
import { pagedCaseStudies } from "~/server/api/paging.server";
import { apiJson } from "~/server/api/responses.server";
import { apiRoute } from "~/server/api/route.server";
import { withCachePolicy } from "~/server/http-cache.server";

/**
 * GET /api/public/case-studies (no auth) → a plain array of the published case studies (drafts never, and no
 * `status` field: docs/api.md#routes), newest first; all by default, or one page with
 * `?page=&per_page=` (per_page at most 100). X-Total-Count carries the total. Cacheable like a public
 * page: a CDN may keep it for a minute, and a matching If-None-Match gets a 304.
 */
const route = apiRoute({
  GET: async ({ request, url }) => {
    const { items, headers } = await pagedCaseStudies(url, { audience: "public" });
    const response = apiJson(items.map(toPublicCaseStudy), { headers });
    response.headers.delete("Cache-Control");
    return withCachePolicy(request, response);
  },
});

export const loader = route.loader;
export const action = route.action;
