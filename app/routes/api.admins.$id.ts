import { deleteAdmin, getAdminById } from "~/domain/admins.server";
import { messages, removalRefusal } from "~/domain/messages";
import { requireApiAdmin } from "~/server/api/api-auth.server";
import { ApiError, apiJson } from "~/server/api/responses.server";
import { apiRoute, type ApiContract } from "~/server/api/route.server";
import { requestOrigin } from "~/server/client-address.server";
import { READ, WRITE, adminNotFound, fail, idParams, json, message, ref } from "~/server/openapi.server";

const contract: ApiContract<"GET" | "DELETE"> = {
  GET: () => ({
    operationId: "getAdmin",
    tags: ["Admins"],
    summary: "Get an admin",
    security: READ,
    request: { params: idParams("admin") },
    responses: { 200: { description: "The admin.", content: json(ref("Admin")) }, ...fail(401), 404: adminNotFound, ...fail(503) },
  }),
  DELETE: () => ({
    operationId: "deleteAdmin",
    tags: ["Admins"],
    summary: "Delete an admin",
    description: "Deletes the admin and revokes its tokens. Refused for oneself and for the last admin.",
    security: WRITE,
    request: { params: idParams("admin") },
    responses: {
      200: {
        description: "Deleted.",
        content: json(message(messages.adminDeleted).openapi("AdminDeleted", { description: "The admin is gone." })),
      },
      ...fail(401),
      404: adminNotFound,
      409: {
        description: "Refused: one cannot delete oneself, nor the last admin.",
        content: json(
          message(messages.cannotDeleteSelf, messages.cannotDeleteLastAdmin).openapi("AdminRemovalRefused", {
            description: "Deleting oneself, or the last admin, is refused.",
          }),
        ),
      },
      ...fail(419, 503),
    },
  }),
};

const route = apiRoute(
  {
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
  },
  contract,
);

export const loader = route.loader;
export const action = route.action;
