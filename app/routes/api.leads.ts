import { listLeadRecords } from "~/domain/contact-messages.server";
import { leadListFilters } from "~/domain/lead-schemas";
import { toLeadJson } from "~/domain/lead-json";
import { z } from "~/domain/zod-openapi";
import { requireApiAdmin } from "~/server/api/api-auth.server";
import { DEFAULT_PER_PAGE, MAX_PER_PAGE, readPaging } from "~/server/api/paging.server";
import { apiJson } from "~/server/api/responses.server";
import { apiRoute, type ApiContract } from "~/server/api/route.server";
import { READ, fail, json, leadSchema, paging } from "~/server/openapi.server";
import { leadFilterOf } from "./__lead-api.server";

// docs/api.md#leads
const contract: ApiContract<"GET"> = {
  GET: () => ({
    operationId: "listLeads",
    tags: ["Leads"],
    summary: "List leads",
    description: `\`{ data: [...] }\`, newest first, ${DEFAULT_PER_PAGE} a page; \`?page=&per_page=\` (per_page at most ${MAX_PER_PAGE}); a page past the end is empty. Without \`status\`, every lead but spam. X-Total-Count gives how many leads match the filters.`,
    security: READ,
    request: { query: paging.merge(leadListFilters) },
    responses: {
      200: {
        description: "The leads.",
        headers: z.object({ "X-Total-Count": z.number().int().min(0).openapi({ description: "How many leads match the filters." }) }),
        content: json(z.object({ data: z.array(leadSchema) }).strict()),
      },
      ...fail(401, 422, 503),
    },
  }),
};

const route = apiRoute(
  {
    GET: async ({ request, url }) => {
      const { admin } = await requireApiAdmin(request, "leads:read");
      const { page = 1, perPage = DEFAULT_PER_PAGE } = readPaging(url);
      const filter = leadFilterOf(url, admin.id);
      const listed = await listLeadRecords(filter, { page, perPage });
      // listLeads answers the last page for one past the end; the API answers it empty, as its other lists do.
      const items = listed.page === page ? listed.items : [];
      return apiJson({ data: items.map(toLeadJson) }, { headers: { "X-Total-Count": String(listed.total) } });
    },
  },
  contract,
);

export const loader = route.loader;
export const action = route.action;
