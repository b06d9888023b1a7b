import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePermission } from "~/server/auth.server";
import { withSecurityHeadersOn } from "~/server/security-headers.server";
import { dayOf, readFilters } from "./__inbox-filters";
import { leadsCsvResponse } from "./__lead-export.server";

// docs/behaviour.md#leads: the inbox as filtered, as a CSV file. A resource route (a plain GET, JavaScript or not),
// outside the dashboard's frame; the wrapper gives it the headers and the database's 503 that pages get.
export const loader = withSecurityHeadersOn(async ({ request, context }: LoaderFunctionArgs) => {
  const admin = await requirePermission(request, "leads:read", context);
  const filters = readFilters(new URL(request.url).searchParams);
  return leadsCsvResponse({ ...filters, adminId: admin.id, from: dayOf(filters.from), to: dayOf(filters.to) });
});
