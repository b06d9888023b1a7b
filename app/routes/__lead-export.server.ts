import { countLeads, leadRecordBatches, type LeadFilter, type LeadRecord } from "~/domain/contact-messages.server";
import { CSV_BOM, csvLine } from "~/domain/csv";
import { LEAD_CSV_COLUMNS, leadCsvCells, leadsCsvFileName } from "~/domain/lead-csv";
import { toLeadJson } from "~/domain/lead-json";
import { LEAD_EXPORT_BATCH, LEAD_EXPORT_MAX } from "~/domain/leads";

// The inbox's CSV export (docs/behaviour.md#leads), for the dashboard and GET /api/leads.csv: streamed a batch at a
// time, so a large inbox is never held in memory whole.

const rows = (leads: LeadRecord[]) => leads.map((lead) => csvLine(leadCsvCells(toLeadJson(lead)))).join("");

/** The first batch is read before answering, so a database that is away is a 503, not a cut-off file. */
export async function leadsCsvResponse(filter: LeadFilter, now = new Date()): Promise<Response> {
  const batches = leadRecordBatches(filter, { size: LEAD_EXPORT_BATCH, max: LEAD_EXPORT_MAX });
  const [first, total] = await Promise.all([batches.next(), countLeads(filter)]);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(CSV_BOM + csvLine(LEAD_CSV_COLUMNS) + (first.done ? "" : rows(first.value))));
      if (first.done) controller.close();
    },
    async pull(controller) {
      const next = await batches.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(rows(next.value)));
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${leadsCsvFileName(now)}"`,
      "Cache-Control": "no-store",
      "X-Total-Count": String(total),
    },
  });
}
