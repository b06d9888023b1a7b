import { deleteAdmin, getAdminById } from "~/domain/admins.server";
import { messages, removalRefusal } from "~/domain/messages";
import { requireApiAdmin } from "~/server/api/auth.server";
import { ApiError, apiJson } from "~/server/api/responses.server";
import { apiRoute } from "~/server/api/route.server";
import { requestOrigin } from "~/server/client-address.server";

const route = apiRoute({
  GET: async ({ request, params }) => {
    await requireApiAdmin(request);
    const admin = await getAdminById(params.id ?? "");
    if (!admin) throw new ApiError(404, messages.adminNotFound);
    return apiJson(admin);
  },
  DELETE: async ({ request, params }) => {
    const { admin } = await requireApiAdmin(request);
    const outcome = await deleteAdmin(params.id ?? "", requestOrigin(request, admin, "api"));
    if (outcome === "deleted") return apiJson({ message: messages.adminDeleted });
    throw new ApiError(outcome === "not-found" ? 404 : 409, removalRefusal[outcome]);
  },
});

export const loader = route.loader;
export const action = route.action;
