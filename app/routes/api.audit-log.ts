import { NO_ADMIN, auditFilterOf, readAuditLogQuery } from "~/domain/audit-log-query.server";
import { AUDIT_ACTIONS, listAuditEvents, type AuditAction } from "~/domain/audit-log.server";
import { objectIdText } from "~/domain/shapes";
import { z } from "~/domain/zod-openapi";
import { requireApiAdmin } from "~/server/api/api-auth.server";
import { DEFAULT_PER_PAGE, MAX_PER_PAGE, readPaging } from "~/server/api/paging.server";
import { ApiError, apiJson } from "~/server/api/responses.server";
import { apiRoute, type ApiContract } from "~/server/api/route.server";
import { READ, fail, json, paging } from "~/server/openapi.server";

// docs/api.md#audit-log: read only, as on the dashboard; there is no way to change or remove an entry.

const auditEvent = () =>
  z
    .object({
      id: objectIdText,
      at: z.string().datetime().openapi({ description: "When it happened (UTC)." }),
      action: z.string().openapi({
        description: `What happened: one of ${Object.keys(AUDIT_ACTIONS)
          .map((key) => `\`${key}\``)
          .join(", ")}.`,
      }),
      label: z.string().openapi({ description: "The action as the dashboard's audit log names it." }),
      actor: z
        .object({
          id: objectIdText.nullable().openapi({ description: "The admin's id; null when no admin acted." }),
          name: z.string().openapi({ description: "`Name <email>` as the admin was named then; empty when no admin acted." }),
        })
        .strict(),
      email: z
        .string()
        .openapi({ description: "The email a sign-in or reset was for, lowercased; the admin's own otherwise; empty when none." }),
      target: z.object({ type: z.string(), id: z.string(), label: z.string().nullable() }).strict().nullable().openapi({
        description: "What it was done to (a case study, an admin, a session…), named as it was then; null when nothing in particular.",
      }),
      address: z.string().openapi({
        description: "The client's address through TRUST_PROXY, `direct` without a proxy, `server` for the schedule and scripts.",
      }),
      user_agent: z.string().openapi({ description: "The client's User-Agent, at most 300 characters." }),
      details: z.record(z.unknown()).openapi({ description: "What else the action records (counts, a file name, a schedule)." }),
    })
    .strict()
    .openapi("AuditEvent", { description: "One entry of the audit log. Entries are kept one year." });

function auditFilters() {
  const day = z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional();
  return z.object({
    actor: z
      .string()
      .regex(new RegExp(`^(?:${NO_ADMIN}|[0-9a-fA-F]{24})$`))
      .optional()
      .openapi({
        param: {
          description: `Only the entries of this admin (their id), or \`${NO_ADMIN}\` for those no admin made: failed sign-ins, the schedule, the command line.`,
        },
      }),
    action: z
      .enum(Object.keys(AUDIT_ACTIONS) as [AuditAction, ...AuditAction[]])
      .optional()
      .openapi({ param: { description: "Only the entries of this action." } }),
    from: day.openapi({ param: { description: "Only the entries from this day on (YYYY-MM-DD, UTC)." } }),
    to: day.openapi({ param: { description: "Only the entries up to this day, included (YYYY-MM-DD, UTC; not before `from`)." } }),
  });
}
const contract: ApiContract<"GET"> = {
  GET: () => ({
    operationId: "listAuditLog",
    tags: ["Audit log"],
    summary: "List the audit log",
    description: `\`{ data: [...] }\`, newest first, ${DEFAULT_PER_PAGE} a page; \`?page=&per_page=\` (per_page at most ${MAX_PER_PAGE}); a page past the end is empty. X-Total-Count gives how many entries match the filters.`,
    security: READ,
    request: { query: paging.merge(auditFilters()) },
    responses: {
      200: {
        description: "The entries.",
        headers: z.object({ "X-Total-Count": z.number().int().min(0).openapi({ description: "How many entries match the filters." }) }),
        content: json(z.object({ data: z.array(auditEvent()) }).strict()),
      },
      ...fail(401, 422, 503),
    },
  }),
};

const route = apiRoute(
  {
    GET: async ({ request, url }) => {
      await requireApiAdmin(request, "audit:read");
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
