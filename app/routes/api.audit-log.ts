import { auditFilterOf, readAuditLogQuery } from "~/domain/audit-log-query.server";
import { listAuditEvents } from "~/domain/audit-log.server";
import { requireApiAdmin } from "~/server/api/auth.server";
import { DEFAULT_PER_PAGE, readPaging } from "~/server/api/paging.server";
import { ApiError, apiJson } from "~/server/api/responses.server";
import { apiRoute } from "~/server/api/route.server";

// docs/api.md#audit-log: read only, as on the dashboard; there is no way to change or remove an entry.
const route = apiRoute({
  GET: async ({ request, url }) => {
    await requireApiAdmin(request);
    const { page = 1, perPage = DEFAULT_PER_PAGE } = readPaging(url);
    const query = readAuditLogQuery(url.searchParams);
    if (!query.ok) throw new ApiError(422, Object.values(query.errors).flat()[0]!, query.errors);
    const listed = await listAuditEvents(auditFilterOf(query.value), { page, perPage });
    // listAuditEvents answers the last page for one past the end; the API answers it empty, as its other lists do.
    const items = listed.page === page ? listed.items : [];
    return apiJson({ data: items }, { headers: { "X-Total-Count": String(listed.total) } });
  },
});

export const loader = route.loader;
export const action = route.action;
