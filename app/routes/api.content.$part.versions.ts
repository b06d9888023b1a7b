import { contentSubject, listVersions } from "~/domain/versions.server";
import { requireApiAdmin } from "~/server/api/auth.server";
import { contentPartOf } from "~/server/api/content.server";
import { versionSummaryJson } from "~/server/api/versions.server";
import { DEFAULT_PER_PAGE, readPaging } from "~/server/api/paging.server";
import { apiJson } from "~/server/api/responses.server";
import { apiRoute } from "~/server/api/route.server";

const route = apiRoute({
  GET: async ({ request, params, url }) => {
    await requireApiAdmin(request);
    const part = contentPartOf(params);
    const { page = 1, perPage = DEFAULT_PER_PAGE } = readPaging(url);
    const listed = await listVersions(contentSubject(part), { page, perPage });
    // listVersions answers the last page for one past the end; the API answers it empty, as for case studies.
    const items = listed.page === page ? listed.items : [];
    return apiJson({ data: items.map(versionSummaryJson) }, { headers: { "X-Total-Count": String(listed.total) } });
  },
});

export const loader = route.loader;
export const action = route.action;
