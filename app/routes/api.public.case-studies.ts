import { apiJson, apiRoute, pagedCaseStudies } from "~/server/api.server";

/**
 * GET /api/public/case-studies (no auth) → a plain array, newest first; all by default, or one page with
 * `?page=&per_page=` (per_page at most 100). X-Total-Count carries the total.
 */
const route = apiRoute({
  GET: async ({ url }) => {
    const { items, headers } = await pagedCaseStudies(url);
    return apiJson(items, { headers });
  },
});

export const loader = route.loader;
export const action = route.action;
