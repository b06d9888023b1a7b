import { leadListFilters } from "~/domain/lead-schemas";
import { LEAD_CSV_COLUMNS } from "~/domain/lead-csv";
import { LEAD_EXPORT_MAX } from "~/domain/leads";
import { z } from "~/domain/zod-openapi";
import { requireApiAdmin } from "~/server/api/api-auth.server";
import { apiRoute, type ApiContract } from "~/server/api/route.server";
import { READ, fail } from "~/server/openapi.server";
import { leadFilterOf } from "./__lead-api.server";
import { leadsCsvResponse } from "./__lead-export.server";

// docs/api.md#leads: the dashboard's export, with the list's filters.
const contract: ApiContract<"GET"> = {
  GET: () => ({
    operationId: "exportLeads",
    tags: ["Leads"],
    summary: "Export leads as CSV",
    description: `The leads GET /api/leads would list, newest first, as one CSV file (at most ${LEAD_EXPORT_MAX.toLocaleString("en-US")} rows: X-Total-Count says how many match). UTF-8 with a byte order mark, RFC 4180 (CRLF, quotes doubled); a cell beginning with =, +, -, @, a tab or a carriage return starts with ' so that no spreadsheet runs it. Columns: ${LEAD_CSV_COLUMNS.join(", ")}.`,
    security: READ,
    request: { query: leadListFilters },
    responses: {
      200: {
        description: "The file, as an attachment named leads-YYYY-MM-DD.csv.",
        headers: z.object({
          "Content-Disposition": z.string().regex(/^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/),
          "X-Total-Count": z
            .number()
            .int()
            .min(0)
            .openapi({ description: "How many leads match the filters (the file holds the newest of them)." }),
        }),
        content: { "text/csv": { schema: z.string().openapi({ description: "One header row, then one row per lead." }) } },
      },
      ...fail(401, 422, 503),
    },
  }),
};

const route = apiRoute(
  {
    GET: async ({ request, url }) => {
      const { admin } = await requireApiAdmin(request, "leads:read");
      return leadsCsvResponse(leadFilterOf(url, admin.id));
    },
  },
  contract,
);

export const loader = route.loader;
export const action = route.action;
