import { recentRefusals } from "~/domain/roles.server";
import { objectIdText } from "~/domain/shapes";
import { z } from "~/domain/zod-openapi";
import { requireApiAdmin } from "~/server/api/api-auth.server";
import { apiJson } from "~/server/api/responses.server";
import { apiRoute, type ApiContract } from "~/server/api/route.server";
import { READ, fail, json } from "~/server/openapi.server";

// docs/api.md#audit-log: the attempts a role refused, counted per admin, permission and day rather than logged one by one.

const REFUSALS_DAYS = 30;

const refusal = () =>
  z
    .object({
      admin: z
        .object({ id: objectIdText, name: z.string(), email: z.string() })
        .strict()
        .nullable()
        .openapi({ description: "Who was refused; null when the admin has since been deleted." }),
      permission: z.string().openapi({ description: "The permission their role lacked, e.g. `leads:read`." }),
      count: z
        .number()
        .int()
        .min(1)
        .openapi({ description: `How many attempts were refused in the last ${REFUSALS_DAYS} days.` }),
      last_day: z.string().openapi({ description: "The last day (YYYY-MM-DD, UTC) with a refusal." }),
    })
    .strict()
    .openapi("Refusal", { description: "Refused attempts of one admin for one permission." });

const contract: ApiContract<"GET"> = {
  GET: () => ({
    operationId: "listRefusals",
    tags: ["Audit log"],
    summary: "Count the refused attempts",
    description: `\`{ days: ${REFUSALS_DAYS}, data: [...] }\`: the attempts refused for lack of a permission in the last ${REFUSALS_DAYS} days (UTC, today included), per admin and permission, most first. Counted per admin, permission and day; kept 90 days.`,
    security: READ,
    responses: {
      200: {
        description: "The counts.",
        content: json(z.object({ days: z.literal(REFUSALS_DAYS), data: z.array(refusal()) }).strict()),
      },
      ...fail(401, 503),
    },
  }),
};

const route = apiRoute(
  {
    GET: async ({ request }) => {
      await requireApiAdmin(request, "audit:read");
      return apiJson({ days: REFUSALS_DAYS, data: await recentRefusals(new Date(), REFUSALS_DAYS) });
    },
  },
  contract,
);

export const loader = route.loader;
export const action = route.action;
