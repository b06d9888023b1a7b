import { industryInput } from "~/domain/catalogue-schemas";
import { addIndustry, listIndustriesInUse } from "~/domain/industries.server";
import { requireApiAdmin } from "~/server/api/auth.server";
import { readInput, validInput } from "~/server/api/body.server";
import { ApiError, apiJson } from "~/server/api/responses.server";
import { apiRoute } from "~/server/api/route.server";
import { requestOrigin } from "~/server/client-address.server";
import { industryAnswer, industryRefusal } from "~/server/industries.server";

// docs/api.md#industries
const route = apiRoute({
  GET: async ({ request }) => {
    await requireApiAdmin(request);
    return apiJson((await listIndustriesInUse()).map(industryAnswer));
  },
  POST: async ({ request }) => {
    const { admin } = await requireApiAdmin(request);
    const { name } = validInput(industryInput, await readInput(request));
    const result = await addIndustry(name, requestOrigin(request, admin, "api"));
    if (!result.ok) {
      const [message, status] = industryRefusal(result.reason);
      throw new ApiError(status, message, { name: [message] });
    }
    return apiJson(industryAnswer({ ...result.value, caseStudies: 0 }), { status: 201 });
  },
});

export const loader = route.loader;
export const action = route.action;
