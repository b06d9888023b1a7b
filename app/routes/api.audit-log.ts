import { auditFilterOf, readAuditLogQuery } from "~/domain/audit-log-query.server";
import { listAuditEvents } from "~/domain/audit-log.server";
import { requireApiAdmin } from "~/server/api/api-auth.server";
import { DEFAULT_PER_PAGE, MAX_PER_PAGE, readPaging } from "~/server/api/paging.server";
import { ApiError, apiJson } from "~/server/api/responses.server";
import { apiRoute, type ApiContract } from "~/server/api/route.server";
import { READ, arrayOf, auditFilters, fail, json, paging, ref } from "~/server/openapi.server";
import { z } from "zod";

// docs/api.md#audit-log: read only, as on the dashboard; there is no way to change or remove an entry.
const contract: ApiContract<"GET"> = {
  GET: () => ({
    operationId: "listAuditLog",
    tags: ["Audit log"],
    summary: "List the audit log",
    description: `\`{ data: [...] }\`, newest first, ${DEFAULT_PER_PAGE} a page; \`?page=&per_page=\` (per_page at most ${MAX_PER_PAGE}); a page past the end is empty. X-Total-Count gives how many entries match the filters.`,
    security: READ,
    request: { query: paging.merge(auditFilters) },
    responses: {
      200: {
        description: "The entries.",
        headers: z.object({ "X-Total-Count": z.number().int().min(0).openapi({ description: "How many entries match the filters." }) }),
        content: json({
          type: "object",
          properties: { data: arrayOf(ref("AuditEvent")) },
          required: ["data"],
          additionalProperties: false,
        }),
      },
      ...fail(401, 422, 503),
    },
  }),
};

const route = apiRoute(
  {
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
  },
  contract,
);

export const loader = route.loader;
export const action = route.action;
