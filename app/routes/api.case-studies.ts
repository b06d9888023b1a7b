import { createCaseStudy } from "~/domain/case-studies.server";
import { requireApiAdmin } from "~/server/api/auth.server";
import { readCaseStudyInput } from "~/server/api/body.server";
import { pagedCaseStudies } from "~/server/api/paging.server";
import { apiFailure, apiJson } from "~/server/api/responses.server";
import { apiRoute } from "~/server/api/route.server";
import { uploadedImages } from "~/server/uploads.server";

/**
 * GET /api/case-studies (auth) → `{ data: [...] }`, drafts included (`?status=draft|published` keeps one
 * status), paged like the public list.
 * POST /api/case-studies (auth; multipart with the API's field names, docs/api.md#routes) → 201 with the entry; 422/413/415 with
 * `{ message, errors }` under the dashboard's rules (same domain code, no file left on failure).
 */
const route = apiRoute({
  GET: async ({ request, url }) => {
    await requireApiAdmin(request);
    const { items, headers } = await pagedCaseStudies(url, { audience: "admin" });
    return apiJson({ data: items }, { headers });
  },
  POST: async ({ request }) => {
    await requireApiAdmin(request);
    const { fields, image } = await readCaseStudyInput(request);
    const result = await createCaseStudy(fields, image, uploadedImages);
    if (!result.ok) return apiFailure(result.status ?? 422, result.message, result.errors);
    return apiJson(result.value, { status: 201 });
  },
});

export const loader = route.loader;
export const action = route.action;
