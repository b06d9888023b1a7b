import { industryChanges } from "~/domain/catalogue-schemas";
import { listIndustriesInUse, placeIndustry, removeIndustry, renameIndustry } from "~/domain/industries.server";
import { isObjectId } from "~/domain/ids";
import { messages } from "~/domain/messages";
import { requireApiAdmin } from "~/server/api/auth.server";
import { readInput, validInput } from "~/server/api/body.server";
import { ApiError, apiJson } from "~/server/api/responses.server";
import { apiRoute } from "~/server/api/route.server";
import { requestOrigin } from "~/server/client-address.server";
import { industryAnswer, industryRefusal } from "~/server/industries.server";

// docs/api.md#industries
const missing = () => new ApiError(404, messages.industryNotFound);

const route = apiRoute({
  PATCH: async ({ request, params }) => {
    const { admin } = await requireApiAdmin(request);
    const id = params.id ?? "";
    if (!isObjectId(id)) throw missing();
    const { name, position } = validInput(industryChanges, await readInput(request));
    const origin = requestOrigin(request, admin, "api");
    if (name !== undefined) {
      const renamed = await renameIndustry(id, name, origin);
      if (!renamed.ok) {
        const [message, status] = industryRefusal(renamed.reason);
        throw status === 404 ? missing() : new ApiError(status, message, { name: [message] });
      }
    }
    if (position !== undefined) {
      const placed = await placeIndustry(id, position, origin);
      if (!placed.ok) throw missing();
    }
    const industry = (await listIndustriesInUse()).find((entry) => entry.id === id);
    if (!industry) throw missing();
    return apiJson(industryAnswer(industry));
  },
  DELETE: async ({ request, params }) => {
    const { admin } = await requireApiAdmin(request);
    const result = await removeIndustry(params.id ?? "", requestOrigin(request, admin, "api"));
    if (result.ok) return apiJson({ message: messages.industryRemoved });
    const [message, status] = industryRefusal(result.reason, "count" in result ? result.count : 0);
    throw new ApiError(status, message);
  },
});

export const loader = route.loader;
export const action = route.action;
